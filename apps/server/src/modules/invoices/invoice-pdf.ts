import type { TInvoiceModel } from './invoice-model';

/** Helper H4: the invoice as a PDF (Polish, with the customer's language beside it). */
export async function renderInvoicePdf(model: TInvoiceModel): Promise<Uint8Array> {
  throw new Error(`PDF not rendered yet for ${model.number}`);
}
