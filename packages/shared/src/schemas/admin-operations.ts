import { z } from 'zod';
import { EXPRESS_ORDER_STATUSES } from '../printing/express-lifecycle';
import { ORIENTATIONS, PRINTJOB_STATUSES } from './printing';
import { ROLES } from './auth';

// Contracts of the administration area's print jobs, users, express discount codes, express
// orders and audit log (`/api/admin/...`). Printers have their own in `printers.ts`.

const zId = z.coerce.number().int().positive();
const zPage = z.coerce.number().int().min(1).max(100_000).default(1);
/** An optional query-string filter: an empty field means "no filter". */
const zOptionalText = z
  .string()
  .trim()
  .max(254)
  .optional()
  .transform((v) => (v ? v : undefined));
const zOptionalDate = z
  .union([z.literal(''), z.iso.date({ error: 'invalid' })])
  .optional()
  .transform((v) => (v ? v : undefined));

export const ADMIN_PAGE_SIZE = 25;

export const ZPaging = z.object({ page: z.number(), page_size: z.number(), total: z.number() });
export type TPaging = z.infer<typeof ZPaging>;

// ---- print jobs ----

export const ADMIN_PRINTJOB_ACTIONS = ['print', 'fail', 'reset', 'mark_printed'] as const;
export type TAdminPrintjobAction = (typeof ADMIN_PRINTJOB_ACTIONS)[number];

/**
 * Why a job is flagged for an admin: its printer reported it printed, but the faces and documents
 * it counted were fewer than the documents its agent downloaded (charged for those), or the
 * agent downloaded nothing at all (nothing charged).
 */
export const PRINTJOB_REVIEW_REASONS = [
  'printed_uncounted',
  'printed_nothing_delivered',
  'printed_after_cancel',
] as const;
export type TPrintjobReviewReason = (typeof PRINTJOB_REVIEW_REASONS)[number];

export const ZAdminPrintjobQuery = z.object({
  status: z
    .enum(PRINTJOB_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  email: zOptionalText,
  printer_id: z
    .union([z.literal(''), zId])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  from: zOptionalDate,
  to: zOptionalDate,
  /** Only jobs flagged for a look (`review_reason` set). */
  review: z
    .enum(['needs_review'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: zPage,
});
export type TAdminPrintjobQuery = z.input<typeof ZAdminPrintjobQuery>;

export const ZAdminPrintjobRow = z.object({
  id: z.number(),
  status: z.enum(PRINTJOB_STATUSES),
  user: z.object({ id: z.number(), email: z.string() }),
  printer: z.object({ id: z.number(), name: z.string() }).nullable(),
  document_count: z.number(),
  page_count: z.number(),
  cost: z.number(),
  /** The printer's report on it did not add up: see the detail's `review_reason`. */
  needs_review: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminPrintjobRow = z.infer<typeof ZAdminPrintjobRow>;

export const ZAdminPrintjobList = z.object({
  printjobs: z.array(ZAdminPrintjobRow),
  paging: ZPaging,
});
export type TAdminPrintjobList = z.infer<typeof ZAdminPrintjobList>;

export const ZAdminPrintjobDetail = ZAdminPrintjobRow.extend({
  is_submitted: z.boolean(),
  settings: z.object({
    is_grayscale: z.boolean(),
    is_duplex: z.boolean(),
    orientation: z.enum(ORIENTATIONS),
    pages_per_sheet: z.number(),
  }),
  documents: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: z.string(),
      is_office: z.boolean(),
      page_count: z.number().nullable(),
      color_pages: z.number(),
      copies: z.number(),
      failure_reason: z.string().nullable(),
      size_bytes: z.number(),
    }),
  ),
  reservation: z
    .object({ pages: z.number(), charged: z.number().nullable(), status: z.string() })
    .nullable(),
  printed_faces: z.number().nullable(),
  failure_reason: z.string().nullable(),
  /** Why the job needs an admin's look, in the admin's language; null when it does not. */
  review_reason: z.string().nullable(),
  released_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  express_order: z.object({ id: z.number(), express_url: z.string() }).nullable(),
  allowed_actions: z.array(z.enum(ADMIN_PRINTJOB_ACTIONS)),
});
export type TAdminPrintjobDetail = z.infer<typeof ZAdminPrintjobDetail>;

/** Why an admin failed a job: optional, kept on the job (printjobs.failure_reason). */
export const MAX_FAILURE_REASON_LENGTH = 500;
const zFailureReason = z
  .string({ error: 'invalid' })
  .trim()
  .max(MAX_FAILURE_REASON_LENGTH, { error: 'too_long' })
  .optional()
  .transform((v) => (v ? v : undefined));

export const ZAdminPrintjobActionInput = z.object({
  printer_id: zId.optional(),
  /** Only for fail. */
  reason: zFailureReason,
});

export const ZAdminPrintjobBulkInput = z.object({
  action: z.enum(ADMIN_PRINTJOB_ACTIONS),
  ids: z.array(z.number().int().positive()).min(1, { error: 'blank' }).max(200),
  printer_id: zId.optional(),
  /** Only for fail: kept on every job it fails. */
  reason: zFailureReason,
});
export type TAdminPrintjobBulkInput = z.infer<typeof ZAdminPrintjobBulkInput>;

export const ZAdminBulkResult = z.object({
  done: z.array(z.number()),
  skipped: z.array(z.object({ id: z.number(), message: z.string() })),
});
export type TAdminBulkResult = z.infer<typeof ZAdminBulkResult>;

// ---- users ----

export const ZAdminUserQuery = z.object({
  q: zOptionalText,
  role: z
    .enum(ROLES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: zPage,
});
export type TAdminUserQuery = z.input<typeof ZAdminUserQuery>;

export const ZAdminUserRow = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  locale: z.string(),
  email_confirmed: z.boolean(),
  remaining_page_limit: z.number(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;

export const ZAdminUserList = z.object({ users: z.array(ZAdminUserRow), paging: ZPaging });
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ZAdminUserDetail = ZAdminUserRow.extend({
  is_premium: z.boolean(),
  last_login_mobile: z.string().nullable(),
  has_facebook: z.boolean(),
  /** When an admin blocked the account (it cannot sign in); null when it is not blocked. */
  blocked_at: z.string().nullable(),
  grants: z.array(
    z.object({
      id: z.number(),
      source: z.string(),
      pages: z.number(),
      remaining: z.number(),
      expires_at: z.string().nullable(),
      reference: z.string().nullable(),
      /** Why an admin granted or refunded them. */
      reason: z.string().nullable(),
      /** The print job a refund gave pages back for. */
      printjob_id: z.number().nullable(),
      created_at: z.string(),
    }),
  ),
  printjobs: z.array(ZAdminPrintjobRow),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

// ---- express discount codes ----

export const DISCOUNT_CODE_MAX_LENGTH = 32;

/** A whole number typed into a form (string or number); empty says "can't be blank". */
function zFormInt(min: number, max: number) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'blank' : 'not_a_number') })
      .int({ error: 'not_an_integer' })
      .min(min, { error: 'greater_than' })
      .max(max, { error: 'less_than' }),
  );
}

export const ZDiscountCodeInput = z.object({
  code: z
    .string()
    .trim()
    .max(DISCOUNT_CODE_MAX_LENGTH, { error: 'too_long' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'invalid' })
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  percent: zFormInt(1, 100),
  expiration_date: zOptionalDate,
  active: z.boolean().default(true),
  number_of_uses: zFormInt(1, 1_000_000),
});
export type TDiscountCodeInput = z.input<typeof ZDiscountCodeInput>;

/** Editing a code: everything but the code itself (receipts and paid orders name it). */
export const ZDiscountCodeUpdateInput = ZDiscountCodeInput.omit({ code: true });
export type TDiscountCodeUpdateInput = z.input<typeof ZDiscountCodeUpdateInput>;

export const ZDiscountCode = z.object({
  id: z.number(),
  code: z.string(),
  percent: z.number(),
  expiration_date: z.string().nullable(),
  active: z.boolean(),
  number_of_uses: z.number(),
  uses: z.number(),
  is_usable: z.boolean(),
  created_at: z.string(),
});
export type TDiscountCode = z.infer<typeof ZDiscountCode>;

// ---- express orders ----

export const EXPRESS_ORDER_ACTIONS = ['print', 'fail', 'reset'] as const;
export type TExpressOrderAction = (typeof EXPRESS_ORDER_ACTIONS)[number];

export const ZExpressOrderQuery = z.object({
  status: z
    .enum(EXPRESS_ORDER_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: zPage,
});

export const ZExpressOrder = z.object({
  id: z.number(),
  status: z.enum(EXPRESS_ORDER_STATUSES),
  /** Optional since issue 13: the guest may leave no e-mail. */
  customer_email: z.string().nullable(),
  printer: z.object({
    id: z.number(),
    name: z.string(),
    is_enabled: z.boolean(),
    maintenance_mode: z.boolean(),
  }),
  document_count: z.number(),
  page_count: z.number(),
  is_color: z.boolean(),
  price_minor: z.number(),
  currency: z.string(),
  discount_code: z.string().nullable(),
  discount_percent: z.number().nullable(),
  express_url: z.string(),
  failure_reason: z.string().nullable(),
  printed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  allowed_actions: z.array(z.enum(EXPRESS_ORDER_ACTIONS)),
  // Issue 13: the real order's job, money in and money out, and its documents' retention.
  printjob_id: z.number().nullable(),
  color_page_count: z.number(),
  list_price_minor: z.number(),
  paid_at: z.string().nullable(),
  print_by: z.string().nullable(),
  printed_faces: z.number().nullable(),
  ended_at: z.string().nullable(),
  documents_deleted_at: z.string().nullable(),
  /** The payment that bought the order (null: not paid, or free with a 100 % code). */
  payment: z
    .object({
      reference: z.string(),
      provider: z.string(),
      provider_reference: z.string().nullable(),
      method: z.string(),
      status: z.string(),
      amount_minor: z.number(),
      currency: z.string(),
      completed_at: z.string().nullable(),
    })
    .nullable(),
  /** The money given back, if any (at most one refund per order). */
  refund: z
    .object({
      reference: z.string(),
      provider: z.string(),
      provider_reference: z.string().nullable(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      reason: z.enum(['not_printed_in_time', 'printer_failed', 'admin_failed']),
      amount_minor: z.number(),
      currency: z.string(),
      failure_code: z.string().nullable(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
    })
    .nullable(),
});
export type TExpressOrder = z.infer<typeof ZExpressOrder>;

export const ZExpressOrderList = z.object({ orders: z.array(ZExpressOrder), paging: ZPaging });
export type TExpressOrderList = z.infer<typeof ZExpressOrderList>;

// ---- audit log ----

export const ZAdminAuditEntry = z.object({
  id: z.number(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
  actor: z.object({ id: z.number(), email: z.string().nullable() }).nullable(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

// ---- support tools (issue 17 point 6) ----

export const MAX_SUPPORT_REASON_LENGTH = 500;
/** Pages an admin grants or refunds stay valid this many days unless they say otherwise. */
export const DEFAULT_SUPPORT_PAGES_VALID_DAYS = 30;

const zSupportReason = z
  .string({ error: 'blank' })
  .trim()
  .min(1, { error: 'blank' })
  .max(MAX_SUPPORT_REASON_LENGTH, { error: 'too_long' });

export const ZAdminGrantPagesInput = z.object({
  pages: zFormInt(1, 100_000),
  valid_days: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? DEFAULT_SUPPORT_PAGES_VALID_DAYS : v),
    zFormInt(1, 3650),
  ),
  reason: zSupportReason,
});
export type TAdminGrantPagesInput = z.input<typeof ZAdminGrantPagesInput>;

/** Refund of a job's pages: at most what it charged (all of it when `pages` is left out). */
export const ZAdminRefundInput = ZAdminGrantPagesInput.extend({
  pages: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    zFormInt(1, 100_000).optional(),
  ),
});
export type TAdminRefundInput = z.input<typeof ZAdminRefundInput>;

export const ZAdminPrintjobRefund = z.object({
  /** Pages the job was charged (its posted reservations). */
  charged_pages: z.number(),
  refund: z
    .object({
      pages: z.number(),
      reason: z.string().nullable(),
      expires_at: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type TAdminPrintjobRefund = z.infer<typeof ZAdminPrintjobRefund>;

export const ZAdminBlockInput = z.object({
  reason: z
    .string()
    .trim()
    .max(MAX_SUPPORT_REASON_LENGTH, { error: 'too_long' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const ADMIN_EXPORTS = ['printjobs', 'payments', 'users', 'printer-statistics'] as const;
export type TAdminExport = (typeof ADMIN_EXPORTS)[number];
/** The longest range one export covers (the file is built in memory). */
export const ADMIN_EXPORT_MAX_DAYS = 366;

/** Inclusive calendar days (UTC), both required. */
export const ZAdminExportQuery = z.object({
  from: z.iso.date({ error: 'invalid' }),
  to: z.iso.date({ error: 'invalid' }),
});
export type TAdminExportQuery = z.infer<typeof ZAdminExportQuery>;
