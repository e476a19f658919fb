import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { TPdfFonts } from '../../lib/pdf-fonts';
import { wrapText } from '../../lib/pdf-text';

// A small flowing-page writer for the invoice PDF: text that wraps, rows that move to the next
// page when the current one is full, and a table header repeated on every page.

/** A4 in PDF points (1/72 inch). */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 40;
/** Room kept at the bottom of every page for the footer (page number). */
const FOOTER_SPACE = 30;

export const GREY = rgb(0.4, 0.4, 0.4);
export const LINE_GREY = rgb(0.75, 0.75, 0.75);
export const BLACK = rgb(0, 0, 0);

export type TFonts = TPdfFonts;

export type TTextStyle = { size: number; bold?: boolean; grey?: boolean };

export class PageWriter {
  page!: PDFPage;
  /** The baseline position of the next thing written, from the bottom of the page. */
  y = 0;
  readonly pages: PDFPage[] = [];
  /** Drawn at the top of each new page (the table header while the table runs). */
  onNewPage: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: TFonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    this.onNewPage?.();
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureRoom(height: number): void {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.newPage();
  }

  font(style: TTextStyle): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  lineHeight(style: TTextStyle): number {
    return style.size * 1.3;
  }

  /** Draws one line of text with its top at this.y - offset; x from the left, or right-aligned at x. */
  text(
    value: string,
    x: number,
    topOffset: number,
    style: TTextStyle,
    align: 'left' | 'right' = 'left',
  ): void {
    const font = this.font(style);
    const width = font.widthOfTextAtSize(value, style.size);
    this.page.drawText(value, {
      x: align === 'right' ? x - width : x,
      y: this.y - topOffset - style.size,
      size: style.size,
      font,
      color: style.grey ? GREY : BLACK,
    });
  }

  /** A wrapped paragraph across `width`, moving down (and onto new pages) as it goes. */
  paragraph(value: string, x: number, width: number, style: TTextStyle): void {
    for (const line of wrapText(value, this.font(style), style.size, width)) {
      this.ensureRoom(this.lineHeight(style));
      this.text(line, x, 0, style);
      this.y -= this.lineHeight(style);
    }
  }

  rule(x1 = MARGIN, x2 = PAGE_WIDTH - MARGIN, color = LINE_GREY): void {
    this.page.drawLine({
      start: { x: x1, y: this.y },
      end: { x: x2, y: this.y },
      thickness: 0.5,
      color,
    });
  }

  gap(points: number): void {
    this.y -= points;
  }
}

export type TColumn = { width: number; align: 'left' | 'right' };

/** A table cell: lines stacked top-down, each with its own style. */
export type TCell = { text: string; style: TTextStyle }[];

/** One table row: each cell's lines stacked; the row is as tall as its tallest cell. */
export function drawRow(writer: PageWriter, columns: TColumn[], cells: TCell[], padding = 3): void {
  const heightOf = (cell: TCell) =>
    cell.reduce((sum, line) => sum + writer.lineHeight(line.style), 0);
  const height = Math.max(0, ...cells.map(heightOf)) + 2 * padding;
  writer.ensureRoom(height);
  let x = MARGIN;
  columns.forEach((column, i) => {
    let top = padding;
    for (const line of cells[i] ?? []) {
      const at = column.align === 'right' ? x + column.width - padding : x + padding;
      writer.text(line.text, at, top, line.style, column.align);
      top += writer.lineHeight(line.style);
    }
    x += column.width;
  });
  writer.y -= height;
  writer.rule();
}

/** A cell whose text wraps to its column. */
export function wrappedCell(
  writer: PageWriter,
  column: TColumn,
  value: string,
  style: TTextStyle,
): TCell {
  const lines = wrapText(value, writer.font(style), style.size, column.width - 6);
  return lines.map((text) => ({ text, style }));
}
