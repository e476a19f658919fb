import type { Insertable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TMailLogTable } from '../../db/schema';

/** Without SMTP_URL mail is kept in `mail_log` (the development mailbox shows it). */
export async function insertMailLog(db: TDb, row: Insertable<TMailLogTable>): Promise<void> {
  await db.insertInto('mail_log').values(row).execute();
}

/** The newest kept mails first. */
export function listMailLog(db: TDb, limit: number) {
  return db.selectFrom('mail_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
