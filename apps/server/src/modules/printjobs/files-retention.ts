import type { TConfig } from '../../config';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';

// When a job's documents' files go (issue 17 point 4; docs/decisions.md "Document retention").
// The rule lives here, with the jobs, so the print page can say when; the documents module's
// retention check (documents/document-retention.service.ts) deletes by the same rule.
//
// - A job that ended (printed, failed, expired, cancelled in favour of another job): its files go
//   DOCUMENT_RETENTION_HOURS after it ended; the rows stay (history, billing, statistics).
// - A job never released ("abandoned"): its documents go, rows and all, once the job and its
//   documents have been left alone for DOCUMENT_ABANDON_HOURS. A confirmed job first has its
//   confirmation lapse (PRINTJOB_CONFIRMED_EXPIRY_HOURS), which counts as a change to it.
// - A released job waiting or printing: nothing goes.

type TRetentionConfig = Pick<TConfig, 'documentRetentionHours' | 'documentAbandonMs'> & {
  printjobExpiry: Pick<TConfig['printjobExpiry'], 'confirmedMs'>;
};

/** The moment an ended job counts as ended from (a job ended by hand may lack finished_at). */
export function endedAt(job: Pick<TPrintjobRow, 'finished_at' | 'updated_at'>): Date {
  return job.finished_at ?? job.updated_at;
}

/** When an ended job's documents' files are deleted. */
export function filesDeleteAtOfEndedJob(config: TRetentionConfig, ended: Date): Date {
  return new Date(ended.getTime() + config.documentRetentionHours * 3_600_000);
}

/** The job's last change: its own (settings, confirmation) or a document's (upload, copies). */
export function lastActivityOf(
  job: Pick<TPrintjobRow, 'updated_at'>,
  documents: readonly Pick<TDocumentRow, 'updated_at'>[],
): Date {
  return new Date(
    Math.max(job.updated_at.getTime(), ...documents.map((d) => d.updated_at.getTime())),
  );
}

/**
 * When an unreleased job's documents are removed if it is left as it is; null when nothing is
 * due (no documents, or the job is released or ended).
 */
export function filesDeleteAtOfOpenJob(
  config: TRetentionConfig,
  job: Pick<
    TPrintjobRow,
    'status' | 'is_submitted' | 'submitted_at' | 'updated_at' | 'express_order_id'
  >,
  documents: readonly Pick<TDocumentRow, 'updated_at'>[],
): Date | null {
  if (job.status !== 'created' || job.express_order_id !== null || documents.length === 0)
    return null;
  let from = lastActivityOf(job, documents).getTime();
  // A confirmed job is left alone until its confirmation lapses, and counts from then.
  if (job.is_submitted && job.submitted_at)
    from = Math.max(from, job.submitted_at.getTime() + config.printjobExpiry.confirmedMs);
  return new Date(from + config.documentAbandonMs);
}
