import type { TInvoiceModel } from './invoice-model';

/** Helper H4: the KSeF FA(3) XML of an invoice (valid against the official schema). */
export function buildInvoiceXml(model: TInvoiceModel): string {
  throw new Error(`FA(3) XML not built yet for ${model.number}`);
}
