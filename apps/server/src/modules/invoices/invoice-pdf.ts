import { PDFDocument } from 'pdf-lib';
import {
  DEFAULT_PDF_BOLD_FONT_FILE,
  DEFAULT_PDF_FONT_FILE,
  embedPdfFonts,
} from '../../lib/pdf-fonts';
import type { TInvoiceLineModel, TInvoiceModel, TInvoicePaymentMethod } from './invoice-model';
import {
  drawRow,
  MARGIN,
  PAGE_WIDTH,
  PageWriter,
  type TCell,
  type TColumn,
  type TTextStyle,
  wrappedCell,
} from './invoice-pdf-layout';
import {
  formatPlMoney,
  formatPlNumber,
  labelsFor,
  partyLines,
  type TLabels,
} from './invoice-pdf-text';
import { commonSaleDay, groupPayments, saleDayOf } from './invoice-xml-format';

// The invoice as a PDF (issue 15): Polish, with the customer's language beside it for de/en
// customers. Made from the same TInvoiceModel as the FA(3) XML, so both always say the same.

/** The font files; unset: DejaVu Sans (lib/pdf-fonts). */
export type TInvoicePdfOptions = { fontFile?: string; boldFontFile?: string };

const TITLE: TTextStyle = { size: 16, bold: true };
const HEADING: TTextStyle = { size: 9, bold: true };
const BODY: TTextStyle = { size: 9 };
const SMALL: TTextStyle = { size: 7.5 };
const SMALL_GREY: TTextStyle = { size: 7, grey: true };

const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** Lp., name, qty, unit net, net, VAT %, VAT, gross: 515 points in all. */
const COLUMNS: TColumn[] = [
  { width: 24, align: 'right' },
  { width: 163, align: 'left' },
  { width: 36, align: 'right' },
  { width: 58, align: 'right' },
  { width: 62, align: 'right' },
  { width: 44, align: 'right' },
  { width: 58, align: 'right' },
  { width: 70, align: 'right' },
];
const COLUMN_KEYS = [
  'col_position',
  'col_name',
  'col_quantity',
  'col_unit_net',
  'col_net',
  'col_vat_rate',
  'col_vat',
  'col_gross',
] as const;

/** The invoice as a PDF (Polish, with the customer's language beside it). Same model, same bytes. */
export async function renderInvoicePdf(
  model: TInvoiceModel,
  options: TInvoicePdfOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedPdfFonts(doc, {
    fontFile: options.fontFile ?? DEFAULT_PDF_FONT_FILE,
    boldFontFile: options.boldFontFile ?? DEFAULT_PDF_BOLD_FONT_FILE,
  });
  const labels = labelsFor(model.locale);
  const title = labels.both(model.kind === 'correction' ? 'title_correction' : 'title_invoice');

  // Dated by the invoice, not the clock, so one model always gives the same file.
  const issued = new Date(`${model.issueDate}T00:00:00Z`);
  doc.setTitle(`${title} ${model.number}`);
  doc.setAuthor(model.seller.name);
  doc.setCreator('Printomat');
  doc.setProducer('Printomat');
  doc.setLanguage('pl-PL');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const writer = new PageWriter(doc, fonts);
  drawHeading(writer, model, labels, title);
  drawParties(writer, model, labels);
  if (model.correction) drawCorrection(writer, model.correction, labels);
  drawLines(writer, model, labels);
  drawTotals(writer, model, labels);
  if (model.kind === 'invoice') drawPayment(writer, model, labels);
  drawFooters(writer, model, labels);
  return doc.save();
}

function drawHeading(writer: PageWriter, model: TInvoiceModel, labels: TLabels, title: string) {
  writer.paragraph(title, MARGIN, CONTENT_WIDTH, TITLE);
  writer.paragraph(`${labels.both('number')}: ${model.number}`, MARGIN, CONTENT_WIDTH, {
    size: 12,
    bold: true,
  });
  writer.gap(4);
  // One sale date when every purchase was paid on the same day, else each line shows its own.
  const saleDay = model.lines.length > 0 ? commonSaleDay(model.lines) : model.saleDate;
  const facts: [string, string][] = [
    [labels.both('issue_date'), model.issueDate],
    [labels.both('sale_date'), saleDay ?? labels.both('sale_date_per_line')],
    [labels.both('place'), model.placeOfIssue],
  ];
  if (model.ksefNumber) facts.push([labels.both('ksef_number'), model.ksefNumber]);
  for (const [label, value] of facts)
    writer.paragraph(`${label}: ${value}`, MARGIN, CONTENT_WIDTH, BODY);
  writer.gap(12);
}

function drawParties(writer: PageWriter, model: TInvoiceModel, labels: TLabels) {
  const columnWidth = (CONTENT_WIDTH - 20) / 2;
  const top = writer.y;
  let lowest = top;
  const blocks = [
    { x: MARGIN, heading: labels.both('seller'), party: partyLines(model.seller, labels) },
    {
      x: MARGIN + columnWidth + 20,
      heading: labels.both('buyer'),
      party: partyLines(model.buyer, labels),
    },
  ];
  for (const block of blocks) {
    writer.y = top;
    writer.paragraph(block.heading, block.x, columnWidth, { ...HEADING, grey: true });
    writer.paragraph(block.party.name, block.x, columnWidth, HEADING);
    for (const line of block.party.details) writer.paragraph(line, block.x, columnWidth, BODY);
    lowest = Math.min(lowest, writer.y);
  }
  writer.y = lowest - 12;
}

function drawCorrection(
  writer: PageWriter,
  correction: NonNullable<TInvoiceModel['correction']>,
  labels: TLabels,
) {
  let corrected = `${labels.both('corrected_invoice')}: ${correction.correctedNumber} ${labels.pl('corrected_issue_date')} ${correction.correctedIssueDate}`;
  if (correction.correctedKsefNumber)
    corrected += `, ${labels.both('ksef_number')}: ${correction.correctedKsefNumber}`;
  writer.paragraph(corrected, MARGIN, CONTENT_WIDTH, BODY);
  if (correction.reason.trim())
    writer.paragraph(
      `${labels.both('correction_reason')}: ${correction.reason}`,
      MARGIN,
      CONTENT_WIDTH,
      BODY,
    );
  writer.gap(10);
}

/** Column headings: Polish above, the customer's language below; both wrap to the column. */
function headingCell(writer: PageWriter, column: TColumn, labels: TLabels, key: string): TCell {
  const cell = wrappedCell(writer, column, labels.pl(key), { size: 7, bold: true });
  if (labels.other) cell.push(...wrappedCell(writer, column, labels.other(key), SMALL_GREY));
  return cell;
}

function drawLines(writer: PageWriter, model: TInvoiceModel, labels: TLabels) {
  const header = () => {
    writer.rule();
    drawRow(
      writer,
      COLUMNS,
      COLUMN_KEYS.map((key, i) => headingCell(writer, COLUMNS[i]!, labels, key)),
    );
  };
  header();
  writer.onNewPage = header;
  // Lines sold on different days: each line says its day under its name.
  const perLine = model.lines.length > 0 && commonSaleDay(model.lines) === null;
  const draw = (line: TInvoiceLineModel, position: number, state: string | null) =>
    drawLine(writer, line, labels, position, state, perLine ? saleDayOf(line) : null);
  if (model.kind === 'correction') {
    for (const [position, rows] of byPosition(model.lines)) {
      const before = rows.find((line) => line.state === 'before');
      const after = rows.find((line) => line.state === 'after');
      if (before) draw(before, position, labels.both('before'));
      if (after) draw(after, position, labels.both('after'));
      if (before && after) drawDifference(writer, before, after, labels);
    }
  } else {
    for (const line of model.lines) draw(line, line.position, null);
  }
  writer.onNewPage = null;
  writer.gap(8);
}

function byPosition(lines: TInvoiceLineModel[]): Map<number, TInvoiceLineModel[]> {
  const groups = new Map<number, TInvoiceLineModel[]>();
  for (const line of lines) groups.set(line.position, [...(groups.get(line.position) ?? []), line]);
  return groups;
}

function drawLine(
  writer: PageWriter,
  line: TInvoiceLineModel,
  labels: TLabels,
  position: number,
  state: string | null,
  saleDay: string | null,
) {
  const name = wrappedCell(writer, COLUMNS[1]!, line.description, SMALL);
  if (state) name.push({ text: state, style: SMALL_GREY });
  if (saleDay)
    name.push(
      ...wrappedCell(writer, COLUMNS[1]!, `${labels.both('sale_date')}: ${saleDay}`, SMALL_GREY),
    );
  const cell = (text: string): TCell => [{ text, style: SMALL }];
  drawRow(writer, COLUMNS, [
    cell(String(position)),
    name,
    cell(`${line.quantity} ${labels.pl('unit')}`),
    cell(formatPlNumber(line.unitNetMinor)),
    cell(formatPlNumber(line.netMinor)),
    cell(`${line.vatRate} %`),
    cell(formatPlNumber(line.vatMinor)),
    cell(formatPlNumber(line.grossMinor)),
  ]);
}

function drawDifference(
  writer: PageWriter,
  before: TInvoiceLineModel,
  after: TInvoiceLineModel,
  labels: TLabels,
) {
  const style: TTextStyle = { size: 7.5, bold: true };
  const cell = (text: string): TCell => [{ text, style }];
  drawRow(writer, COLUMNS, [
    [],
    cell(labels.both('difference')),
    cell(`${after.quantity - before.quantity} ${labels.pl('unit')}`),
    [],
    cell(formatPlNumber(after.netMinor - before.netMinor)),
    [],
    cell(formatPlNumber(after.vatMinor - before.vatMinor)),
    cell(formatPlNumber(after.grossMinor - before.grossMinor)),
  ]);
}

function drawTotals(writer: PageWriter, model: TInvoiceModel, labels: TLabels) {
  const rate = model.lines[0]?.vatRate ?? 23;
  const rows: [string, number, boolean][] = [
    [labels.both('total_net'), model.totals.netMinor, false],
    [labels.both('total_vat', { rate }), model.totals.vatMinor, false],
    [
      labels.both(model.kind === 'correction' ? 'correction_total' : 'total_gross'),
      model.totals.grossMinor,
      true,
    ],
  ];
  if (model.kind === 'correction' && model.totals.grossMinor < 0)
    rows.push([labels.both('to_refund'), -model.totals.grossMinor, true]);
  const right = PAGE_WIDTH - MARGIN;
  for (const [label, minor, strong] of rows) {
    const style: TTextStyle = { size: strong ? 10 : 9, bold: strong };
    writer.ensureRoom(writer.lineHeight(style));
    writer.text(label, right - 110, 0, style, 'right');
    writer.text(formatPlMoney(minor, model.currency), right, 0, style, 'right');
    writer.y -= writer.lineHeight(style);
  }
  writer.gap(12);
}

function drawPayment(writer: PageWriter, model: TInvoiceModel, labels: TLabels) {
  const parts = groupPayments<TInvoicePaymentMethod>(model.lines, (line) => line.paymentMethod);
  if (parts.length === 0) return;
  writer.ensureRoom(60);
  writer.paragraph(
    `${labels.both('payment')}: ${labels.both('paid')} ${formatPlMoney(model.totals.grossMinor, model.currency)}`,
    MARGIN,
    CONTENT_WIDTH,
    HEADING,
  );
  const columns: TColumn[] = [
    { width: 130, align: 'left' },
    { width: 170, align: 'left' },
    { width: 100, align: 'right' },
  ];
  drawRow(
    writer,
    columns,
    ['payment_date', 'payment_method', 'amount'].map((key, i) =>
      headingCell(writer, columns[i]!, labels, key),
    ),
  );
  for (const part of parts) {
    const method = part.key ? labels.both(`methods.${part.key}`) : '';
    drawRow(writer, columns, [
      [{ text: part.day, style: SMALL }],
      [{ text: method, style: SMALL }],
      [{ text: formatPlMoney(part.grossMinor, model.currency), style: SMALL }],
    ]);
  }
}

function drawFooters(writer: PageWriter, model: TInvoiceModel, labels: TLabels) {
  const pages = writer.pages.length;
  writer.pages.forEach((page, i) => {
    writer.page = page;
    writer.y = MARGIN;
    writer.text(model.number, MARGIN, 0, SMALL_GREY);
    writer.text(
      labels.both('page', { page: i + 1, pages }),
      PAGE_WIDTH - MARGIN,
      0,
      SMALL_GREY,
      'right',
    );
  });
}
