import { z } from 'zod';

// Print by e-mail (issue 14): what became of a message sent to a printer's address, as admins see
// it (the printer's recent inbound messages). Server and web share these codes; their texts live
// in the inbound_mail message namespace (outcome.*, verdict.*, refused.*).

/** Who the sender check says sent it: an account holder, anyone else, or no one to answer. */
export const INBOUND_VERDICTS = ['trusted', 'stranger', 'ignored'] as const;
export type TInboundVerdictCode = (typeof INBOUND_VERDICTS)[number];

/**
 * How a message ended:
 * - added: an account holder's documents went into their current job;
 * - express_order: a stranger's documents went into a new express order (pay link in the reply);
 * - job_locked: an account holder's job was confirmed or printing, nothing was added (reply says why);
 * - no_documents: nothing printable in it (the reply says what to send);
 * - printer_unavailable: the printer takes no orders now (disabled);
 * - auto_reply / bounce / list / no_sender: never answered (loop protection);
 * - forged_sender: a stranger whose From domain failed DMARC: never answered (the reply would go
 *   to someone who most likely did not send it), nothing made of it;
 * - failed: could not be processed (an admin should look).
 */
export const INBOUND_OUTCOMES = [
  'added',
  'express_order',
  'job_locked',
  'no_documents',
  'printer_unavailable',
  'auto_reply',
  'bounce',
  'list',
  'no_sender',
  'forged_sender',
  'failed',
] as const;
export type TInboundOutcome = (typeof INBOUND_OUTCOMES)[number];

/** An attachment refused before it became a document (besides the upload's own failures). */
export const INBOUND_REFUSALS = ['executable', 'archive', 'too_many_files', 'too_large'] as const;
export type TInboundRefusal = (typeof INBOUND_REFUSALS)[number];

export const ZAdminInboundDocument = z.object({
  name: z.string(),
  document_id: z.number().int().nullable(),
  status: z.enum(['processing', 'ready', 'failed', 'refused']),
  page_count: z.number().int().nullable(),
  /** A documents.failure.* code or an INBOUND_REFUSALS code. */
  failure_code: z.string().nullable(),
});
export type TAdminInboundDocument = z.infer<typeof ZAdminInboundDocument>;

export const ZAdminInboundMessage = z.object({
  id: z.number().int(),
  received_at: z.string(),
  via: z.enum(['smtp', 'http']),
  from_address: z.string().nullable(),
  subject: z.string().nullable(),
  verdict: z.enum(INBOUND_VERDICTS),
  /** The sender check's findings: dmarc, spf, dkim (pass, fail, none, ...). */
  auth: z.object({
    dmarc: z.string().nullable(),
    spf: z.string().nullable(),
    dkim: z.string().nullable(),
  }),
  status: z.enum(['received', 'processed', 'ignored', 'failed']),
  outcome: z.enum(INBOUND_OUTCOMES).nullable(),
  documents: z.array(ZAdminInboundDocument),
  user_email: z.string().nullable(),
  express_order_id: z.number().int().nullable(),
  printjob_id: z.number().int().nullable(),
  replied_at: z.string().nullable(),
});
export type TAdminInboundMessage = z.infer<typeof ZAdminInboundMessage>;

export const ZAdminInboundMessages = z.object({ messages: z.array(ZAdminInboundMessage) });
export type TAdminInboundMessages = z.infer<typeof ZAdminInboundMessages>;
/** How many of a printer's newest messages the admin page lists. */
export const ADMIN_INBOUND_MESSAGES_LIMIT = 50;
