import type { TLocale } from '@printomat/shared';
import type { TDb } from '../../db/database';
import type { TDocumentRow, TPrintjobRow, TPrintjobsTable } from '../../db/schema';
import { sql, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';

/** The documents of a print job, in upload order (the job owns its documents). */
export function listDocumentsOfPrintjob(db: TDb, printjobId: number): Promise<TDocumentRow[]> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('printjob_id', '=', printjobId)
    .orderBy('id')
    .execute();
}

export function findCurrentPrintjob(db: TDb, userId: number): Promise<TPrintjobRow | undefined> {
  return db
    .selectFrom('printjobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'created')
    .executeTakeFirst();
}

/** Creates the current job unless one exists (the partial unique index keeps it to one). */
export async function ensureCurrentPrintjob(db: TDb, userId: number): Promise<TPrintjobRow> {
  const existing = await findCurrentPrintjob(db, userId);
  if (existing) return existing;
  await db
    .insertInto('printjobs')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'created').doNothing())
    .execute();
  const created = await findCurrentPrintjob(db, userId);
  if (!created) throw new Error(`could not create a current print job for user ${userId}`);
  return created;
}

/** The job, only if it belongs to the user; locked for the rest of the transaction. */
export function lockPrintjobOfUser(
  db: TDb,
  id: number,
  userId: number,
): Promise<TPrintjobRow | undefined> {
  return db
    .selectFrom('printjobs')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function updatePrintjob(
  db: TDb,
  id: number,
  changes: Updateable<TPrintjobsTable>,
): Promise<TPrintjobRow> {
  return db
    .updateTable('printjobs')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether the user holds pages bought in a package right now (decides the job's kind). */
export async function hasActivePackage(db: TDb, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('page_grants')
    .select('id')
    .where('user_id', '=', userId)
    .where('source', '=', 'package')
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A released job still on its way through the printer (the person's screen shows it, locked). */
export function findScheduledPrintjob(db: TDb, userId: number): Promise<TPrintjobRow | undefined> {
  return db
    .selectFrom('printjobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'scheduled')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The person's job that ended most recently after `since`, with its printer and charge. */
export function findRecentResult(db: TDb, userId: number, since: Date) {
  // A job cancelled and released again has a voided reservation besides the one that was
  // posted: only the live one says what was charged (none: nothing was).
  return db
    .selectFrom('printjobs')
    .leftJoin('printers', 'printers.id', 'printjobs.printer_id')
    .leftJoin('page_reservations', (join) =>
      join
        .onRef('page_reservations.printjob_id', '=', 'printjobs.id')
        .on('page_reservations.status', '!=', 'voided'),
    )
    .select([
      'printjobs.id',
      'printjobs.status',
      'printjobs.printed_faces',
      'printjobs.failure_reason',
      'printjobs.finished_at',
      'printers.name as printer_name',
      'page_reservations.charged',
      // Retention: when its documents' files went (all at once), if they did.
      (eb) =>
        eb
          .selectFrom('documents')
          .select((d) => d.fn.max('documents.files_deleted_at').as('at'))
          .whereRef('documents.printjob_id', '=', 'printjobs.id')
          .as('files_deleted_at'),
    ])
    .where('printjobs.user_id', '=', userId)
    .where('printjobs.status', 'in', ['archived', 'failed'])
    .where('printjobs.finished_at', '>', since)
    .orderBy('printjobs.finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Changes the job only while it still has `status` (a concurrent change wins): the new row or undefined. */
export function updatePrintjobIfStatus(
  db: TDb,
  id: number,
  status: TPrintjobRow['status'],
  changes: Updateable<TPrintjobsTable>,
): Promise<TPrintjobRow | undefined> {
  return db
    .updateTable('printjobs')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', status)
    .returningAll()
    .executeTakeFirst();
}

export function findPrintjob(db: TDb, id: number): Promise<TPrintjobRow> {
  return db.selectFrom('printjobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The job, locked for the rest of the transaction. */
export function lockPrintjobById(db: TDb, id: number): Promise<TPrintjobRow | undefined> {
  return db.selectFrom('printjobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findPrintjobById(db: TDb, id: number): Promise<TPrintjobRow | undefined> {
  return db.selectFrom('printjobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The printer reported the first document: stamps `printing_started_at` once, while scheduled. */
export function markPrintingStarted(
  db: TDb,
  id: number,
  at: Date,
): Promise<TPrintjobRow | undefined> {
  return db
    .updateTable('printjobs')
    .set({ printing_started_at: at })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .where('printing_started_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A job of `userId` released on `printerId` at or after `since` (usage attribution). */
export function findJobReleasedOnPrinterSince(
  db: TDb,
  userId: number,
  printerId: number,
  since: Date,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('printjobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('printer_id', '=', printerId)
    .where('released_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
}

/**
 * Removes the owner's current job other than `exceptId` if it has no documents (a failed job
 * going back to `created` must be the owner's one current job again); answers whether one with
 * documents is in the way.
 */
export async function removeOtherEmptyCurrentJob(
  db: TDb,
  userId: number,
  exceptId: number,
): Promise<'none' | 'removed' | 'has_documents'> {
  const other = await db
    .selectFrom('printjobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'created')
    .where('id', '<>', exceptId)
    .forUpdate()
    .executeTakeFirst();
  if (!other) return 'none';
  const documents = await db
    .selectFrom('documents')
    .select('id')
    .where('printjob_id', '=', other.id)
    .limit(1)
    .executeTakeFirst();
  if (documents) return 'has_documents';
  await db.deleteFrom('printjobs').where('id', '=', other.id).execute();
  return 'removed';
}

/**
 * Page-paid jobs released before `releasedBefore` that the printer has not started: expired.
 * Express jobs (paid in money) keep their order's own deadline.
 */
export async function listWaitingJobsReleasedBefore(
  db: TDb,
  releasedBefore: Date,
): Promise<number[]> {
  const rows = await db
    .selectFrom('printjobs')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('printing_started_at', 'is', null)
    .where('released_at', '<', releasedBefore)
    .where('express_order_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Page-paid jobs waiting at a printer (released there, not started), locked. */
export async function lockWaitingJobsOfPrinter(
  db: TDb,
  printerId: number,
): Promise<TPrintjobRow[]> {
  return db
    .selectFrom('printjobs')
    .selectAll()
    .where('printer_id', '=', printerId)
    .where('status', '=', 'scheduled')
    .where('printing_started_at', 'is', null)
    .where('express_order_id', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Page-paid jobs that started printing before `silentSince` at a printer whose agent has not been
 * heard from since then: the agent is gone for good, nothing will ever report their end.
 */
export async function listStartedJobsOfSilentPrinters(
  db: TDb,
  silentSince: Date,
): Promise<number[]> {
  const rows = await db
    .selectFrom('printjobs')
    .innerJoin('printers', 'printers.id', 'printjobs.printer_id')
    .select('printjobs.id')
    .where('printjobs.status', '=', 'scheduled')
    .where('printjobs.printing_started_at', '<', silentSince)
    .where('printjobs.express_order_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('printers.agent_last_seen_at', 'is', null),
        eb('printers.agent_last_seen_at', '<', silentSince),
      ]),
    )
    .orderBy('printjobs.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Page-paid jobs confirmed before `submittedBefore` and still not released. */
export async function listJobsConfirmedBefore(db: TDb, submittedBefore: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('printjobs')
    .select('id')
    .where('status', '=', 'created')
    .where('is_submitted', '=', true)
    .where('submitted_at', '<', submittedBefore)
    .where('express_order_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Where and in which language to tell a job's owner about it (the owner goes with the job). */
export function findOwnerOfPrintjob(
  db: TDb,
  userId: number,
): Promise<{ email: string; locale: TLocale } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A row as `json_agg` gives it: timestamps as ISO strings. */
type TJsonRow<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** A document row read back from JSON. */
function documentFromJson(raw: TJsonRow<TDocumentRow>): TDocumentRow {
  const at = (value: string | null) => (value === null ? null : new Date(value));
  return {
    ...raw,
    created_at: new Date(raw.created_at),
    updated_at: new Date(raw.updated_at),
    processed_at: at(raw.processed_at),
    delivered_at: at(raw.delivered_at),
    files_deleted_at: at(raw.files_deleted_at),
  };
}

/**
 * Everything the person's current-job answer shows, in one round trip: the job printing now
 * (scheduled) or else the editable one, its documents, its printer's name, whether the person
 * holds package pages (the job's kind), and (for an editable job) the job that ended most recently
 * after `recentSince` with its printer, charge and files' deletion. Undefined: no such job yet.
 */
export async function findCurrentJobView(db: TDb, userId: number, recentSince: Date, now: Date) {
  const row = await db
    .selectFrom('printjobs as j')
    .leftJoin('printers as p', 'p.id', 'j.printer_id')
    .leftJoinLateral(
      (eb) =>
        // A job cancelled and released again has a voided reservation besides the one that was
        // posted: only the live one says what was charged (none: nothing was).
        eb
          .selectFrom('printjobs as r')
          .leftJoin('printers as rp', 'rp.id', 'r.printer_id')
          .leftJoin('page_reservations as rr', (join) =>
            join.onRef('rr.printjob_id', '=', 'r.id').on('rr.status', '!=', 'voided'),
          )
          .select([
            'r.id',
            'r.status',
            'r.printed_faces',
            'r.failure_reason',
            'r.finished_at',
            'rp.name as printer_name',
            'rr.charged',
            // Retention: when its documents' files went (all at once), if they did.
            (eb) =>
              eb
                .selectFrom('documents as rd')
                .select((d) => d.fn.max('rd.files_deleted_at').as('at'))
                .whereRef('rd.printjob_id', '=', 'r.id')
                .as('files_deleted_at'),
          ])
          .whereRef('r.user_id', '=', 'j.user_id')
          .where('j.status', '=', 'created')
          .where('r.status', 'in', ['archived', 'failed'])
          .where('r.finished_at', '>', recentSince)
          .orderBy('r.finished_at', 'desc')
          .limit(1)
          .as('recent'),
      (join) => join.onTrue(),
    )
    .selectAll('j')
    .select((eb) => [
      'p.name as view_printer_name',
      'recent.id as recent_id',
      'recent.status as recent_status',
      'recent.printed_faces as recent_printed_faces',
      'recent.failure_reason as recent_failure_reason',
      'recent.finished_at as recent_finished_at',
      'recent.printer_name as recent_printer_name',
      'recent.charged as recent_charged',
      'recent.files_deleted_at as recent_files_deleted_at',
      eb
        .exists(
          eb
            .selectFrom('page_grants as g')
            .select('g.id')
            .whereRef('g.user_id', '=', 'j.user_id')
            .where('g.source', '=', 'package')
            .where('g.remaining', '>', 0)
            .where((w) => w.or([w('g.expires_at', 'is', null), w('g.expires_at', '>', now)])),
        )
        .as('view_has_package'),
      jsonArrayFrom(
        eb
          .selectFrom('documents as d')
          .selectAll('d')
          .whereRef('d.printjob_id', '=', 'j.id')
          .orderBy('d.id'),
      ).as('view_documents'),
    ])
    .where('j.user_id', '=', userId)
    .where('j.status', 'in', ['scheduled', 'created'])
    // The latest released job still printing first, else the editable one.
    .orderBy(sql`j.status = 'scheduled'`, 'desc')
    .orderBy('j.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    view_printer_name: printerName,
    view_has_package: hasPackage,
    view_documents: documents,
    recent_id,
    recent_status,
    recent_printed_faces,
    recent_failure_reason,
    recent_finished_at,
    recent_printer_name,
    recent_charged,
    recent_files_deleted_at,
    ...job
  } = row;
  return {
    job: job satisfies TPrintjobRow,
    documents: documents.map(documentFromJson),
    printerName,
    hasPackage: Boolean(hasPackage),
    recent:
      recent_id === null || recent_status === null
        ? undefined
        : {
            id: recent_id,
            status: recent_status,
            printed_faces: recent_printed_faces,
            failure_reason: recent_failure_reason,
            finished_at: recent_finished_at,
            printer_name: recent_printer_name,
            charged: recent_charged,
            files_deleted_at:
              recent_files_deleted_at === null ? null : new Date(recent_files_deleted_at),
          },
  };
}
