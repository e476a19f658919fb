import { z } from 'zod';
import type { TJobType } from '../jobs/queue';

const ZProcessInboundPayload = z.object({ messageId: z.number().int().positive() });

/**
 * Processes one received message (inbound_messages row): its attachments become documents in the
 * sender's current job or in a new express order, and the reply goes out. Idempotent: a message
 * no longer 'received' is left alone, so a retry after a crash never adds documents twice.
 */
export const PROCESS_INBOUND_MAIL_JOB: TJobType<typeof ZProcessInboundPayload> = {
  name: 'inbound_mail.process',
  schema: ZProcessInboundPayload,
  maxAttempts: 5,
};
