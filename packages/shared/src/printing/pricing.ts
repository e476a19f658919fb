import { COLOR_PAGE_MULTIPLIER } from '../constants';

export type TPagesPerSheet = 1 | 2 | 4;

export interface TPriceSettings {
  isGrayscale: boolean;
  pagesPerSheet: TPagesPerSheet;
}

export interface TPricedDocument {
  pageCount: number;
  /** 1-based numbers of the pages that hold colour. */
  colorPages: readonly number[];
  copies: number;
}

/** Printed faces (sides of paper) of one copy: `pagesPerSheet` pages share a face. */
export function facesPerCopy(pageCount: number, pagesPerSheet: TPagesPerSheet): number {
  return Math.ceil(Math.max(0, pageCount) / pagesPerSheet);
}

/**
 * Pages charged for one document: copies x faces, where in colour mode a face holding any
 * colour page counts 3 (spec: one colour page = three mono pages) and in grayscale every face 1.
 */
export function documentCost(doc: TPricedDocument, settings: TPriceSettings): number {
  const faces = facesPerCopy(doc.pageCount, settings.pagesPerSheet);
  if (settings.isGrayscale || doc.colorPages.length === 0) return faces * doc.copies;
  const colourFaces = new Set(
    doc.colorPages
      .filter((p) => p >= 1 && p <= doc.pageCount)
      .map((p) => Math.ceil(p / settings.pagesPerSheet)),
  ).size;
  return (faces - colourFaces + colourFaces * COLOR_PAGE_MULTIPLIER) * doc.copies;
}

/** Faces that come out of the printer for the whole job. */
export function printedFaces(docs: readonly TPricedDocument[], settings: TPriceSettings): number {
  return docs.reduce(
    (sum, d) => sum + facesPerCopy(d.pageCount, settings.pagesPerSheet) * d.copies,
    0,
  );
}

export function printjobCost(docs: readonly TPricedDocument[], settings: TPriceSettings): number {
  return docs.reduce((sum, d) => sum + documentCost(d, settings), 0);
}

/**
 * The first `printedFacesCount` faces of the job in print order (documents in order, each copy in
 * turn), split into colour and mono faces: what came out of a job that stopped mid-way.
 */
export function splitFirstFaces(
  docs: readonly TPricedDocument[],
  settings: TPriceSettings,
  printedFacesCount: number,
): { colour: number; mono: number } {
  let left = Math.max(0, Math.floor(printedFacesCount));
  let colour = 0;
  let mono = 0;
  for (const doc of docs) {
    const faces = facesPerCopy(doc.pageCount, settings.pagesPerSheet);
    const colourFaces = settings.isGrayscale
      ? new Set<number>()
      : new Set(
          doc.colorPages
            .filter((p) => p >= 1 && p <= doc.pageCount)
            .map((p) => Math.ceil(p / settings.pagesPerSheet)),
        );
    for (let copy = 0; copy < doc.copies; copy++) {
      for (let face = 1; face <= faces; face++) {
        if (left === 0) return { colour, mono };
        if (colourFaces.has(face)) colour += 1;
        else mono += 1;
        left -= 1;
      }
    }
  }
  return { colour, mono };
}

/** What the first `printedFacesCount` faces cost: a job failing mid-way is charged no more. */
export function costOfFirstFaces(
  docs: readonly TPricedDocument[],
  settings: TPriceSettings,
  printedFacesCount: number,
): number {
  const { colour, mono } = splitFirstFaces(docs, settings, printedFacesCount);
  return colour * COLOR_PAGE_MULTIPLIER + mono;
}
