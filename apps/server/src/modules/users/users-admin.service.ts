import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { withdrawalEffects, withPrintjobTransaction } from '../printjobs';
import {
  deleteUserAndOwnedRows,
  listDocumentKeysOfUser,
  listPrintjobsOfUser,
  lockAdmins,
  lockUserById,
} from './users.repo';

/**
 * Deletes a person and what belongs only to them, in one transaction: sessions, confirmation
 * links, documents, print jobs with their reservations, page grants (and everything else that
 * references the user with ON DELETE CASCADE). Money records (payments, receipts) reference the
 * user with ON DELETE SET NULL and stay, as accounting law requires. Stored files are removed
 * after commit, so a rollback never leaves rows pointing at deleted files; jobs waiting at a
 * printer are withdrawn from its agent.
 */
export async function deleteUser(
  ctx: TAppContext,
  actor: { admin: TUserRow; ip?: string | null },
  userId: number,
): Promise<{ email: string }> {
  // Jobs waiting at a printer are withdrawn from its agent after commit (print-job effects).
  const result = await withPrintjobTransaction(ctx, async (trx, effects) => {
    const user = await lockUserById(trx, userId);
    if (!user) throw notFound();
    if (user.id === actor.admin.id)
      throw new AppError(409, 'cannot_delete_self', 'admin.errors.cannot_delete_self');
    if (user.role === 'admin') {
      // Locks every admin row, so two admins deleting each other cannot both succeed.
      const admins = await lockAdmins(trx);
      if (admins.length <= 1) throw new AppError(409, 'last_admin', 'admin.errors.last_admin');
    }
    const documents = await listDocumentKeysOfUser(trx, user.id);
    const jobs = await listPrintjobsOfUser(trx, user.id);
    await deleteUserAndOwnedRows(trx, user.id);
    effects.add(...withdrawalEffects(jobs));
    await recordAudit(trx, {
      actorUserId: actor.admin.id,
      action: 'user.delete',
      subject: ['user', user.id],
      details: {
        email: user.email,
        role: user.role,
        documents: documents.length,
        printjobs: jobs.length,
      },
      ip: actor.ip ?? null,
    });
    return {
      email: user.email,
      keys: documents.flatMap((d) => [d.original_key, d.pdf_key]),
    };
  });
  for (const key of result.keys) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) =>
        ctx.log.error({ err, key }, 'could not remove a deleted user’s file'),
      );
  }
  return { email: result.email };
}
