import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TRole } from '@printomat/shared';
import { escapeLike } from './admin-printjobs.repo';

export interface TUserFilter {
  q?: string | undefined;
  role?: TRole | undefined;
}

/** People's accounts: an express order's guest account is no one to list or count. */
function filtered(db: TDb, filter: TUserFilter) {
  let query = db.selectFrom('users').where('role', '<>', 'guest');
  if (filter.q) query = query.where('email', 'ilike', `%${escapeLike(filter.q.toLowerCase())}%`);
  if (filter.role) query = query.where('role', '=', filter.role);
  return query;
}

export async function countUsers(db: TDb, filter: TUserFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Users with their unexpired remaining pages (the ledger's sum, as `remainingPages` counts). */
export function listUsers(
  db: TDb,
  filter: TUserFilter,
  paging: { limit: number; offset: number },
  now: Date,
) {
  return filtered(db, filter)
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('page_grants')
        .select(sql<number>`coalesce(sum(page_grants.remaining), 0)`.as('pages'))
        .whereRef('page_grants.user_id', '=', 'users.id')
        .where((w) =>
          w.or([w('page_grants.expires_at', 'is', null), w('page_grants.expires_at', '>', now)]),
        )
        .as('remaining_pages'),
    )
    .orderBy('users.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

export function listGrantsOfUser(db: TDb, userId: number) {
  return db
    .selectFrom('page_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}
