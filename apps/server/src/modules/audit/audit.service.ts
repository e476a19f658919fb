import type { TDb } from '../../db/database';

/** One row per action worth tracing: who, what, on which object, when. Written in the caller's transaction. */
export async function recordAudit(
  db: TDb,
  entry: {
    actorUserId: number | null;
    action: string;
    subject?: [type: string, id: number | string];
    details?: Record<string, unknown>;
    ip?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      subject_type: entry.subject?.[0] ?? null,
      subject_id: entry.subject ? String(entry.subject[1]) : null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}
