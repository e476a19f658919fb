import { z } from 'zod';

// Page packages, purchases and saved cards (docs/payments.md). Money in integer minor units.

export const PACKAGE_AUDIENCES = ['personal', 'business'] as const;
export const ZPackageAudience = z.enum(PACKAGE_AUDIENCES);
export type TPackageAudience = z.infer<typeof ZPackageAudience>;

export const PAYMENT_METHODS = ['card', 'transfer', 'blik', 'sms'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethodName = z.infer<typeof ZPaymentMethod>;

export const PAYMENT_STATUSES = ['processing', 'completed', 'failed'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatusName = z.infer<typeof ZPaymentStatus>;

/** A package as the shop shows it. `price_minor` is what is paid now (after the promotion). */
export const ZPackage = z.object({
  id: z.number().int(),
  code: z.string(),
  audience: ZPackageAudience,
  pages: z.number().int(),
  /** Colour pages the mono pages are worth: pages / 3, rounded down. */
  color_pages: z.number().int(),
  validity_days: z.number().int(),
  price_minor: z.number().int(),
  /** The price before the promotion (equal to price_minor without one). */
  regular_price_minor: z.number().int(),
  promo_percent: z.number().int(),
  currency: z.string(),
  is_popular: z.boolean(),
});
export type TPackage = z.infer<typeof ZPackage>;

export const ZPackageList = z.object({
  packages: z.array(ZPackage),
  /** The payment methods the shop takes right now (the checkout offers exactly these). */
  payment_methods: z.array(ZPaymentMethod),
});
export type TPackageList = z.infer<typeof ZPackageList>;

export const ZAdminPackage = ZPackage.extend({
  is_active: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminPackage = z.infer<typeof ZAdminPackage>;

const zWhole = (min: number, max: number) =>
  z.coerce
    .number({ error: 'not_a_number' })
    .refine(Number.isFinite, { error: 'not_a_number', abort: true })
    .pipe(
      z
        .number()
        .int({ error: 'not_an_integer' })
        .min(min, { error: 'greater_than' })
        .max(max, { error: 'less_than' }),
    );

/** What an administrator types for a package. */
export const ZPackageInput = z
  .object({
    code: z
      .string({ error: 'blank' })
      .trim()
      .min(1, { error: 'blank', abort: true })
      .max(20, { error: 'too_long' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'invalid' }),
    audience: ZPackageAudience,
    pages: zWhole(1, 1_000_000),
    validity_days: zWhole(1, 3650),
    regular_price_minor: zWhole(1, 100_000_000),
    promo_percent: zWhole(0, 90).default(0),
    /** Missing: the shop's currency (PAYMENT_CURRENCY). */
    currency: z
      .string({ error: 'blank' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'invalid' })
      .optional(),
    is_popular: z.boolean().default(false),
    is_active: z.boolean().default(true),
    sort_order: zWhole(0, 1000).default(0),
  })
  // Business packages are invoiced in złoty only (issue 15: one currency per VAT invoice).
  .refine((p) => p.audience !== 'business' || p.currency === undefined || p.currency === 'PLN', {
    error: 'invalid',
    path: ['currency'],
  });
export type TPackageInput = z.input<typeof ZPackageInput>;

/** Price after a promotion, rounded to whole minor units. */
export function promoPrice(regularMinor: number, promoPercent: number): number {
  return Math.round((regularMinor * (100 - promoPercent)) / 100);
}

/** `POST /api/payments`. The same idempotency key always answers with the same payment. */
export const ZPurchaseInput = z.object({
  package_id: z.number({ error: 'blank' }).int().positive(),
  /** Missing: 'User did not enter a payment method'. */
  method: ZPaymentMethod.nullish(),
  idempotency_key: z
    .string({ error: 'blank' })
    .min(8, { error: 'too_short' })
    .max(100, { error: 'too_long' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'invalid' }),
});
export type TPurchaseInput = z.infer<typeof ZPurchaseInput>;

export const ZCheckoutRedirect = z.object({
  reference: z.string(),
  redirect_url: z.string(),
});
export type TCheckoutRedirect = z.infer<typeof ZCheckoutRedirect>;

/** One purchase as its payer sees it (status page, history, receipt). */
export const ZPayment = z.object({
  reference: z.string(),
  status: ZPaymentStatus,
  method: ZPaymentMethod,
  package_code: z.string(),
  pages: z.number().int(),
  validity_days: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** When the pages of this purchase expire (completed purchases only). */
  pages_expire_at: z.string().nullable(),
  receipt_number: z.string().nullable(),
  /** A failed purchase whose checkout was left unfinished (PAYMENT_CHECKOUT_ABANDON_HOURS). */
  is_abandoned: z.boolean(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZPaymentList = z.object({ payments: z.array(ZPayment) });
export type TPaymentList = z.infer<typeof ZPaymentList>;

/** Saving a card (the add-card bonus). */
export const ZCardSetup = z.object({
  reference: z.string(),
  status: z.enum(['pending', 'added', 'failed']),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Pages granted for this card (0 when this person or this card already had the bonus). */
  bonus_pages: z.number().int(),
  bonus_expires_at: z.string().nullable(),
});
export type TCardSetup = z.infer<typeof ZCardSetup>;
