import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type {
  TInboundDocument,
  TInboundMessageRow,
  TInboundStatus,
  TNewInboundMessage,
  TPrinterRow,
} from '../../db/schema';

/**
 * Records a received message unless the same one (printer and dedupe key) was recorded before:
 * answers the new row, or undefined for a redelivery (the unique constraint decides, so two
 * deliveries racing on two server instances still make one row).
 */
export function insertInboundMessage(
  db: TDb,
  values: TNewInboundMessage,
): Promise<TInboundMessageRow | undefined> {
  return db
    .insertInto('inbound_messages')
    .values(values)
    .onConflict((oc) => oc.constraint('inbound_messages_once').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The row a redelivered message was recorded as (the same printer and dedupe key). */
export function findInboundMessageByDedupeKey(
  db: TDb,
  printerId: number,
  dedupeKey: string,
): Promise<TInboundMessageRow | undefined> {
  return db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('printer_id', '=', printerId)
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
}

export function findInboundMessage(db: TDb, id: number): Promise<TInboundMessageRow | undefined> {
  return db.selectFrom('inbound_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The message row locked for this transaction (the processing job's claim on it). */
export function lockInboundMessage(db: TDb, id: number): Promise<TInboundMessageRow | undefined> {
  return db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface TInboundMessageUpdate {
  status?: TInboundStatus;
  outcome?: string | null;
  documents?: TInboundDocument[];
  user_id?: number | null;
  express_order_id?: number | null;
  printjob_id?: number | null;
  raw_key?: string | null;
  reply_locale?: string | null;
  replied_at?: Date | null;
  processed_at?: Date | null;
  claim_token?: string | null;
  claimed_until?: Date | null;
}

export async function updateInboundMessage(
  db: TDb,
  id: number,
  values: TInboundMessageUpdate,
): Promise<void> {
  const { documents, ...rest } = values;
  await db
    .updateTable('inbound_messages')
    .set({ ...rest, ...(documents && { documents: JSON.stringify(documents) }) })
    .where('id', '=', id)
    .execute();
}

/** The printer whose address this is (compared in lower case); disabled printers too. */
export function findPrinterByMailAddress(
  db: TDb,
  address: string,
): Promise<TPrinterRow | undefined> {
  return db
    .selectFrom('printers')
    .selectAll()
    .where('email', '=', address.trim().toLowerCase())
    .executeTakeFirst();
}

/** A printer's most recent inbound messages, newest first (the admin list). */
export function listInboundMessagesOfPrinter(
  db: TDb,
  printerId: number,
  limit: number,
): Promise<TInboundMessageRow[]> {
  return db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('printer_id', '=', printerId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many messages a printer received since `since` (tests and the admin list's counts). */
export async function countInboundMessagesSince(
  db: TDb,
  printerId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('inbound_messages')
    .select(sql<number>`count(*)`.as('n'))
    .where('printer_id', '=', printerId)
    .where('received_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The token of the express order a stranger's message made (its pay link): a retry of the
 * processing reuses the order the row records instead of opening a second one.
 */
export async function findExpressOrderToken(db: TDb, orderId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('express_orders')
    .select('token')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.token;
}

/**
 * Claims a message still 'received' for one processing run: answers the row when no other run
 * holds it (no claim, or one whose time ran out), else undefined. One statement, so two runs
 * racing for it (a job whose lease was lost runs twice) get it once.
 */
export function claimInboundMessage(
  db: TDb,
  id: number,
  token: string,
  holdMs: number,
): Promise<TInboundMessageRow | undefined> {
  return db
    .updateTable('inbound_messages')
    .set({
      claim_token: token,
      claimed_until: sql<Date>`now() + ${`${holdMs} milliseconds`}::interval`,
    })
    .where('id', '=', id)
    .where('status', '=', 'received')
    .where((eb) =>
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', sql<Date>`now()`)]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records progress of the run holding the claim `token` and extends its claim by `holdMs`.
 * Answers false when the claim is no longer this run's (it ran out and another run took the
 * message, or the message was finished meanwhile): the run must stop.
 */
export async function updateClaimedInboundMessage(
  db: TDb,
  id: number,
  token: string,
  holdMs: number,
  values: TInboundMessageUpdate,
): Promise<boolean> {
  const { documents, ...rest } = values;
  const result = await db
    .updateTable('inbound_messages')
    .set({
      ...rest,
      ...(documents && { documents: JSON.stringify(documents) }),
      claimed_until: sql<Date>`now() + ${`${holdMs} milliseconds`}::interval`,
    })
    .where('id', '=', id)
    .where('status', '=', 'received')
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives a claim up (the run failed and a retry may come at once); only the holder's own. */
export async function releaseInboundClaim(db: TDb, id: number, token: string): Promise<void> {
  await db
    .updateTable('inbound_messages')
    .set({ claim_token: null, claimed_until: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/**
 * Messages still 'received' that arrived before `before` and that no run holds: their processing
 * died without finishing them (the sweep). Oldest first, at most `limit`.
 */
export async function listStuckInboundMessages(
  db: TDb,
  before: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('inbound_messages')
    .select('id')
    .where('status', '=', 'received')
    .where('received_at', '<', before)
    .where((eb) =>
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', sql<Date>`now()`)]),
    )
    .orderBy('received_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The printers' addresses with their names (the start-up check of the addresses). */
export function listPrinterMailAddresses(
  db: TDb,
): Promise<Array<{ id: number; name: string; email: string | null }>> {
  return db.selectFrom('printers').select(['id', 'name', 'email']).orderBy('id').execute();
}

/**
 * Gives a printer a new address unless its address changed since it was read (an admin saved
 * it meanwhile): answers whether it was set.
 */
export async function replacePrinterMailAddress(
  db: TDb,
  id: number,
  from: string | null,
  to: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('printers')
    .set({ email: to, updated_at: now })
    .where('id', '=', id)
    .where((eb) => (from === null ? eb('email', 'is', null) : eb('email', '=', from)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
