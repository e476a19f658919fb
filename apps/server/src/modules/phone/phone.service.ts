import { isUniqueViolation } from '../../db/pg-errors';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_RESEND_MIN_SECONDS,
  translate,
  type TPhoneState,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { transactionTellingPeople } from '../../realtime/person-changed';
import type { TUserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { grantPages } from '../pages/pages-ledger.service';
import { isOlderThan } from './app-version';
import { PhoneFieldError } from './phone-errors';
import { isBlacklisted, isPolishMobile, parsePhoneNumber } from './phone-number';
import {
  claimOldAppBonus,
  countSendsSince,
  deleteSmsSend,
  deleteVerification,
  findRecentSend,
  findUserData,
  findVerification,
  findVerifiedOwner,
  incrementAttempts,
  insertSmsSend,
  lockUserData,
  saveVerifiedPhone,
  updateAppVersion,
  upsertVerification,
} from './phone.repo';
import { SmsSendError, type TSmsGateway } from './sms-gateway';

const CODE_TTL_MINUTES = 10;
/** Wrong codes allowed per sent code; then only a new code helps. 5 tries of 10^6: no guessing. */
const MAX_CODE_ATTEMPTS = 5;
const RESEND_MS = SMS_RESEND_MIN_SECONDS * 1000;
const DAY_MS = 86_400_000;
/** Where the old-app extra is recorded in the pages ledger. */
export const OLD_APP_GRANT_REFERENCE = 'old_app_phone_verification';

function hashCode(userId: number, phoneNumber: string, code: string): string {
  return createHash('sha256').update(`${userId}:${phoneNumber}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function getPhoneState(
  ctx: TAppContext,
  userId: number,
  creditedPages = 0,
): Promise<TPhoneState> {
  const now = ctx.now();
  const [data, pending] = await Promise.all([
    findUserData(ctx.db, userId),
    findVerification(ctx.db, userId),
  ]);
  const lastSend = pending
    ? await findRecentSend(ctx.db, { userId }, new Date(now.getTime() - RESEND_MS))
    : undefined;
  const pendingLive = pending && pending.expires_at > now;
  return {
    phone_number: data?.phone_number ?? null,
    verified_at: data?.phone_verified_at?.toISOString() ?? null,
    pending: pendingLive
      ? {
          phone_number: pending.phone_number,
          resend_available_at: new Date(
            (lastSend?.sent_at ?? pending.sent_at).getTime() + RESEND_MS,
          ).toISOString(),
          expires_at: pending.expires_at.toISOString(),
        }
      : null,
    old_app_verification_required: data?.old_app_verification_required ?? false,
    old_app_extra_pages: ctx.config.freePages.oldAppExtraPages,
    credited_pages: creditedPages,
  };
}

/** `POST /api/phone`: checks the number and texts a code to it. */
export async function requestPhoneVerification(
  ctx: TAppContext,
  gateway: TSmsGateway,
  user: TUserRow,
  input: string,
): Promise<TPhoneState> {
  const parsed = parsePhoneNumber(input);
  if (!parsed.ok) throw new PhoneFieldError(parsed.reason);
  const { phone } = parsed;
  const data = await findUserData(ctx.db, user.id);
  // Old-app rule: only a Polish operator's mobile number lifts the restriction.
  if (data?.old_app_verification_required && !isPolishMobile(phone)) {
    throw new PhoneFieldError('not_supported');
  }
  if (isBlacklisted(phone.e164, ctx.config.sms.blacklist)) throw new PhoneFieldError('blacklisted');
  const owner = await findVerifiedOwner(ctx.db, phone.e164);
  if (owner && owner.user_id !== user.id) throw new PhoneFieldError('taken');
  if (owner) {
    // Already this account's verified number: nothing to send.
    await deleteVerification(ctx.db, user.id);
    return getPhoneState(ctx, user.id);
  }
  await sendCode(ctx, gateway, user, phone.e164, 'add');
  return getPhoneState(ctx, user.id);
}

/** `POST /api/phone/resend`: a new code for the number waiting to be verified. */
export async function resendCode(
  ctx: TAppContext,
  gateway: TSmsGateway,
  user: TUserRow,
): Promise<TPhoneState> {
  const pending = await findVerification(ctx.db, user.id);
  if (!pending) throw new AppError(409, 'phone_nothing_pending', 'phone.errors.nothing_pending');
  await sendCode(ctx, gateway, user, pending.phone_number, 'resend');
  return getPhoneState(ctx, user.id);
}

/**
 * Claims the send (30 s and daily limits, under the account's row lock so two tabs cannot both
 * send), then talks to the gateway outside the transaction. A failed send is rolled back:
 * the limits are not used up and the previous pending code, if any, still works.
 */
async function sendCode(
  ctx: TAppContext,
  gateway: TSmsGateway,
  user: TUserRow,
  phoneNumber: string,
  kind: 'add' | 'resend',
): Promise<void> {
  const now = ctx.now();
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const claim = await ctx.db.transaction().execute(async (trx) => {
    await lockUserData(trx, user.id);
    const since = new Date(now.getTime() - RESEND_MS);
    const recentToUser = await findRecentSend(trx, { userId: user.id }, since);
    const recentToNumber = recentToUser
      ? undefined
      : await findRecentSend(trx, { phoneNumber }, since);
    if (recentToUser || recentToNumber) {
      if (kind === 'resend') throw new AppError(429, 'sms_wait', 'phone.errors.wait');
      throw new PhoneFieldError('checked_recently');
    }
    const sentToday = await countSendsSince(trx, user.id, new Date(now.getTime() - DAY_MS));
    if (sentToday >= ctx.config.sms.maxPerDay) {
      throw new AppError(429, 'sms_daily_limit', 'phone.errors.daily_limit');
    }
    const previous = await findVerification(trx, user.id);
    const sendId = await insertSmsSend(trx, { userId: user.id, phoneNumber, sentAt: now });
    await upsertVerification(trx, {
      userId: user.id,
      phoneNumber,
      codeHash: hashCode(user.id, phoneNumber, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    });
    return { sendId, previous };
  });

  const text = translate(user.locale, 'phone.sms.code', { code, minutes: CODE_TTL_MINUTES });
  try {
    // Network I/O outside any transaction, so no connection is held while the gateway answers.
    await gateway.send(phoneNumber, text);
  } catch (err) {
    ctx.log.warn({ err, userId: user.id }, 'SMS not sent');
    await ctx.db.transaction().execute(async (trx) => {
      await deleteSmsSend(trx, claim.sendId);
      if (claim.previous) {
        const { previous } = claim;
        await upsertVerification(trx, {
          userId: user.id,
          phoneNumber: previous.phone_number,
          codeHash: previous.code_hash,
          sentAt: previous.sent_at,
          expiresAt: previous.expires_at,
        });
      } else {
        await deleteVerification(trx, user.id);
      }
    });
    if (err instanceof SmsSendError)
      throw new AppError(503, 'sms_failed', 'phone.errors.sms_failed');
    throw err;
  }
}

/** `POST /api/phone/verify`: the code from the SMS makes the number the account's. */
export async function verifyCode(
  ctx: TAppContext,
  user: TUserRow,
  code: string,
  meta: { ip: string | null },
): Promise<TPhoneState> {
  const now = ctx.now();
  const invalid = () => new AppError(422, 'invalid_code', 'phone.errors.invalid_code');
  const pending = await findVerification(ctx.db, user.id);
  if (!pending || pending.expires_at <= now || pending.attempts >= MAX_CODE_ATTEMPTS) {
    throw invalid();
  }
  const typed = code.replace(/\s/g, '');
  if (!sameHash(pending.code_hash, hashCode(user.id, pending.phone_number, typed))) {
    await incrementAttempts(ctx.db, user.id);
    throw invalid();
  }
  let credited: number;
  try {
    // The old-app extra pages (noted by the ledger) reach the person's polls after the commit.
    credited = await transactionTellingPeople(ctx, async (trx) => {
      const data = await lockUserData(trx, user.id);
      const owner = await findVerifiedOwner(trx, pending.phone_number);
      if (owner && owner.user_id !== user.id) throw new PhoneFieldError('taken');
      await saveVerifiedPhone(trx, user.id, pending.phone_number, now);
      await deleteVerification(trx, user.id);
      await recordAudit(trx, {
        actorUserId: user.id,
        action: 'user.phone_verified',
        subject: ['user', user.id],
        details: { phone_number: pending.phone_number },
        ip: meta.ip,
      });
      const parsed = parsePhoneNumber(pending.phone_number);
      if (data.old_app_verification_required && parsed.ok && isPolishMobile(parsed.phone)) {
        return creditOldAppExtra(ctx, trx, user.id, now);
      }
      return 0;
    });
  } catch (err) {
    // Another account verified the same number at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new PhoneFieldError('taken');
    throw err;
  }
  return getPhoneState(ctx, user.id, credited);
}

async function creditOldAppExtra(
  ctx: TAppContext,
  trx: TAppContext['db'],
  userId: number,
  now: Date,
): Promise<number> {
  if (!(await claimOldAppBonus(trx, userId, now))) return 0;
  const { oldAppExtraPages, oldAppExtraDays } = ctx.config.freePages;
  await grantPages(
    trx,
    {
      userId,
      source: 'welcome',
      pages: oldAppExtraPages,
      validDays: oldAppExtraDays,
      reference: OLD_APP_GRANT_REFERENCE,
    },
    now,
  );
  return oldAppExtraPages;
}

/**
 * The phone app said its version at sign-in. An outdated app puts the account under the
 * old-app rule until it verifies a Polish mobile number; one that already has one meets the
 * rule at once (and gets the extra, once).
 */
export async function recordAppVersion(
  ctx: TAppContext,
  userId: number,
  version: string,
): Promise<void> {
  const now = ctx.now();
  const isOld = isOlderThan(version, ctx.config.freePages.minAppVersion);
  await transactionTellingPeople(ctx, async (trx) => {
    const data = await lockUserData(trx, userId);
    const parsed = data.phone_number ? parsePhoneNumber(data.phone_number) : null;
    const hasPolishMobile = parsed?.ok === true && isPolishMobile(parsed.phone);
    const ruleMet = data.old_app_bonus_granted_at !== null || hasPolishMobile;
    await updateAppVersion(
      trx,
      userId,
      {
        version: version.slice(0, 40),
        verificationRequired: isOld ? !ruleMet : data.old_app_verification_required,
      },
      now,
    );
    if (isOld && hasPolishMobile) await creditOldAppExtra(ctx, trx, userId, now);
  });
}

/** Printing is refused while the old-app rule waits for its SMS verification. */
export async function assertMayPrint(ctx: TAppContext, userId: number): Promise<void> {
  const data = await findUserData(ctx.db, userId);
  if (data?.old_app_verification_required) {
    throw new AppError(403, 'old_app_verification_required', 'phone.errors.old_app');
  }
}

// Plain reads the routes show as they are (the route layer calls services, never a repo).
export { listOutbox } from './phone.repo';
