import { sql, type Insertable, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TDocumentRow, TDocumentsTable } from '../../db/schema';

export function findDocumentOfUser(
  db: TDb,
  id: number,
  userId: number,
): Promise<TDocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findDocument(db: TDb, id: number): Promise<TDocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countDocumentsOfPrintjob(db: TDb, printjobId: number): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('printjob_id', '=', printjobId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertDocument(db: TDb, row: Insertable<TDocumentsTable>): Promise<TDocumentRow> {
  return db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates a document only while it is still being processed (it may have been removed meanwhile). */
export function finishProcessing(
  db: TDb,
  id: number,
  changes: Updateable<TDocumentsTable>,
): Promise<TDocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set({ ...changes, processed_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

export function updateDocument(
  db: TDb,
  id: number,
  changes: Updateable<TDocumentsTable>,
): Promise<TDocumentRow> {
  return db
    .updateTable('documents')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDocument(db: TDb, id: number): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

/** A document of the job with what a download check needs (its job's status and printer). */
export function findDocumentForDownload(db: TDb, documentId: number, printjobId: number) {
  return db
    .selectFrom('documents')
    .innerJoin('printjobs', 'printjobs.id', 'documents.printjob_id')
    .select(['documents.pdf_key', 'documents.name', 'printjobs.status', 'printjobs.printer_id'])
    .where('documents.id', '=', documentId)
    .where('documents.printjob_id', '=', printjobId)
    .executeTakeFirst();
}

/** What the printer received: a job it reports printed is charged at least these documents. */
export async function markDocumentDelivered(db: TDb, id: number, at: Date): Promise<void> {
  await db.updateTable('documents').set({ delivered_at: at }).where('id', '=', id).execute();
}

/** The documents of a job whose files were not deleted yet. */
export function listStoredDocumentsOfPrintjob(db: TDb, printjobId: number) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('printjob_id', '=', printjobId)
    .where('files_deleted_at', 'is', null)
    .execute();
}

/**
 * The document's files are gone: its row stays (name, pages, colours). The upload's key goes;
 * a ready document keeps its PDF's key (the schema wants one) and `files_deleted_at` says why
 * there is no file behind it.
 */
export async function markDocumentFilesDeleted(db: TDb, id: number, at: Date): Promise<void> {
  await db
    .updateTable('documents')
    .set({ original_key: null, files_deleted_at: at, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The statuses of a job that ended: its documents' files go after the retention. */
const ENDED = ['printed', 'failed', 'archived'] as const;

/**
 * Jobs that ended before `cutoff` and still have documents with files (or unmarked rows), oldest
 * first; express orders' jobs are left to their order (express-jobs.ts). Driven from the
 * documents not yet cleared (partial index), so it does not grow with the history.
 */
export async function listEndedJobsWithStoredDocuments(
  db: TDb,
  cutoff: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .innerJoin('printjobs', 'printjobs.id', 'documents.printjob_id')
    .select('printjobs.id')
    .distinct()
    .where('documents.files_deleted_at', 'is', null)
    .where('printjobs.status', 'in', ENDED)
    .where('printjobs.express_order_id', 'is', null)
    .where(sql<Date>`coalesce(printjobs.finished_at, printjobs.updated_at)`, '<', cutoff)
    .orderBy('printjobs.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Unreleased, unconfirmed jobs with documents where neither the job nor any of its documents
 * changed since `cutoff` (abandoned: docs/decisions.md "Document retention").
 */
export async function listAbandonedJobs(db: TDb, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .innerJoin('printjobs', 'printjobs.id', 'documents.printjob_id')
    .select('printjobs.id')
    .distinct()
    .where('documents.files_deleted_at', 'is', null)
    .where('printjobs.status', '=', 'created')
    .where('printjobs.is_submitted', '=', false)
    .where('printjobs.express_order_id', 'is', null)
    .where('printjobs.updated_at', '<', cutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('documents as recent')
            .select('recent.id')
            .whereRef('recent.printjob_id', '=', 'printjobs.id')
            .where('recent.updated_at', '>=', cutoff),
        ),
      ),
    )
    .orderBy('printjobs.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Removes all documents of a job (an abandoned one): the removed rows, for their files. */
export function deleteDocumentsOfPrintjob(db: TDb, printjobId: number): Promise<TDocumentRow[]> {
  return db.deleteFrom('documents').where('printjob_id', '=', printjobId).returningAll().execute();
}
