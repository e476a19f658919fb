import { z } from 'zod';
import type { TJobType } from '../jobs/queue';

const ZProcessPayload = z.object({ documentId: z.number().int() });

/** Normalise an upload to PDF, count pages, find colour pages. */
export const PROCESS_DOCUMENT_JOB: TJobType<typeof ZProcessPayload> = {
  name: 'documents.process',
  schema: ZProcessPayload,
  maxAttempts: 3,
};
