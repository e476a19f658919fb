import type { TLocale } from '@printomat/shared';
import type { TInvoiceKind, TInvoiceParty } from '../../db/schema';

// The one shape of an issued invoice that the FA(3) XML (invoice-xml.ts) and the PDF
// (invoice-pdf.ts) are made from (issue 15). invoice-store.ts builds it from the invoices and
// invoice_lines rows; both documents of one invoice therefore always say the same.

export type TInvoicePaymentMethod = 'card' | 'transfer' | 'blik' | 'sms';

export interface TInvoiceLineModel {
  /** 1, 2, … in the order printed (a correction's 'before' and 'after' rows share positions). */
  position: number;
  /** 'sale' on an invoice; a correction lists each corrected line as 'before' and 'after'. */
  state: 'sale' | 'before' | 'after';
  /** E.g. "Pakiet stron M (2000 stron, ważny 90 dni)". Polish, as KSeF receives it. */
  description: string;
  quantity: number;
  /** Unit "szt." (piece): one package. */
  unitNetMinor: number;
  netMinor: number;
  vatRate: number;
  vatMinor: number;
  grossMinor: number;
  paymentMethod: TInvoicePaymentMethod;
  /** When the purchase was paid (our payment's completion). */
  paidAt: Date;
  paymentReference: string;
}

export interface TInvoiceModel {
  id: number;
  kind: TInvoiceKind;
  /** FV/2026/11/0001 (invoice) or KOR/2026/12/0001 (correction). */
  number: string;
  /** YYYY-MM-DD in the invoice time zone. */
  issueDate: string;
  /**
   * YYYY-MM-DD: the end of the period billed (the corrected invoice's for a correction). The
   * documents give each purchase its own sale date (its payment day: P_6 / P_6A); this one
   * only stands for an invoice without lines.
   */
  saleDate: string;
  /** YYYY-MM: the month billed. */
  period: string;
  /** Where it was issued (the seller's city). */
  placeOfIssue: string;
  currency: string;
  seller: TInvoiceParty;
  buyer: TInvoiceParty;
  /** The customer's language: the PDF prints it beside Polish (pl customers: Polish only). */
  locale: TLocale;
  lines: TInvoiceLineModel[];
  /**
   * Invoice: the sum of its lines. Correction: 'after' minus 'before' (negative for a refund).
   */
  totals: { netMinor: number; vatMinor: number; grossMinor: number };
  /** A correction's reference to what it corrects. */
  correction: {
    reason: string;
    correctedNumber: string;
    correctedIssueDate: string;
    /** The corrected invoice's KSeF number; null when KSeF has not numbered it (yet). */
    correctedKsefNumber: string | null;
  } | null;
  /** Known once KSeF accepted the invoice (the PDF prints it). */
  ksefNumber: string | null;
  /**
   * When the invoice was made (FA(3) DataWytworzeniaFa). Optional: without it the XML says the
   * start of the issue day (UTC), so the same model always gives the same XML.
   */
  createdAt?: Date;
}
