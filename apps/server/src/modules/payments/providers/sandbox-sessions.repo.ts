import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TSandboxSessionsTable } from '../../../db/schema';

export type TSandboxSessionRow = Selectable<TSandboxSessionsTable>;

export async function insertSandboxSession(
  db: TDb,
  values: Insertable<TSandboxSessionsTable>,
): Promise<void> {
  await db.insertInto('sandbox_sessions').values(values).execute();
}

const sessionByToken = (db: TDb, tokenHash: string) =>
  db.selectFrom('sandbox_sessions').selectAll().where('token_hash', '=', tokenHash);

export function lockSandboxSession(
  db: TDb,
  tokenHash: string,
): Promise<TSandboxSessionRow | undefined> {
  return sessionByToken(db, tokenHash).forUpdate().executeTakeFirst();
}

export function findSandboxSession(
  db: TDb,
  tokenHash: string,
): Promise<TSandboxSessionRow | undefined> {
  return sessionByToken(db, tokenHash).executeTakeFirst();
}

export async function updateSandboxSession(
  db: TDb,
  tokenHash: string,
  values: Updateable<TSandboxSessionsTable>,
): Promise<void> {
  await db
    .updateTable('sandbox_sessions')
    .set(values)
    .where('token_hash', '=', tokenHash)
    .execute();
}
