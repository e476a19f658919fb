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
