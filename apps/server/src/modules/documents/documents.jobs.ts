import { z } from 'zod';
import type { TJobType } from '../jobs/queue';

const ZProcessPayload = z.object({ documentId: z.number().int() });

/**
 * Normalise an upload to PDF, count pages, find colour pages. Enqueued with the uploader as the
 * fair key: people take turns, so one person's many heavy files cannot hold back someone else's.
 */
export const PROCESS_DOCUMENT_JOB: TJobType<typeof ZProcessPayload> = {
  name: 'documents.process',
  schema: ZProcessPayload,
  maxAttempts: 3,
  fair: true,
};

/** The fair key of a person's document jobs. */
export const documentFairKey = (userId: number): string => `user:${userId}`;
