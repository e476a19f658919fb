import {
  PDFDocument,
  type PDFPage,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { BackSide } from './plan.js';

/** An affine transform [a b c d e f]: (x, y) → (a·x + c·y + e, b·x + d·y + f). */
type Matrix = readonly [number, number, number, number, number, number];

/** `outer` applied after `inner`. */
function then(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [
    a * a2 + c * b2,
    b * a2 + d * b2,
    a * c2 + c * d2,
    b * c2 + d * d2,
    a * e2 + c * f2 + e,
    b * e2 + d * f2 + f,
  ];
}

/** Turns a w × h box 90° anticlockwise onto an h × w box. */
const quarterTurn = (h: number): Matrix => [0, 1, -1, 0, h, 0];

const POINTS_PER = { mm: 72 / 25.4, in: 72 } as const;
const A4: Size = { width: 595.28, height: 841.89 };

interface Size {
  width: number;
  height: number;
}

/** The sheet of a PWG media keyword (e.g. iso_a4_210x297mm), portrait; A4 when unknown. */
export function mediaSize(keyword: string | null): Size {
  const match = /_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|in)$/.exec(keyword ?? '');
  if (!match) return A4;
  const unit = POINTS_PER[match[3] as 'mm' | 'in'];
  const a = Number(match[1]) * unit;
  const b = Number(match[2]) * unit;
  if (!(a > 0 && b > 0)) return A4;
  return { width: Math.min(a, b), height: Math.max(a, b) };
}

export interface LayoutOptions {
  numberUp: 1 | 2 | 4;
  /** null = auto: each page is turned to fit its place best. */
  orientation: 'portrait' | 'landscape' | null;
  /** The printer's media keyword; the layout fills that sheet. */
  media: string | null;
  /** Copies rendered into the document (1 when the printer makes the copies itself). */
  copies: number;
  duplex: boolean;
  backSide: BackSide;
}

/** A page's upright size and the transform that makes it upright (its /Rotate applied). */
function upright(page: PDFPage, box: Size): { size: Size; m: Matrix } {
  const { width: w, height: h } = box;
  // /Rotate must be a multiple of 90; anything else is taken to the nearest one.
  const quarters = ((Math.round(page.getRotation().angle / 90) % 4) + 4) % 4;
  const rotate = (quarters * 90) as 0 | 90 | 180 | 270;
  switch (rotate) {
    case 90: // shown turned 90° clockwise
      return { size: { width: h, height: w }, m: [0, -1, 1, 0, 0, w] };
    case 180:
      return { size: { width: w, height: h }, m: [-1, 0, 0, -1, w, h] };
    case 270:
      return { size: { width: h, height: w }, m: quarterTurn(h) };
    case 0:
      return { size: { width: w, height: h }, m: [1, 0, 0, 1, 0, 0] };
  }
}

/**
 * Lays the normalised PDF out the way a PDF printer would with our IPP attributes, for printers
 * that take only rasters (they apply no number-up, orientation or, often, copies): every sheet
 * side is the printer's media; 2 or 4 pages per side in reading order; each page scaled to fit
 * and centred; landscape content turned 90° anticlockwise (IPP orientation-requested 4);
 * copies rendered one after another, each starting on a new sheet when printing both sides;
 * back sides turned as the printer expects them.
 */
export async function layOut(
  pdf: Uint8Array,
  options: LayoutOptions,
): Promise<{ pdf: Uint8Array; sides: number }> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const out = await PDFDocument.create({ updateMetadata: false });
  const pages = source.getPages();
  // What shows of a page is its crop box (the media box when it has none), as viewers and PDF
  // printers show it. A page without contents is blank (pdf-lib cannot embed it): nothing to draw.
  const boxes = pages.map((page) => page.getCropBox());
  const embedded = await Promise.all(
    pages.map((page, i) => {
      const box = boxes[i]!;
      return page.node.Contents()
        ? out.embedPage(page, {
            left: box.x,
            bottom: box.y,
            right: box.x + box.width,
            top: box.y + box.height,
          })
        : Promise.resolve(null);
    }),
  );
  const placed = pages.map((page, i) => upright(page, boxes[i]!));
  const sheet = mediaSize(options.media);
  const { numberUp: n } = options;

  // Orientation of the content: as asked, or (auto) that of the first page.
  const first = placed[0]?.size ?? sheet;
  const landscapeContent =
    options.orientation === null ? first.width > first.height : options.orientation === 'landscape';
  // Two pages share a sheet side turned sideways: portrait pages go on a landscape layout.
  const landscapeLayout = n === 2 ? !landscapeContent : landscapeContent;
  const layout: Size = landscapeLayout ? { width: sheet.height, height: sheet.width } : sheet;
  const toSheet: Matrix = landscapeLayout ? quarterTurn(sheet.width) : [1, 0, 0, 1, 0, 0];
  const cols = n === 1 ? 1 : n === 4 ? 2 : landscapeLayout ? 2 : 1;
  const rows = n / cols;
  const cell: Size = { width: layout.width / cols, height: layout.height / rows };

  const sides: number[][] = [];
  for (let i = 0; i < pages.length; i += n)
    sides.push(Array.from({ length: Math.min(n, pages.length - i) }, (_, k) => i + k));
  const sequence: Array<number[] | null> = [];
  for (let copy = 0; copy < options.copies; copy++) {
    sequence.push(...sides);
    // The next copy starts on a new sheet.
    if (options.duplex && sides.length % 2 === 1 && copy < options.copies - 1) sequence.push(null);
  }

  sequence.forEach((side, sideIndex) => {
    const target = out.addPage([sheet.width, sheet.height]);
    if (!side) return;
    const back = options.duplex && sideIndex % 2 === 1;
    const turnBack: Matrix =
      !back || options.backSide === 'normal'
        ? [1, 0, 0, 1, 0, 0]
        : options.backSide === 'rotated'
          ? [-1, 0, 0, -1, sheet.width, sheet.height]
          : options.backSide === 'flipped-x'
            ? [-1, 0, 0, 1, sheet.width, 0]
            : [1, 0, 0, -1, 0, sheet.height];
    side.forEach((pageIndex, slot) => {
      const page = placed[pageIndex] as { size: Size; m: Matrix };
      const xobject = embedded[pageIndex];
      if (!xobject) return;
      let { m } = page;
      let size = page.size;
      // Auto: a page that does not match its place's shape is turned to fill it.
      const mismatched =
        size.width !== size.height && size.width > size.height !== cell.width > cell.height;
      if (options.orientation === null && mismatched) {
        m = then(quarterTurn(size.height), m);
        size = { width: size.height, height: size.width };
      }
      const scale = Math.min(cell.width / size.width, cell.height / size.height);
      const col = slot % cols;
      const row = Math.floor(slot / cols);
      const x = col * cell.width + (cell.width - size.width * scale) / 2;
      // Rows run top to bottom.
      const y = layout.height - (row + 1) * cell.height + (cell.height - size.height * scale) / 2;
      const matrix = then(turnBack, then(toSheet, then([scale, 0, 0, scale, x, y], m)));
      target.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(...matrix),
        drawObject(target.node.newXObject('P', xobject.ref)),
        popGraphicsState(),
      );
    });
  });
  return { pdf: await out.save(), sides: sequence.length };
}
