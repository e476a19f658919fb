import { z } from 'zod';
import type { TJobType } from '../jobs/queue';

/** Tell admins, the contact and the webhook that an incident began or ended. */
export const PRINTER_ALERT_JOB = {
  name: 'printers.alert',
  schema: z.object({
    incidentId: z.number().int().positive(),
    event: z.enum(['opened', 'recovered']),
  }),
  maxAttempts: 8,
} satisfies TJobType<z.ZodType>;

/** One delivery of an alert to ALERT_WEBHOOK_URL; retried with backoff until it answers 2xx. */
export const PRINTER_ALERT_WEBHOOK_JOB = {
  name: 'printers.alert_webhook',
  schema: z.object({ body: z.string() }),
  maxAttempts: 10,
} satisfies TJobType<z.ZodType>;

/**
 * The recurring look for printers whose agent went silent. Each run queues the next one first,
 * at the next multiple of the interval with that time as its unique key: however many
 * instances run, one check is queued per interval (and a failed run does not end the chain).
 */
export const PRINTER_ALERT_CHECK_JOB = {
  name: 'printers.alert_check',
  schema: z.object({}),
  maxAttempts: 1,
} satisfies TJobType<z.ZodType>;
