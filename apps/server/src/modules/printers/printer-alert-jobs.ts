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
 * The recurring look for printers whose agent went silent: a recurring task of the jobs module
 * (`jobs/recurring.ts`, one run per interval across instances); its runs are jobs of this kind.
 */
export const PRINTER_ALERT_CHECK_JOB_NAME = 'printers.alert_check';
