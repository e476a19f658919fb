import { z } from 'zod';
import { parseTaxId } from '../business/tax-id';
import { ZLocale } from './auth';
import { EMAIL_MAX_LENGTH, zEmail, zPassword, zRequiredText } from './fields';
import { ZPaging } from './admin-operations';
import { ZPaymentMethod, ZPaymentStatus } from './payments';

// Business accounts and VAT invoices (issue 15; spec 3 "Business user", 5, 6). Messages on the
// schemas are catalog keys under `errors.` (blank, invalid…), shown at the form fields.

/** Countries a company can be registered in: Poland and the other EU member states. */
export const BUSINESS_COUNTRIES = [
  'PL',
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type TBusinessCountry = (typeof BUSINESS_COUNTRIES)[number];

/** Postcode formats per business country (upper-cased, trimmed input). */
export const BUSINESS_POSTCODE_PATTERNS: Record<TBusinessCountry, RegExp> = {
  PL: /^\d{2}-\d{3}$/,
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  BG: /^\d{4}$/,
  CY: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  EE: /^\d{5}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  GR: /^\d{3} ?\d{2}$/,
  HR: /^\d{5}$/,
  HU: /^\d{4}$/,
  IE: /^[A-Z]\d[\dW] ?[0-9A-Z]{4}$/,
  IT: /^\d{5}$/,
  LT: /^(LT-)?\d{5}$/,
  LU: /^(L-)?\d{4}$/,
  LV: /^(LV-)?\d{4}$/,
  MT: /^[A-Z]{3} ?\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  PT: /^\d{4}-\d{3}$/,
  RO: /^\d{6}$/,
  SE: /^\d{3} ?\d{2}$/,
  SI: /^\d{4}$/,
  SK: /^\d{3} ?\d{2}$/,
};

/** The VAT prefix of a business country (Greece is EL, the rest their ISO code). */
export function vatPrefixOf(country: TBusinessCountry): string {
  return country === 'GR' ? 'EL' : country;
}

/**
 * The company's details (spec 3: business_name, address, city, postcode, nip_number), as typed.
 * `nip_number` takes a Polish NIP (with or without dashes, "PL" optional) for a company in
 * Poland, or the EU VAT number with its country prefix for a company elsewhere in the EU.
 */
const businessDetailsFields = {
  business_name: zRequiredText(256),
  address: zRequiredText(256),
  city: zRequiredText(128),
  postcode: z
    .string({ error: 'blank' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'blank', abort: true })
    .max(16, { error: 'too_long' }),
  country: z.enum(BUSINESS_COUNTRIES, { error: 'invalid' }).default('PL'),
  nip_number: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank', abort: true })
    .max(32, { error: 'too_long' }),
};

/**
 * Postcode per country and the tax number's checksum/format; country and prefix must agree.
 * It also runs when other fields failed (blank ones, say), so every problem shows at once: it
 * reads the fields defensively, as typed.
 */
function checkBusinessDetails(value: unknown, ctx: z.RefinementCtx) {
  const v = value as Record<string, unknown>;
  const country = typeof v.country === 'string' ? v.country : 'PL';
  const postcode = typeof v.postcode === 'string' ? v.postcode.trim().toUpperCase() : '';
  const nip = typeof v.nip_number === 'string' ? v.nip_number.trim() : '';
  if (!(BUSINESS_COUNTRIES as readonly string[]).includes(country)) return;
  const pattern = BUSINESS_POSTCODE_PATTERNS[country as TBusinessCountry];
  if (postcode && !pattern.test(postcode))
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'invalid' });
  const taxId = nip ? parseTaxId(nip) : undefined;
  if (nip && (!taxId || taxId.taxCountry !== vatPrefixOf(country as TBusinessCountry)))
    ctx.addIssue({ code: 'custom', path: ['nip_number'], message: 'invalid' });
}

/** Run the details check also when other fields failed (an object was sent at all). */
const everyProblemAtOnce = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

export const ZBusinessDetailsInput = z
  .object(businessDetailsFields)
  .superRefine(checkBusinessDetails, everyProblemAtOnce);
export type TBusinessDetailsInput = z.infer<typeof ZBusinessDetailsInput>;

/** `POST /api/business/sign-up`: an account and its company at once (public). */
export const ZBusinessSignUpInput = z
  .object({
    email: zEmail,
    email_confirmation: z.string({ error: 'blank' }).trim().toLowerCase().max(EMAIL_MAX_LENGTH),
    password: zPassword,
    password_confirmation: z.string({ error: 'blank' }),
    locale: ZLocale.optional(),
    ...businessDetailsFields,
  })
  .superRefine((value, ctx) => {
    if (value.email_confirmation !== value.email)
      ctx.addIssue({
        code: 'custom',
        path: ['email_confirmation'],
        message: 'confirmation',
        params: { attribute: 'email' },
      });
    if (value.password_confirmation !== value.password)
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'confirmation',
        params: { attribute: 'password' },
      });
  })
  .superRefine(checkBusinessDetails, everyProblemAtOnce);
export type TBusinessSignUpInput = z.infer<typeof ZBusinessSignUpInput>;

/** The company as its page shows it. */
export const ZBusinessProfile = z.object({
  business_name: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  /** As printed: "5261040001" (NIP) or "DE123456789". */
  nip_number: z.string(),
  /** The free test pages, when this company got them. */
  trial: z.object({ pages: z.number().int(), expires_at: z.string().nullable() }).nullable(),
  /**
   * Where the free test pages stand: granted (see `trial`), waiting for the e-mail confirmation,
   * not given because this tax number already had them, or none configured.
   */
  trial_status: z.enum(['granted', 'awaiting_confirmation', 'tax_number_used', 'none']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBusinessProfile = z.infer<typeof ZBusinessProfile>;

/** A business package with its prices: net (the list price), VAT and gross (what is charged). */
export const ZBusinessPackage = z.object({
  id: z.number().int(),
  code: z.string(),
  pages: z.number().int(),
  color_pages: z.number().int(),
  validity_days: z.number().int(),
  net_minor: z.number().int(),
  vat_minor: z.number().int(),
  gross_minor: z.number().int(),
  vat_rate: z.number().int(),
  currency: z.string(),
  is_popular: z.boolean(),
});
export type TBusinessPackage = z.infer<typeof ZBusinessPackage>;

/** `GET /api/business/packages` (public): the business offer. */
export const ZBusinessPackageList = z.object({
  packages: z.array(ZBusinessPackage),
  payment_methods: z.array(ZPaymentMethod),
});
export type TBusinessPackageList = z.infer<typeof ZBusinessPackageList>;

export const KSEF_STATUSES = ['pending', 'sending', 'accepted', 'rejected', 'failed'] as const;
export const ZKsefStatus = z.enum(KSEF_STATUSES);
export type TKsefStatusName = z.infer<typeof ZKsefStatus>;

export const INVOICE_KINDS = ['invoice', 'correction'] as const;
export const ZInvoiceKind = z.enum(INVOICE_KINDS);

/** One purchase of the company (`GET /api/business/purchases`). */
export const ZBusinessPurchase = z.object({
  reference: z.string(),
  package_code: z.string().nullable(),
  pages: z.number().int(),
  method: ZPaymentMethod,
  status: ZPaymentStatus,
  net_minor: z.number().int().nullable(),
  vat_minor: z.number().int().nullable(),
  gross_minor: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The invoice it is on, once issued. */
  invoice_number: z.string().nullable(),
  /** Money given back (a correcting invoice follows when it was invoiced). */
  refunded: z.boolean(),
  /** Bought as a business account: goes on a monthly VAT invoice (personal purchases do not). */
  is_business: z.boolean(),
});
export type TBusinessPurchase = z.infer<typeof ZBusinessPurchase>;

/** An invoice as the company's page lists it (`GET /api/business/invoices`). */
export const ZInvoiceSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: ZInvoiceKind,
  /** The month billed, YYYY-MM. */
  period: z.string(),
  issue_date: z.string(),
  net_minor: z.number().int(),
  vat_minor: z.number().int(),
  gross_minor: z.number().int(),
  currency: z.string(),
  ksef_status: ZKsefStatus,
  ksef_number: z.string().nullable(),
  /** The invoice a correction corrects. */
  corrects_number: z.string().nullable(),
  pdf_url: z.string(),
  xml_url: z.string(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZInvoiceList = z.object({ invoices: z.array(ZInvoiceSummary) });

/** An invoice in the admin list: the summary with its buyer and KSeF details. */
export const ZAdminInvoice = ZInvoiceSummary.extend({
  user_id: z.number().int().nullable(),
  buyer_name: z.string(),
  buyer_tax_id: z.string(),
  ksef_attempts: z.number().int(),
  ksef_error: z.string().nullable(),
  ksef_sent_at: z.string().nullable(),
  ksef_accepted_at: z.string().nullable(),
  upo_url: z.string().nullable(),
});
export type TAdminInvoice = z.infer<typeof ZAdminInvoice>;

const zMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalid' });
const zOptional = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (v as z.infer<T>)));

/** `GET /api/admin/invoices` (and `.csv`): filters; empty fields mean no filter. */
export const ZAdminInvoiceQuery = z.object({
  period: zOptional(zMonth),
  kind: zOptional(ZInvoiceKind),
  ksef_status: zOptional(ZKsefStatus),
  /** Buyer name, tax number or invoice number contains this. */
  q: zOptional(z.string().trim().max(254)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TAdminInvoiceQuery = z.infer<typeof ZAdminInvoiceQuery>;

export const ZAdminInvoiceList = z.object({ invoices: z.array(ZAdminInvoice), paging: ZPaging });
export type TAdminInvoiceList = z.infer<typeof ZAdminInvoiceList>;

/** `POST /api/admin/invoices/run`: issue a month's invoices now (safe to repeat). */
export const ZInvoiceRunInput = z.object({ month: zMonth });
export const ZInvoiceRunResult = z.object({
  month: z.string(),
  /** Invoices issued by this run. */
  issued: z.number().int(),
  /** Businesses of that month that already had their invoice. */
  existing: z.number().int(),
  /** Businesses whose invoice could not be issued (logged, and the team was mailed). */
  failed: z.number().int().default(0),
});
export type TInvoiceRunResult = z.infer<typeof ZInvoiceRunResult>;

/** `POST /api/admin/payments/:reference/refund`: a whole package purchase given back. */
export const ZPurchaseRefundInput = z.object({ note: zRequiredText(500) });
export const ZPurchaseRefund = z.object({
  reference: z.string(),
  payment_reference: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** Pages of the purchase taken back (those not used yet). */
  pages_voided: z.number().int(),
});
export type TPurchaseRefund = z.infer<typeof ZPurchaseRefund>;
