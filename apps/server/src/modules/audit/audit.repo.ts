import type { Insertable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TAuditLogTable } from '../../db/schema';

export function listAuditEntries(
  db: TDb,
  options: {
    limit: number;
    beforeId?: number | undefined;
    /** An exact action (`printjob.reset`) or a prefix before the dot (`printjob`). */
    action?: string | undefined;
    subjectType?: string | undefined;
    subjectId?: string | undefined;
  },
) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.details',
      'audit_log.ip',
      'audit_log.created_at',
      'audit_log.actor_user_id',
      'users.email as actor_email',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(options.limit);
  if (options.beforeId !== undefined) query = query.where('audit_log.id', '<', options.beforeId);
  const { action, subjectType, subjectId } = options;
  if (action)
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.action', '=', action),
        eb('audit_log.action', 'like', `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`),
      ]),
    );
  if (subjectType) query = query.where('audit_log.subject_type', '=', subjectType);
  if (subjectId) query = query.where('audit_log.subject_id', '=', subjectId);
  return query.execute();
}

export async function insertAuditEntry(db: TDb, row: Insertable<TAuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}
