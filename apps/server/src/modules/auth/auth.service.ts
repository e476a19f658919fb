import { isUniqueViolation } from '../../db/pg-errors';
import { isLocale } from '@printomat/shared';
import type {
  TChangePasswordInput,
  TLocale,
  TRegisterInput,
  TSignInInput,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import {
  announceSessionEnded,
  announceUserChanged,
  sessionCacheOf,
  type TCachedSession,
} from '../../http/session-cache';
import { recordAudit } from '../audit/audit.service';
import { enqueueJob } from '../jobs/queue';
import { confirmEmailMail } from '../mail/mail.templates';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import {
  findUserByEmail,
  findUserById,
  findUserByReferralCode,
  insertUser,
  lockUserById,
  updateUser,
} from '../users';
import { refuseBlocked } from './account-blocked';
import { consumeEmailConfirmation, insertEmailConfirmation } from './email-confirmations.repo';
import { notifyEmailConfirmed } from './email-confirmed-listeners';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { setNewPassword } from './password-reset.service';
import { deleteSession, findLiveSession, insertSession, touchSession } from './sessions.repo';
import {
  countRecentFailures,
  deleteOldSignInAttempts,
  recordSignInAttempt,
} from './sign-in-attempts.repo';
import { hashToken, randomCode, randomToken } from '../../lib/tokens';

import type { TNewSession, TRequestMeta } from '../../http/request-context';

export type { TNewSession, TRequestMeta };

/**
 * A live session is stamped as seen (and its expiry pushed back) at most this often, whether it
 * came from the session cache or the database: a poll that finds it cached writes nothing either.
 */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * The live session a token names, only when this instance holds it in memory and nothing about
 * it is due (no touch, not blocked): never the database. The poll fast lane asks; anything
 * else goes the ordinary way (`resumeSession`).
 */
export function peekCachedSession(ctx: TAppContext, token: string): TCachedSession | undefined {
  const now = ctx.now().getTime();
  const session = sessionCacheOf(ctx).get(hashToken(token), now);
  if (!session || session.user.blocked_at || now - session.lastSeenAt > TOUCH_EVERY_MS)
    return undefined;
  return session;
}

/**
 * The live session of a `sid` cookie token, stamped as seen (and extended) now and then. Read
 * through the session cache (http/session-cache.ts): every change that ends a session or changes
 * a user row announces it (announceSessionEnded / announceUserChanged after the commit). A
 * session found gone at its touch (ended on another instance whose announcement was lost) ends
 * here too.
 */
export async function resumeSession(
  ctx: TAppContext,
  token: string,
): Promise<TCachedSession | undefined> {
  const now = ctx.now();
  const id = hashToken(token);
  const cache = sessionCacheOf(ctx);
  let session = cache.get(id, now.getTime());
  if (!session) {
    const generation = cache.generation;
    const found = await findLiveSession(ctx.db, id, now);
    if (!found) return undefined;
    session = {
      id: found.id,
      csrf_token: found.csrf_token,
      // Frozen cached or not: a row shared between requests must never be changed in place,
      // and tests (cache off) would not notice otherwise.
      user: Object.freeze(found.user),
      expiresAt: found.expires_at.getTime(),
      lastSeenAt: found.last_seen_at.getTime(),
    };
    cache.put(session, generation);
  }
  // Blocking ends every session; one started by a sign-in racing the block is refused here.
  if (session.user.blocked_at) return undefined;
  if (now.getTime() - session.lastSeenAt > TOUCH_EVERY_MS) {
    const expiresAt = now.getTime() + ctx.config.sessionTtlDays * 86_400_000;
    if (!(await touchSession(ctx.db, session.id, now, new Date(expiresAt)))) {
      cache.dropSession(session.id);
      return undefined;
    }
    session.lastSeenAt = now.getTime();
    session.expiresAt = expiresAt;
  }
  return session;
}

export async function createSession(
  ctx: TAppContext,
  userId: number,
  meta: TRequestMeta,
  options: { isMobileApp?: boolean; replacesSessionId?: string } = {},
): Promise<TNewSession> {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(ctx.now().getTime() + ctx.config.sessionTtlDays * 86_400_000);
  // Rotation: the session the request came with (if any) ends when a new one starts.
  if (options.replacesSessionId) {
    await deleteSession(ctx.db, options.replacesSessionId);
    await announceSessionEnded(ctx, options.replacesSessionId);
  }
  await insertSession(ctx.db, {
    id: hashToken(token),
    user_id: userId,
    csrf_token: csrfToken,
    is_mobile_app: options.isMobileApp ?? false,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip,
    expires_at: expiresAt,
  });
  return { token, csrfToken, expiresAt };
}

/** A fresh confirmation link by mail, in the caller's transaction (sign-up, resend, an admin). */
export async function queueConfirmationMail(
  ctx: TAppContext,
  db: TDb,
  user: TUserRow,
): Promise<void> {
  const token = randomToken();
  const hours = ctx.config.confirmationTtlHours;
  await insertEmailConfirmation(db, {
    user_id: user.id,
    token_hash: hashToken(token),
    email: user.email,
    expires_at: new Date(ctx.now().getTime() + hours * 3_600_000),
  });
  const link = `${ctx.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await enqueueJob(db, SEND_MAIL_JOB, confirmEmailMail(user.locale, user.email, link, hours));
}

/**
 * How a sign-up other than the ordinary one (the business sign-up, issue 15) shapes the account:
 * its role, and what else is created with it in the same transaction (nothing is kept when that
 * fails, and "e-mail taken" is decided the same way for both).
 */
export type TRegisterOptions = {
  role?: 'user' | 'business';
  withAccount?: (trx: TDb, user: TUserRow) => Promise<void>;
};

export async function registerUser(
  ctx: TAppContext,
  input: TRegisterInput,
  meta: TRequestMeta,
  options: TRegisterOptions = {},
): Promise<TUserRow> {
  let user: TUserRow;
  try {
    user = await ctx.db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, input.email)) throw fieldError('email', 'taken');
      const referrer = input.referral_code
        ? await findUserByReferralCode(trx, input.referral_code)
        : undefined;
      const created = await insertUser(trx, {
        email: input.email,
        password_hash: await hashPassword(input.password),
        locale: input.locale ?? meta.locale,
        referral_code: randomCode(8),
        referred_by_user_id: referrer?.id ?? null,
        ...(options.role ? { role: options.role } : {}),
      });
      await options.withAccount?.(trx, created);
      await queueConfirmationMail(ctx, trx, created);
      await recordAudit(trx, {
        actorUserId: created.id,
        action: 'user.registered',
        subject: ['user', created.id],
        ...(options.role ? { details: { role: options.role } } : {}),
        ip: meta.ip,
      });
      return created;
    });
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides, the loser sees "taken".
    if (isUniqueViolation(err)) throw fieldError('email', 'taken');
    throw err;
  }
  ctx.worker.kick();
  return user;
}

export async function resendConfirmation(ctx: TAppContext, user: TUserRow): Promise<void> {
  if (user.email_confirmed_at) return;
  await ctx.db.transaction().execute((trx) => queueConfirmationMail(ctx, trx, user));
  ctx.worker.kick();
}

export async function confirmEmail(ctx: TAppContext, token: string): Promise<TUserRow> {
  const user = await ctx.db.transaction().execute(async (trx) => {
    const confirmation = await consumeEmailConfirmation(trx, hashToken(token), ctx.now());
    const owner = confirmation ? await findUserById(trx, confirmation.user_id) : undefined;
    if (!confirmation || !owner || owner.email !== confirmation.email) {
      throw new AppError(400, 'confirmation_link_invalid', 'errors.confirmation_link_invalid');
    }
    if (owner.email_confirmed_at) return owner;
    const confirmed = await updateUser(trx, owner.id, { email_confirmed_at: ctx.now() });
    await notifyEmailConfirmed(ctx, trx, confirmed);
    return confirmed;
  });
  await announceUserChanged(ctx, user.id);
  return user;
}

/** Old sign-in attempts are deleted at most once a minute per process, after a day at least. */
const PRUNE_SIGN_IN_ATTEMPTS_EVERY_MS = 60_000;
let lastSignInAttemptsPrune = 0;

async function pruneSignInAttempts(ctx: TAppContext): Promise<void> {
  const now = ctx.now().getTime();
  if (now - lastSignInAttemptsPrune < PRUNE_SIGN_IN_ATTEMPTS_EVERY_MS) return;
  lastSignInAttemptsPrune = now;
  const keepMs = Math.max(ctx.config.signInWindowMinutes * 60_000, 86_400_000);
  await deleteOldSignInAttempts(ctx.db, new Date(now - keepMs));
}

export async function signIn(
  ctx: TAppContext,
  input: TSignInInput,
  meta: TRequestMeta,
  options: { isMobileApp?: boolean } = {},
): Promise<TUserRow> {
  await pruneSignInAttempts(ctx);
  const windowMinutes = ctx.config.signInWindowMinutes;
  const since = new Date(ctx.now().getTime() - windowMinutes * 60_000);
  const failures = await countRecentFailures(ctx.db, { email: input.email, ip: meta.ip }, since);
  // Per account and address: failures from elsewhere never lock the owner out (issue 11). Per
  // address across accounts, more loosely (one office, many people): credential stuffing.
  if (
    failures.byAccountAndIp >= ctx.config.signInMaxAttempts ||
    failures.byIp >= ctx.config.signInMaxAttemptsPerIp
  ) {
    throw new AppError(429, 'too_many_attempts', 'errors.too_many_attempts', {
      minutes: windowMinutes,
    });
  }
  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
  if (!user || !passwordOk) {
    await recordSignInAttempt(ctx.db, { email: input.email, ip: meta.ip, succeeded: false });
    if (user && !user.password_hash && user.facebook_id) {
      throw new AppError(401, 'facebook_required', 'errors.facebook_required');
    }
    throw new AppError(401, 'invalid_credentials', 'errors.invalid_credentials');
  }
  refuseBlocked(user);
  await recordSignInAttempt(ctx.db, { email: input.email, ip: meta.ip, succeeded: true });
  const now = ctx.now();
  const signedIn = await updateUser(ctx.db, user.id, {
    last_login_at: now,
    ...(options.isMobileApp ? { last_login_mobile: now } : {}),
  });
  await announceUserChanged(ctx, user.id);
  return signedIn;
}

export async function signOut(ctx: TAppContext, sessionId: string): Promise<void> {
  await deleteSession(ctx.db, sessionId);
  await announceSessionEnded(ctx, sessionId);
}

export async function changePassword(
  ctx: TAppContext,
  user: TUserRow,
  currentSessionId: string,
  input: TChangePasswordInput,
  meta: TRequestMeta,
): Promise<void> {
  // Checked against the row as it is now, not the request's (possibly cached) copy, and before
  // the transaction: the slow hash never runs while the row is locked.
  const fresh = await findUserById(ctx.db, user.id);
  if (!fresh?.password_hash || !(await verifyPassword(input.old_password, fresh.password_hash)))
    throw fieldError('old_password', 'incorrect');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    // A password changed meanwhile elsewhere is not confirmed by the one checked above.
    const current = await lockUserById(trx, user.id);
    if (!current?.password_hash || current.password_hash !== fresh.password_hash)
      throw fieldError('old_password', 'incorrect');
    // This browser stays signed in; every other one is signed out.
    await setNewPassword(ctx, trx, current, {
      passwordHash,
      keepSessionId: currentSessionId,
      audit: { action: 'user.password_changed', ip: meta.ip },
    });
  });
  // Every instance drops the user's sessions: the others are gone, this one is read anew.
  await announceUserChanged(ctx, user.id);
  ctx.worker.kick();
}

export async function setUserLocale(
  ctx: TAppContext,
  user: TUserRow,
  locale: TLocale,
): Promise<TUserRow> {
  const updated = await updateUser(ctx.db, user.id, { locale });
  await announceUserChanged(ctx, user.id);
  return updated;
}

/**
 * The language a browser signing in was switched to (its language cookie) becomes the account's:
 * someone who picked English just before signing in keeps English, in pages and in mail. Without
 * a choice the account keeps its own (and the caller sets the browser to it).
 */
export async function adoptChosenLocale(
  ctx: TAppContext,
  user: TUserRow,
  chosen: string | undefined,
): Promise<TUserRow> {
  return isLocale(chosen) && chosen !== user.locale ? setUserLocale(ctx, user, chosen) : user;
}
