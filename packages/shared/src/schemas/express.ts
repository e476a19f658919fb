import { z } from 'zod';
import { EXPRESS_ORDER_STATUSES } from '../printing/express-lifecycle';
import { EMAIL_MAX_LENGTH } from './fields';
import { ZPrintjob } from './printing';

// Express orders (issue 13): a guest prints at one printer without an account and pays money
// for that one job. The API lives under /ajax/express; an order is reached only by its token
// (256 bits, base64url), which is the guest's whole authority over it. Money in minor units.

export const EXPRESS_PAYMENT_METHODS = ['card', 'blik', 'transfer'] as const;
export const ZExpressPaymentMethod = z.enum(EXPRESS_PAYMENT_METHODS);
export type TExpressPaymentMethod = z.infer<typeof ZExpressPaymentMethod>;

/** What the express page of a printer shows before any order exists. */
export const ZExpressPrinter = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  address: z.string(),
  city: z.string(),
  is_color: z.boolean(),
  prices: z.object({
    mono_minor: z.number().int(),
    color_minor: z.number().int(),
    currency: z.string(),
  }),
  /** Why the printer cannot print now (null: it can): the printers module's reasons. */
  unavailable_reason: z.enum(['disabled', 'maintenance', 'offline', 'closed']).nullable(),
});
export type TExpressPrinter = z.infer<typeof ZExpressPrinter>;

/** The price of the order's job as it stands (or as frozen at checkout). */
export const ZExpressPrice = z.object({
  faces: z.number().int(),
  color_faces: z.number().int(),
  mono_faces: z.number().int(),
  list_minor: z.number().int(),
  discount_minor: z.number().int(),
  total_minor: z.number().int(),
  currency: z.string(),
  discount_code: z.string().nullable(),
  discount_percent: z.number().int().nullable(),
});
export type TExpressPrice = z.infer<typeof ZExpressPrice>;

/** GET /ajax/express/orders/:token (and the answer of every order action). */
export const ZExpressOrderView = z.object({
  token: z.string(),
  status: z.enum(EXPRESS_ORDER_STATUSES),
  printer: ZExpressPrinter,
  /** The order's print job with its documents (same shape as the signed-in uploader's). */
  printjob: ZPrintjob,
  price: ZExpressPrice,
  customer_email: z.string().nullable(),
  locale: z.enum(['de', 'en', 'pl']),
  /** The private link of this order (what the receipt e-mail carries). */
  order_url: z.string(),
  paid_at: z.string().nullable(),
  /** Paid but not printed by then: refunded automatically. */
  print_by: z.string().nullable(),
  printed_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  refund: z
    .object({
      amount_minor: z.number().int(),
      currency: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      reason: z.enum(['not_printed_in_time', 'printer_failed', 'admin_failed']),
    })
    .nullable(),
  /** When the order's documents are (or were) deleted; null while the order is open. */
  documents_delete_at: z.string().nullable(),
  documents_deleted: z.boolean(),
  /** The guest may press "Print now" (paid, not sent yet, printer able to print). */
  can_print: z.boolean(),
});
export type TExpressOrderView = z.infer<typeof ZExpressOrderView>;

/** An optional discount code as typed (blank means none). */
export const zDiscountCodeField = z
  .string()
  .trim()
  .max(64, { error: 'too_long' })
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

/** POST /ajax/express/orders/:token/quote: the price with this code (refused codes: 422). */
export const ZExpressQuoteInput = z.object({ discount_code: zDiscountCodeField });
export type TExpressQuoteInput = z.input<typeof ZExpressQuoteInput>;

/** POST /ajax/express/orders/:token/checkout. A 100 % code needs no method. */
export const ZExpressCheckoutInput = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: 'too_long' })
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email({ error: 'invalid' }).optional()),
  discount_code: zDiscountCodeField,
  method: ZExpressPaymentMethod.nullish(),
  idempotency_key: z
    .string({ error: 'blank' })
    .min(8, { error: 'too_short' })
    .max(100, { error: 'too_long' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'invalid' }),
});
export type TExpressCheckoutInput = z.input<typeof ZExpressCheckoutInput>;

/** The checkout's answer: where to pay (null when nothing is to be paid) and the order. */
export const ZExpressCheckoutResult = z.object({
  redirect_url: z.string().nullable(),
  order: ZExpressOrderView,
});
export type TExpressCheckoutResult = z.infer<typeof ZExpressCheckoutResult>;

// POST /ajax/express/orders/:token/print_with_code takes the signed-in ZPrintWithCodeInput.
