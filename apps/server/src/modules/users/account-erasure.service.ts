import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { withdrawalEffects, withPrintjobTransaction } from '../printjobs';
import {
  anonymiseKeptRecordsOfUser,
  deleteUserAndOwnedRows,
  listDocumentKeysOfUser,
  listPrintjobsOfUser,
  lockAdmins,
  lockUserById,
} from './users.repo';

/** What stands in for a deleted person's e-mail address on the records that must stay. */
export const ERASED_EMAIL = 'deleted-account@printomat.invalid';

export type TErasedJob = Awaited<ReturnType<typeof listPrintjobsOfUser>>[number];

export interface TErasureSteps {
  /** Refusals on the locked row and its jobs, before anything is erased (throw to refuse). */
  check(trx: TDb, user: TUserRow, jobs: readonly TErasedJob[]): Promise<void> | void;
  /** The audit row saying who erased the account. */
  audit(trx: TDb, user: TUserRow, erased: { documents: number; printjobs: number }): Promise<void>;
}

/**
 * The one way an account goes, whoever asks (an admin, or the person on their account page), in
 * one transaction: sessions, confirmation and reset links, documents, print jobs with their
 * reservations, page grants, phone and referral rows (everything that references the user with
 * ON DELETE CASCADE) and the user row itself, so the e-mail address is free for a new account.
 * Money records (payments with their receipts, refunds, card bonuses) reference the user with ON
 * DELETE SET NULL and stay, as accounting law requires; the payer's address on them is replaced
 * by ERASED_EMAIL. Stored files are removed after commit, so a rollback never leaves rows pointing
 * at deleted files; jobs waiting at a printer are withdrawn from its agent (print-job effects).
 */
export async function eraseAccount(
  ctx: TAppContext,
  userId: number,
  steps: TErasureSteps,
): Promise<TUserRow> {
  const result = await withPrintjobTransaction(ctx, async (trx, effects) => {
    const user = await lockUserById(trx, userId);
    if (!user) throw notFound();
    const jobs = await listPrintjobsOfUser(trx, user.id);
    await steps.check(trx, user, jobs);
    if (user.role === 'admin') {
      // Locks every admin row, so two admins deleting each other cannot both succeed.
      const admins = await lockAdmins(trx);
      if (admins.length <= 1) throw new AppError(409, 'last_admin', 'admin.errors.last_admin');
    }
    const documents = await listDocumentKeysOfUser(trx, user.id);
    await anonymiseKeptRecordsOfUser(trx, user.id, ERASED_EMAIL);
    await deleteUserAndOwnedRows(trx, user.id);
    effects.add(...withdrawalEffects(jobs));
    await steps.audit(trx, user, { documents: documents.length, printjobs: jobs.length });
    return { user, keys: documents.flatMap((d) => [d.original_key, d.pdf_key]) };
  });
  for (const key of result.keys) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) =>
        ctx.log.error({ err, key }, 'could not remove a deleted user’s file'),
      );
  }
  return result.user;
}
