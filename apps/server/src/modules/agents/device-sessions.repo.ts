import type { TDeviceAction } from '@printomat/shared';
import type { TDb } from '../../db/database';

/** A person signed in at a printer's panel with ID + PIN (issue 16). */
export function insertDeviceSession(
  db: TDb,
  row: {
    printer_id: number;
    user_id: number;
    action: TDeviceAction;
    color_allowed: boolean;
    upload_token_hash: string | null;
    created_at: Date;
    expires_at: Date;
  },
) {
  return db
    .insertInto('device_sessions')
    .values(row)
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/**
 * A session with what its person's PIN is now (null PIN fields: the person is gone, or has no
 * PIN since a reset), so a session opened before the PIN was changed or reset can be told.
 */
export function findDeviceSessionWithPin(db: TDb, sessionId: number) {
  return db
    .selectFrom('device_sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['u.pin_hash', 'u.pin_set_at'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

/** Marks the session ended (once; only the session's own printer may); answers whether it did. */
export async function markDeviceSessionEnded(
  db: TDb,
  sessionId: number,
  printerId: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('device_sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('printer_id', '=', printerId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A scan session whose person and printer still exist, with its upload token's hash and what the
 * person's PIN is now.
 */
export function findScanSessionForUpload(db: TDb, sessionId: number) {
  return db
    .selectFrom('device_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('printers as p', 'p.id', 's.printer_id')
    .select([
      's.id',
      's.user_id',
      's.printer_id',
      's.upload_token_hash',
      's.created_at',
      's.expires_at',
      'u.blocked_at',
      'u.pin_hash',
      'u.pin_set_at',
    ])
    .where('s.id', '=', sessionId)
    .where('s.action', '=', 'scan')
    .executeTakeFirst();
}
