import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { translate, type TLocale } from '@printomat/shared';
import { embedPdfFonts, type TPdfFontFiles, type TPdfFonts } from '../../lib/pdf-fonts';
import { wrapText } from '../../lib/pdf-text';

// A printer's QR sticker (issue 16 point 3): one A4 page per printer. A4 because every office
// printer prints it at 100 % and full-sheet A4 label paper is the common stock; the admin may
// print it smaller, and the QR code (about 11 cm) still scans from arm's length at half size.

/** One sticker: what the page shows; texts come from the `stickers.pdf` catalog. */
export type TSticker = {
  name: string;
  /** "Street 1, 00-001 City". */
  address: string;
  /** The printer's page: what the QR code holds. */
  pageUrl: string;
  /** The site as a person types it (the public URL without its scheme). */
  site: string;
  code: string;
  /** The print-by-mail address; null: the printer has none (the mail lines are left out). */
  email: string | null;
  /** The languages of the instructions, in the order they appear. */
  locales: readonly TLocale[];
};

export type TStickerFonts = TPdfFontFiles;

/** A4 in points. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 42;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** The QR code's side with its quiet zone (≈ 11 cm). */
const QR_SIDE = 310;
/** Never smaller than this (≈ 6.4 cm), whatever the texts. */
const MIN_QR_SIDE = 180;
/** Light modules around the symbol, as ISO/IEC 18004 asks. */
const QUIET_ZONE_MODULES = 4;

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);

/** Every sticker as one PDF, a page each. */
export async function renderStickersPdf(
  stickers: readonly TSticker[],
  fonts: TStickerFonts,
  title: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const embedded = await embedPdfFonts(doc, fonts);
  doc.setTitle(title);
  doc.setCreator('Printomat');
  doc.setProducer('Printomat');
  for (const sticker of stickers) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    // Laid out once without drawing: very long names or addresses take room from the QR code
    // (never below MIN_QR_SIDE) so the instructions stay on the page.
    const bottom = layOutSticker(new Column(page, embedded, false), sticker, QR_SIDE);
    const qrSide = Math.max(MIN_QR_SIDE, QR_SIDE - Math.max(0, MARGIN - bottom));
    layOutSticker(new Column(page, embedded, true), sticker, qrSide);
  }
  return doc.save();
}

/**
 * Writes lines from the top of the page down; `y` is the baseline of the next line. With
 * `draws` false it only measures.
 */
class Column {
  y = PAGE_HEIGHT - MARGIN;

  constructor(
    readonly page: PDFPage,
    readonly fonts: TPdfFonts,
    readonly draws: boolean,
  ) {}

  /**
   * Centred text, made smaller (down to `minSize`) until it fits the width, and wrapped only
   * when even that is too wide (names and addresses may be long).
   */
  centred(
    text: string,
    size: number,
    options: { bold?: boolean; grey?: boolean; minSize?: number } = {},
  ) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const fitted = fitSize(font, text, size, options.minSize ?? size);
    for (const line of wrapText(text, font, fitted, CONTENT_WIDTH)) {
      this.y -= fitted;
      const width = font.widthOfTextAtSize(line, fitted);
      if (this.draws)
        this.page.drawText(line, {
          x: (PAGE_WIDTH - width) / 2,
          y: this.y,
          size: fitted,
          font,
          color: options.grey ? GREY : BLACK,
        });
      this.y -= fitted * 0.35;
    }
  }

  /** A paragraph wrapped at word boundaries, left-aligned at `x`. */
  paragraph(text: string, size: number, x: number, bold = false) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrapText(text, font, size, PAGE_WIDTH - MARGIN - x)) {
      this.y -= size * 1.3;
      if (this.draws) this.page.drawText(line, { x, y: this.y, size, font, color: BLACK });
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  rule() {
    if (!this.draws) return;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
  }
}

/** Lays out (and with a drawing column draws) one sticker; answers where its text ends. */
function layOutSticker(column: Column, sticker: TSticker, qrSide: number): number {
  const labels = (key: string) => sticker.locales.map((l) => translate(l, key)).join(' · ');

  column.centred('Printomat', 12, { bold: true, grey: true });
  column.gap(6);
  column.centred(sticker.name, 30, { bold: true, minSize: 18 });
  column.gap(2);
  column.centred(sticker.address, 12, { minSize: 9 });
  column.gap(8);

  column.y -= qrSide;
  if (column.draws)
    drawQrCode(column.page, sticker.pageUrl, (PAGE_WIDTH - qrSide) / 2, column.y, qrSide);
  column.centred(sticker.pageUrl, 8, { grey: true, minSize: 6 });
  column.gap(10);

  column.centred(labels('stickers.pdf.code_label'), 10, { grey: true, minSize: 7 });
  column.gap(2);
  column.centred(sticker.code, 44, { bold: true, minSize: 20 });
  if (sticker.email !== null) {
    column.gap(8);
    column.centred(labels('stickers.pdf.email_label'), 10, { grey: true, minSize: 7 });
    column.gap(2);
    column.centred(sticker.email, 15, { bold: true, minSize: 9 });
  }
  column.gap(14);
  column.rule();
  column.gap(4);

  for (const locale of sticker.locales) {
    column.gap(8);
    column.paragraph(translate(locale, 'stickers.pdf.heading'), 12, MARGIN, true);
    const scan = translate(locale, 'stickers.pdf.scan', { site: sticker.site, code: sticker.code });
    const mail =
      sticker.email === null
        ? ''
        : translate(locale, 'stickers.pdf.mail', { address: sticker.email });
    column.paragraph([scan, mail].filter(Boolean).join(' '), 11, MARGIN);
  }
  return column.y;
}

/**
 * The QR code of `text` as vector squares (sharp at any print size), with its quiet zone, in
 * the square of side `side` whose lower left corner is (x, y). Each row's runs of dark modules
 * are drawn as one rectangle: fewer operators, no hairline gaps between neighbours.
 */
function drawQrCode(page: PDFPage, text: string, x: number, y: number, side: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size + 2 * QUIET_ZONE_MODULES;
  const unit = side / count;
  page.drawRectangle({ x, y, width: side, height: side, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (QUIET_ZONE_MODULES + start) * unit,
        y: y + side - (QUIET_ZONE_MODULES + row + 1) * unit,
        width: (col - start) * unit,
        height: unit,
        color: BLACK,
      });
    }
  }
}

/** `size`, or the largest size down to `minSize` (in halves) at which `text` fits the page. */
function fitSize(font: PDFFont, text: string, size: number, minSize: number): number {
  let fitted = size;
  while (fitted > minSize && font.widthOfTextAtSize(text, fitted) > CONTENT_WIDTH) fitted -= 0.5;
  return fitted;
}
