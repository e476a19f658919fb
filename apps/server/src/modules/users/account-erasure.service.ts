import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { announceUserChanged } from '../../http/session-cache';
import { removeFiles } from '../documents/documents.service';
import { voidReservation } from '../pages/page-reservations.service';
import { withdrawalEffects, withPrintjobTransaction } from '../printjobs';
import { runAccountErasureHooks } from './account-erasure-hooks';
import {
  anonymiseKeptRecordsOfUser,
  countPackagePaymentsInProgress,
  deleteUserAndOwnedRows,
  listDocumentsOfUser,
  listLiveReservationIdsOfUser,
  listPrintjobsOfUser,
  lockAdmins,
  lockPaymentsOfUser,
  lockUserById,
} from './users.repo';

/** What stands in for a deleted person's e-mail address on the records that must stay. */
export const ERASED_EMAIL = 'deleted-account@printomat.invalid';

export type TErasedJob = Awaited<ReturnType<typeof listPrintjobsOfUser>>[number];

export interface TErasureSteps {
  /**
   * Refusals on the locked row, its jobs and its package purchases still waiting for the
   * provider, before anything is erased (throw to refuse).
   */
  check(
    trx: TDb,
    user: TUserRow,
    jobs: readonly TErasedJob[],
    found: { packagePaymentsInProgress: number },
  ): Promise<void> | void;
  /** The audit row saying who erased the account. */
  audit(trx: TDb, user: TUserRow, erased: { documents: number; printjobs: number }): Promise<void>;
}

/**
 * The one way an account goes, whoever asks (an admin, or the person on their account page), in
 * one transaction: sessions, confirmation and reset links, documents, print jobs, phone and
 * referral rows (everything that references the user with ON DELETE CASCADE) and the user row
 * itself, so the e-mail address is free for a new account.
 * What must stay references the user with ON DELETE SET NULL and is anonymised
 * (anonymiseKeptRecordsOfUser): money records (payments with their receipts, card bonuses: the
 * payer's address becomes ERASED_EMAIL), as accounting law requires; the pages ledger (grants and
 * reservations, so bought, spent and refunded pages still add up; pages a waiting job held go back
 * to their grants first); the audit log and mail sent to printers, without the address.
 * Stored files (uploads, PDFs, page previews, raw inbound mail) are removed after commit, so a
 * rollback never leaves rows pointing at deleted files; jobs waiting at a printer are withdrawn
 * from its agent (print-job effects).
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
    const packagePaymentsInProgress = await countPackagePaymentsInProgress(trx, user.id);
    await steps.check(trx, user, jobs, { packagePaymentsInProgress });
    if (user.role === 'admin') {
      // Locks every admin row, so two admins deleting each other cannot both succeed.
      const admins = await lockAdmins(trx);
      if (admins.length <= 1) throw new AppError(409, 'last_admin', 'admin.errors.last_admin');
    }
    // The payments next (in id order), before the hooks and voidReservation: user → payments →
    // grants, as an invoice takes user → payments and a purchase refund payment → grant, so
    // neither deadlocks with the erasure.
    await lockPaymentsOfUser(trx, user.id);
    // Other modules' work first, while everything of the account still exists (an invoice of the
    // company's open purchases, account-erasure-hooks.ts).
    await runAccountErasureHooks(ctx, trx, user.id);
    const documents = await listDocumentsOfUser(trx, user.id);
    // The jobs go; what they held goes back to the kept grants, so the ledger stays balanced.
    for (const reservationId of await listLiveReservationIdsOfUser(trx, user.id))
      await voidReservation(trx, reservationId, ctx.now());
    const { rawKeys } = await anonymiseKeptRecordsOfUser(trx, user, ERASED_EMAIL);
    await deleteUserAndOwnedRows(trx, user.id);
    effects.add(...withdrawalEffects(jobs));
    await steps.audit(trx, user, { documents: documents.length, printjobs: jobs.length });
    return { user, documents, rawKeys };
  });
  // The account and its sessions are gone: every instance forgets them now.
  await announceUserChanged(ctx, userId);
  const failed = (err: unknown, what: Record<string, unknown>) =>
    ctx.log.error({ err, ...what }, 'could not remove a deleted user’s file');
  for (const doc of result.documents)
    await removeFiles(ctx, doc).catch((err: unknown) => failed(err, { documentId: doc.id }));
  for (const key of result.rawKeys)
    await ctx.storage.remove(key).catch((err: unknown) => failed(err, { key }));
  return result.user;
}
