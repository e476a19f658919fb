import { sql } from 'kysely';
import type { TAgentPrinterStatus } from '@printomat/shared';
import type { TDb } from '../../db/database';
import type { TPrinterRow, TPrintjobRow } from '../../db/schema';

export function findPrinterByMinionId(db: TDb, minionId: string): Promise<TPrinterRow | undefined> {
  return db.selectFrom('printers').selectAll().where('minion_id', '=', minionId).executeTakeFirst();
}

export async function recordPrinterSeen(
  db: TDb,
  printerId: number,
  now: Date,
  status: TAgentPrinterStatus | undefined,
  /** Given on hello: the version the agent says it runs. */
  agentVersion?: string,
): Promise<void> {
  await db
    .updateTable('printers')
    .set({
      agent_last_seen_at: now,
      ...(status ? { agent_status: JSON.stringify(status) } : {}),
      ...(agentVersion !== undefined ? { agent_version: agentVersion } : {}),
    })
    .where('id', '=', printerId)
    .execute();
}

export async function upsertDetectedPrinter(
  db: TDb,
  row: {
    minionId: string;
    secretHash: string;
    agentVersion: string;
    status: TAgentPrinterStatus | undefined;
    remoteAddress: string | null;
    now: Date;
  },
): Promise<void> {
  const info = row.status ? JSON.stringify(row.status) : null;
  await db
    .insertInto('detected_printers')
    .values({
      minion_id: row.minionId,
      secret_hash: row.secretHash,
      agent_version: row.agentVersion,
      printer_info: info,
      remote_address: row.remoteAddress,
      first_seen_at: row.now,
      last_seen_at: row.now,
    })
    .onConflict((oc) =>
      oc.column('minion_id').doUpdateSet({
        // The first secret seen stays: a later agent with another secret cannot take the slot over.
        agent_version: row.agentVersion,
        printer_info: info ?? sql`detected_printers.printer_info`,
        remote_address: row.remoteAddress,
        last_seen_at: row.now,
      }),
    )
    .execute();
}

export async function touchDetectedPrinter(
  db: TDb,
  minionId: string,
  now: Date,
  status: TAgentPrinterStatus,
): Promise<void> {
  await db
    .updateTable('detected_printers')
    .set({ last_seen_at: now, printer_info: JSON.stringify(status) })
    .where('minion_id', '=', minionId)
    .execute();
}

export function findDetectedPrinter(db: TDb, minionId: string) {
  return db
    .selectFrom('detected_printers')
    .selectAll()
    .where('minion_id', '=', minionId)
    .executeTakeFirst();
}

/**
 * Detected agents, newest first, each with the printer that already has its minion_id (typed by
 * an admin before the agent connected), if any: that is where it is meant to be attached.
 */
export function listDetectedPrinters(db: TDb) {
  return db
    .selectFrom('detected_printers')
    .leftJoin('printers', 'printers.minion_id', 'detected_printers.minion_id')
    .selectAll('detected_printers')
    .select(['printers.id as claimed_printer_id', 'printers.name as claimed_printer_name'])
    .orderBy('detected_printers.last_seen_at', 'desc')
    .limit(200)
    .execute();
}

export async function countDetectedPrinters(db: TDb): Promise<number> {
  const row = await db
    .selectFrom('detected_printers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteDetectedPrinter(db: TDb, minionId: string): Promise<void> {
  await db.deleteFrom('detected_printers').where('minion_id', '=', minionId).execute();
}

/** Jobs released to the printer that have not ended yet, oldest first. */
export function listScheduledJobsOfPrinter(db: TDb, printerId: number): Promise<TPrintjobRow[]> {
  return db
    .selectFrom('printjobs')
    .selectAll()
    .where('printer_id', '=', printerId)
    .where('status', '=', 'scheduled')
    .orderBy('released_at')
    .orderBy('id')
    .execute();
}

export async function insertDownloadToken(
  db: TDb,
  row: { tokenHash: string; printerId: number; printjobId: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('agent_download_tokens')
    .values({
      token_hash: row.tokenHash,
      printer_id: row.printerId,
      printjob_id: row.printjobId,
      expires_at: row.expiresAt,
    })
    .execute();
}

export function findDownloadToken(db: TDb, tokenHash: string, now: Date) {
  return db
    .selectFrom('agent_download_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteExpiredDownloadTokens(db: TDb, now: Date): Promise<void> {
  await db.deleteFrom('agent_download_tokens').where('expires_at', '<=', now).execute();
}
