import type { TDb } from '../../db/database';
import { insertAuditEntry } from './audit.repo';

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
  await insertAuditEntry(db, {
    actor_user_id: entry.actorUserId,
    action: entry.action,
    subject_type: entry.subject?.[0] ?? null,
    subject_id: entry.subject ? String(entry.subject[1]) : null,
    details: JSON.stringify(entry.details ?? {}),
    ip: entry.ip ?? null,
  });
}

// Plain reads the routes show as they are (the route layer calls services, never a repo).
export { listAuditEntries } from './audit.repo';
