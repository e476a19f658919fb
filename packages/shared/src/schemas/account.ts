import { z } from 'zod';
import { zSecret } from './fields';
import { ZPaging } from './admin-operations';

// The account page's own data (issue 17 point 5): print history, saved cards, deleting the
// account. The "download my data" file is a plain JSON download, described in docs/decisions.md.

/** Jobs per page of the print history. */
export const PRINT_HISTORY_PAGE_SIZE = 20;

/** How a job ended, as the person reads it: `failed` is any other failure (printer, admin). */
export const PRINT_OUTCOMES = ['printed', 'failed', 'expired', 'cancelled'] as const;
export const ZPrintOutcome = z.enum(PRINT_OUTCOMES);
export type TPrintOutcome = z.infer<typeof ZPrintOutcome>;

export const ZPrintHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const ZPrintHistoryDocument = z.object({
  /** Null once retention deleted the document's files (`deleted` is then true). */
  name: z.string().nullable(),
  deleted: z.boolean(),
  page_count: z.number().int().nullable(),
  copies: z.number().int(),
});
export type TPrintHistoryDocument = z.infer<typeof ZPrintHistoryDocument>;

export const ZPrintHistoryEntry = z.object({
  id: z.number().int(),
  /** When the job ended (ISO). */
  finished_at: z.string(),
  printer_name: z.string().nullable(),
  documents: z.array(ZPrintHistoryDocument),
  /** Pages the job had (faces sent to the printer) and pages that came out. */
  pages: z.number().int(),
  printed_pages: z.number().int(),
  /** Pages taken from the person's balance (a colour page counts more than one). */
  charged_pages: z.number().int(),
  /** Pages an admin gave back for the job (0 if none), and why. */
  refunded_pages: z.number().int(),
  refund_reason: z.string().nullable(),
  outcome: ZPrintOutcome,
});
export type TPrintHistoryEntry = z.infer<typeof ZPrintHistoryEntry>;

export const ZPrintHistory = z.object({ jobs: z.array(ZPrintHistoryEntry), paging: ZPaging });
export type TPrintHistory = z.infer<typeof ZPrintHistory>;

/** A card saved with the payment provider (what we keep of it: brand and last four digits). */
export const ZSavedCard = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  added_at: z.string(),
});
export type TSavedCard = z.infer<typeof ZSavedCard>;

export const ZSavedCardList = z.object({ cards: z.array(ZSavedCard) });
export type TSavedCardList = z.infer<typeof ZSavedCardList>;

export const ZSavedCardParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Deleting one's own account. `confirmation` is the account's password, or, for an account
 * without one (Facebook sign-in only), its e-mail address typed out.
 */
export const ZDeleteAccountInput = z.object({ confirmation: zSecret });
export type TDeleteAccountInput = z.infer<typeof ZDeleteAccountInput>;
