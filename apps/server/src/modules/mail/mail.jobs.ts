import { z } from 'zod';
import type { TJobType } from '../jobs/queue';

const ZMailJobPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  inReplyTo: z.string().optional(),
  references: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string(),
        contentType: z.string(),
        contentBase64: z.string(),
        cid: z.string().optional(),
      }),
    )
    .optional(),
});

/** Mail goes out from the job queue, so a slow or down SMTP server never fails a request. */
export const SEND_MAIL_JOB: TJobType<typeof ZMailJobPayload> = {
  name: 'mail.send',
  schema: ZMailJobPayload,
  maxAttempts: 8,
};
