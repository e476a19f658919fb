import {
  documentCost,
  printedFaces,
  printjobCost,
  splitFirstFaces,
  COLOR_PAGE_MULTIPLIER,
  type TPricedDocument,
  type TPriceSettings,
} from '@printomat/shared';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';

/**
 * The billing rule of print jobs, in one place: which documents count (ready ones with a page
 * count), with which settings, and what they cost. The arithmetic itself is shared with the web
 * app (`@printomat/shared` pricing); this maps the job's rows onto it. Presenters only show it.
 */
export interface TPricedJob {
  /** The documents that are printed and charged, in print order. */
  documents: TPricedDocument[];
  settings: TPriceSettings;
  /** Faces that come out of the printer. */
  faces: number;
  /** Pages charged (a colour face counts COLOR_PAGE_MULTIPLIER). */
  cost: number;
}

export function settingsOf(job: TPrintjobRow): TPriceSettings {
  return { isGrayscale: job.is_grayscale, pagesPerSheet: job.pages_per_sheet };
}

/** A document counts once it is ready and its pages are known. */
export function isPricedDocument(doc: TDocumentRow): boolean {
  return doc.status === 'ready' && doc.page_count !== null;
}

function pricedDocument(doc: TDocumentRow): TPricedDocument {
  return { pageCount: doc.page_count ?? 0, colorPages: doc.color_pages, copies: doc.copies };
}

export function pricedDocuments(documents: readonly TDocumentRow[]): TPricedDocument[] {
  return documents.filter(isPricedDocument).map(pricedDocument);
}

export function pricedJob(job: TPrintjobRow, documents: readonly TDocumentRow[]): TPricedJob {
  const priced = pricedDocuments(documents);
  const settings = settingsOf(job);
  return {
    documents: priced,
    settings,
    faces: printedFaces(priced, settings),
    cost: printjobCost(priced, settings),
  };
}

/** What one document of the job costs; 0 while it is not ready (processing or failed). */
export function documentCostOf(doc: TDocumentRow, job: TPrintjobRow): number {
  return isPricedDocument(doc) ? documentCost(pricedDocument(doc), settingsOf(job)) : 0;
}

/**
 * The charge for the first `faces` faces that came out (documents in print order): colour faces
 * count COLOR_PAGE_MULTIPLIER. `split` is what the printer statistics count.
 */
export function chargeOfFaces(
  documents: readonly TPricedDocument[],
  settings: TPriceSettings,
  faces: number,
): { split: { colour: number; mono: number }; pages: number } {
  const split = splitFirstFaces(documents, settings, faces);
  return { split, pages: split.colour * COLOR_PAGE_MULTIPLIER + split.mono };
}
