import type { TAppContext } from '../../context';
import { personChanged } from '../../realtime/person-changed';
import { isUniqueViolation } from '../../db/pg-errors';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { announceUserChanged } from '../../http/session-cache';
import { recordAudit } from '../audit/audit.service';
import { queueConfirmationMail } from '../auth/auth.service';
import { notifyEmailConfirmed } from '../auth/email-confirmed-listeners';
import { grantPages } from '../pages/pages-ledger.service';
import { isAccount, updateUser } from '../users';
import {
  chargedPagesOfPrintjob,
  deleteSessionsOfUser,
  findRefundOfPrintjob,
  lockPrintjobForRefund,
  lockUser,
  setUserBlockedAt,
} from './admin-support.repo';

// Support tools for admins (issue 17 point 6): pages granted or refunded with a reason, the
// confirmation e-mail resent or the address confirmed by hand, accounts blocked and unblocked.
// Every action is one transaction with its audit row.

type TActor = { admin: TUserRow; ip: string | null };

type TPagesInput = { pages: number; valid_days: number; reason: string };

type TRefusal =
  | 'already_refunded'
  | 'nothing_to_refund'
  | 'already_confirmed'
  | 'cannot_block_self'
  | 'already_blocked'
  | 'not_blocked';

const refusal = (code: TRefusal) => new AppError(409, code, `admin_support.errors.${code}`);

/** The account an admin acts on, locked; an express order's guest is no account to act on. */
async function lockAccount(trx: TDb, id: number): Promise<TUserRow> {
  const user = await lockUser(trx, id);
  if (!user || !isAccount(user)) throw notFound();
  return user;
}

/**
 * One admin action on an account, in one transaction: the account locked, `act` done to it, and
 * the audit row with the details `act` returns.
 */
async function actOnAccount(
  ctx: TAppContext,
  actor: TActor,
  userId: number,
  action: string,
  act: (trx: TDb, user: TUserRow) => Promise<Record<string, unknown>>,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await lockAccount(trx, userId);
    const details = await act(trx, user);
    await recordAudit(trx, {
      actorUserId: actor.admin.id,
      action,
      subject: ['user', user.id],
      details,
      ip: actor.ip,
    });
  });
  // What an admin does to an account may change its row or end its sessions (a block, a
  // confirmed address): every instance reads it anew.
  await announceUserChanged(ctx, userId);
}

/** Pages given to a person, expiring `valid_days` from now, with the admin's reason. */
export async function grantPagesByAdmin(
  ctx: TAppContext,
  actor: TActor,
  userId: number,
  input: TPagesInput,
): Promise<void> {
  await actOnAccount(ctx, actor, userId, 'user.pages_granted', async (trx, user) => {
    await grantPages(
      trx,
      {
        userId: user.id,
        source: 'admin',
        pages: input.pages,
        validDays: input.valid_days,
        reason: input.reason,
      },
      ctx.now(),
    );
    return { pages: input.pages, valid_days: input.valid_days, reason: input.reason };
  });
  await personChanged(ctx, userId);
}

/** What a job was charged and the refund already given for it, if any. */
export async function printjobRefundState(ctx: TAppContext, printjobId: number) {
  const [charged, refund] = await Promise.all([
    chargedPagesOfPrintjob(ctx.db, printjobId),
    findRefundOfPrintjob(ctx.db, printjobId),
  ]);
  return { charged, refund };
}

/**
 * Gives a job's owner back pages the job was charged (all of them unless `pages` says fewer),
 * once: a second refund of the same job is refused, also when two admins click at once (the
 * job row is locked, and the database allows one refund grant per job).
 */
export async function refundPrintjobPages(
  ctx: TAppContext,
  actor: TActor,
  printjobId: number,
  input: Omit<TPagesInput, 'pages'> & { pages?: number | undefined },
): Promise<{ pages: number }> {
  try {
    let owner: number | undefined;
    const refunded = await ctx.db.transaction().execute(async (trx) => {
      const job = await lockPrintjobForRefund(trx, printjobId);
      if (!job) throw notFound();
      if (await findRefundOfPrintjob(trx, job.id)) throw refusal('already_refunded');
      const charged = await chargedPagesOfPrintjob(trx, job.id);
      if (charged === 0) throw refusal('nothing_to_refund');
      const pages = input.pages ?? charged;
      if (pages > charged)
        throw new AppError(422, 'refund_too_large', 'admin_support.errors.refund_too_large', {
          count: charged,
        });
      await grantPages(
        trx,
        {
          userId: job.user_id,
          source: 'refund',
          pages,
          validDays: input.valid_days,
          reference: `printjob:${job.id}`,
          reason: input.reason,
          printjobId: job.id,
        },
        ctx.now(),
      );
      await recordAudit(trx, {
        actorUserId: actor.admin.id,
        action: 'printjob.pages_refunded',
        subject: ['printjob', job.id],
        details: {
          user_id: job.user_id,
          pages,
          charged,
          valid_days: input.valid_days,
          reason: input.reason,
        },
        ip: actor.ip,
      });
      owner = job.user_id;
      return { pages };
    });
    await personChanged(ctx, owner);
    return refunded;
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal('already_refunded');
    throw err;
  }
}

/** A fresh confirmation link to the account's address (the old ones stay valid until they expire). */
export async function resendConfirmationByAdmin(
  ctx: TAppContext,
  actor: TActor,
  userId: number,
): Promise<void> {
  await actOnAccount(ctx, actor, userId, 'user.confirmation_resent', async (trx, user) => {
    if (user.email_confirmed_at) throw refusal('already_confirmed');
    await queueConfirmationMail(ctx, trx, user);
    return { email: user.email };
  });
  ctx.worker.kick();
}

/** The admin vouches for the address (e.g. the person showed it to support). */
export async function confirmEmailByAdmin(
  ctx: TAppContext,
  actor: TActor,
  userId: number,
): Promise<void> {
  await actOnAccount(ctx, actor, userId, 'user.email_confirmed', async (trx, user) => {
    if (user.email_confirmed_at) throw refusal('already_confirmed');
    const confirmed = await updateUser(trx, user.id, { email_confirmed_at: ctx.now() });
    await notifyEmailConfirmed(ctx, trx, confirmed);
    return { email: user.email, by_admin: true };
  });
}

/**
 * Blocks an account: it cannot sign in anywhere and every session it has (browser, phone app)
 * ends now. Its pages, jobs and payments stay as they are; unblocking gives the account back.
 */
export async function blockUser(
  ctx: TAppContext,
  actor: TActor,
  userId: number,
  reason: string | undefined,
): Promise<void> {
  await actOnAccount(ctx, actor, userId, 'user.blocked', async (trx, user) => {
    if (user.id === actor.admin.id) throw refusal('cannot_block_self');
    if (user.blocked_at) throw refusal('already_blocked');
    await setUserBlockedAt(trx, user.id, ctx.now());
    const sessions = await deleteSessionsOfUser(trx, user.id);
    return { email: user.email, sessions_ended: sessions, ...(reason ? { reason } : {}) };
  });
}

export async function unblockUser(
  ctx: TAppContext,
  actor: TActor,
  userId: number,
  reason: string | undefined,
): Promise<void> {
  await actOnAccount(ctx, actor, userId, 'user.unblocked', async (trx, user) => {
    if (!user.blocked_at) throw refusal('not_blocked');
    await setUserBlockedAt(trx, user.id, null);
    return { email: user.email, ...(reason ? { reason } : {}) };
  });
}
