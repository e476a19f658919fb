import { createHash } from 'node:crypto';
import type { TDb } from '../../db/database';
import type { TInvoiceLineRow, TNewInvoice, TNewInvoiceLine } from '../../db/schema';
import type { TInvoiceLineModel, TInvoiceModel, TInvoicePaymentMethod } from './invoice-model';
import { buildInvoiceXml } from './invoice-xml';
import {
  findInvoice,
  findInvoiceLines,
  insertInvoice,
  insertInvoiceLines,
  setInvoiceXml,
  type TInvoiceRecord,
} from './invoices.repo';

// Invoices rows ↔ TInvoiceModel: the XML is built from the rows just stored, the PDF later from
// the same rows, so both documents of an invoice always say the same.

function lineModel(line: TInvoiceLineRow, position: number): TInvoiceLineModel {
  return {
    position,
    state: line.state,
    description: line.description,
    quantity: line.quantity,
    unitNetMinor: line.unit_net_minor,
    netMinor: line.net_minor,
    vatRate: line.vat_rate,
    vatMinor: line.vat_minor,
    grossMinor: line.gross_minor,
    paymentMethod: line.payment_method as TInvoicePaymentMethod,
    paidAt: line.paid_at,
    paymentReference: line.payment_reference,
  };
}

/**
 * The rows in print order with their printed positions: a correction's 'after' row shares the
 * position of the 'before' row it follows (as in the official FA(3) example), while the table
 * keeps positions unique per invoice (before 1, after 2, …).
 */
function printedLines(lines: TInvoiceLineRow[]): TInvoiceLineModel[] {
  let position = 0;
  return [...lines]
    .sort((a, b) => a.position - b.position)
    .map((line) => {
      if (line.state !== 'after' || position === 0) position += 1;
      return lineModel(line, position);
    });
}

export function invoiceModelOf(invoice: TInvoiceRecord, lines: TInvoiceLineRow[]): TInvoiceModel {
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    issueDate: invoice.issue_date,
    saleDate: invoice.sale_date,
    period: invoice.period,
    placeOfIssue: invoice.seller.city,
    currency: invoice.currency,
    seller: invoice.seller,
    buyer: invoice.buyer,
    locale: invoice.locale,
    lines: printedLines(lines),
    totals: {
      netMinor: invoice.net_minor,
      vatMinor: invoice.vat_minor,
      grossMinor: invoice.gross_minor,
    },
    correction:
      invoice.kind === 'correction'
        ? {
            reason: invoice.correction_reason ?? '',
            correctedNumber: invoice.corrects_number ?? '',
            correctedIssueDate: invoice.corrects_issue_date ?? '',
            correctedKsefNumber: invoice.corrects_ksef_number,
          }
        : null,
    ksefNumber: invoice.ksef_number,
    createdAt: invoice.created_at,
  };
}

export async function loadInvoiceModel(db: TDb, id: number): Promise<TInvoiceModel | undefined> {
  const invoice = await findInvoice(db, id);
  if (!invoice) return undefined;
  return invoiceModelOf(invoice, await findInvoiceLines(db, id));
}

/**
 * Stores an invoice and its lines (in the issuing transaction), then its FA(3) XML built from
 * what was stored. Returns the stored invoice's model.
 */
export async function storeInvoice(
  trx: TDb,
  invoice: Omit<TNewInvoice, 'xml' | 'xml_sha256'>,
  lines: Omit<TNewInvoiceLine, 'invoice_id'>[],
): Promise<TInvoiceModel> {
  const id = await insertInvoice(trx, { ...invoice, xml: '', xml_sha256: '' });
  await insertInvoiceLines(
    trx,
    lines.map((line) => ({ ...line, invoice_id: id })),
  );
  const model = await loadInvoiceModel(trx, id);
  if (!model) throw new Error(`invoice ${id} not found after insert`);
  const xml = buildInvoiceXml(model);
  await setInvoiceXml(trx, id, xml, createHash('sha256').update(xml, 'utf8').digest('hex'));
  return model;
}
