import { isLocale, type TResetPasswordInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TUserRow, TUserUpdate } from '../../db/schema';
import { AppError } from '../../http/errors';
import { announceUserChanged } from '../../http/session-cache';
import type { TRequestMeta } from '../../http/request-context';
import { hashToken, randomToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { enqueueJob } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { passwordChangedMail, passwordResetMail } from '../mail/mail.templates';
import { findUserByEmail, findUserById, isAccount, lockUserById, updateUser } from '../users';
import { refuseBlocked } from './account-blocked';
import { notifyEmailConfirmed } from './email-confirmed-listeners';
import { hashPassword } from './passwords';
import {
  consumePasswordReset,
  deleteOldPasswordResets,
  findPasswordReset,
  insertPasswordReset,
  usePasswordResetsOf,
} from './password-resets.repo';
import { deleteAllSessions, deleteOtherSessions } from './sessions.repo';

// Forgot password (issue 17, docs/decisions.md "Password reset by e-mail").

/** The page a reset link opens, and the page that asks for one ("it was not you" in mails). */
export const RESET_PASSWORD_PATH = '/reset-password';
export const FORGOT_PASSWORD_PATH = '/forgot-password';

export function forgotPasswordLink(ctx: TAppContext): string {
  return `${ctx.config.publicUrl}${FORGOT_PASSWORD_PATH}`;
}

/**
 * A new password, changed or reset, inside the caller's transaction: whoever knew the old one is
 * signed out (everywhere, or everywhere but `keepSessionId`), the account is told by mail with a
 * link to ask for a reset if it was not them, and the audit log notes it. The caller kicks the
 * worker after the commit.
 */
export async function setNewPassword(
  ctx: TAppContext,
  trx: TDb,
  user: TUserRow,
  change: {
    passwordHash: string;
    keepSessionId?: string;
    /** More columns the same update sets (a reset also confirms the address, signs in). */
    alsoSet?: TUserUpdate;
    audit: { action: string; details?: Record<string, unknown>; ip: string | null };
  },
): Promise<TUserRow> {
  if (change.keepSessionId === undefined) await deleteAllSessions(trx, user.id);
  else await deleteOtherSessions(trx, user.id, change.keepSessionId);
  const updated = await updateUser(trx, user.id, {
    password_hash: change.passwordHash,
    ...change.alsoSet,
  });
  await enqueueJob(
    trx,
    SEND_MAIL_JOB,
    passwordChangedMail(updated.locale, updated.email, forgotPasswordLink(ctx)),
  );
  await recordAudit(trx, {
    actorUserId: user.id,
    subject: ['user', user.id],
    ...change.audit,
  });
  return updated;
}

/** Used-up and expired links are kept a day (to say "used" or "expired"), then deleted. */
const KEEP_OLD_LINKS_MS = 86_400_000;
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

async function pruneOldLinks(ctx: TAppContext): Promise<void> {
  const now = ctx.now().getTime();
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  await deleteOldPasswordResets(ctx.db, new Date(now - KEEP_OLD_LINKS_MS));
}

/**
 * Mails a reset link when the address belongs to an account, and does nothing otherwise: the
 * caller answers the same either way (no account enumeration), and the mail leaves through the
 * job queue, so a known address takes no noticeably longer to answer. Guest accounts (express
 * orders) cannot sign in and get nothing. A Facebook-only account gets a link too: the mailbox
 * is proof enough, and afterwards it signs in either way.
 */
export async function requestPasswordReset(
  ctx: TAppContext,
  email: string,
  meta: TRequestMeta,
): Promise<void> {
  await pruneOldLinks(ctx);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !isAccount(user)) return;
  const token = randomToken();
  const minutes = ctx.config.passwordResetTtlMinutes;
  await ctx.db.transaction().execute(async (trx) => {
    await insertPasswordReset(trx, {
      user_id: user.id,
      token_hash: hashToken(token),
      email: user.email,
      expires_at: new Date(ctx.now().getTime() + minutes * 60_000),
      requested_ip: meta.ip,
    });
    const link = `${ctx.config.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
    await enqueueJob(trx, SEND_MAIL_JOB, passwordResetMail(user.locale, user.email, link, minutes));
    await recordAudit(trx, {
      actorUserId: null,
      action: 'user.password_reset_requested',
      subject: ['user', user.id],
      ip: meta.ip,
    });
  });
  ctx.worker.kick();
}

/** Why a link does not work, in words the person can act on. */
function refusedLink(link: { expires_at: Date; used_at: Date | null } | undefined, now: Date) {
  if (link?.used_at) return new AppError(400, 'reset_link_used', 'errors.reset_link_used');
  if (link && link.expires_at <= now)
    return new AppError(400, 'reset_link_expired', 'errors.reset_link_expired');
  return new AppError(400, 'reset_link_invalid', 'errors.reset_link_invalid');
}

/** A link's owner, or undefined when the account is gone or no longer has the address. */
async function ownerOf(
  db: TAppContext['db'],
  link: { user_id: number; email: string },
): Promise<TUserRow | undefined> {
  const owner = await findUserById(db, link.user_id);
  return owner && isAccount(owner) && owner.email === link.email ? owner : undefined;
}

/** The reset page asks first, so a used or expired link says so before a password is typed. */
export async function checkPasswordReset(
  ctx: TAppContext,
  token: string,
): Promise<{ email: string }> {
  const now = ctx.now();
  const link = await findPasswordReset(ctx.db, hashToken(token));
  if (!link || link.used_at || link.expires_at <= now) throw refusedLink(link, now);
  const owner = await ownerOf(ctx.db, link);
  if (!owner) throw refusedLink(undefined, now);
  return { email: owner.email };
}

/**
 * Sets the new password through a link, once: the link and every other open link of the account
 * are used up, every session of the account ends (whoever knew the old password is out), the
 * address counts as confirmed (the link proved the mailbox), a "password changed" mail goes out.
 * The caller then signs this browser in with a fresh session. A language this browser was
 * switched to (`chosenLocale`, its cookie) becomes the account's first, as signing in does, so the
 * mail speaks the language of the pages.
 */
export async function resetPassword(
  ctx: TAppContext,
  input: TResetPasswordInput,
  meta: TRequestMeta,
  chosenLocale?: string,
): Promise<TUserRow> {
  const tokenHash = hashToken(input.token);
  const now = ctx.now();
  // The link first, the costly hash (scrypt, 32 MiB) only for a link that works: anyone signed
  // out can post here, and a made-up token must cost no more than a look-up.
  const found = await findPasswordReset(ctx.db, tokenHash);
  if (!found || found.used_at || found.expires_at <= now) throw refusedLink(found, now);
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    // The account's row first: two links of one account used at once take turns here (the
    // second then finds its link used) instead of each locking its own link and waiting for the
    // other's in usePasswordResetsOf (a deadlock).
    const locked = await lockUserById(trx, found.user_id);
    const link = await consumePasswordReset(trx, tokenHash, now);
    if (!link) throw refusedLink(await findPasswordReset(trx, tokenHash), now);
    const owner =
      locked && isAccount(locked) && locked.email === link.email && locked.id === link.user_id
        ? locked
        : undefined;
    if (!owner) throw refusedLink(undefined, now);
    // A blocked account keeps its password and link: the transaction rolls back.
    refuseBlocked(owner);
    await usePasswordResetsOf(trx, owner.id, now);
    const updated = await setNewPassword(ctx, trx, owner, {
      passwordHash,
      alsoSet: {
        email_confirmed_at: owner.email_confirmed_at ?? now,
        last_login_at: now,
        ...(isLocale(chosenLocale) && { locale: chosenLocale }),
      },
      audit: {
        action: 'user.password_reset',
        details: { confirmed_email: owner.email_confirmed_at === null },
        ip: meta.ip,
      },
    });
    // The link proved the address: as good as the confirmation link.
    if (owner.email_confirmed_at === null) await notifyEmailConfirmed(ctx, trx, updated);
    return updated;
  });
  // Every session of the account ended: every instance drops them.
  await announceUserChanged(ctx, user.id);
  ctx.worker.kick();
  return user;
}
