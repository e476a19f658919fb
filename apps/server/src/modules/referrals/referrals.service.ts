import { ADD_CARD_BONUS_PAGES, type TFreePages, type TReferralStatus } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { announceUserChanged } from '../../http/session-cache';
import { grantPages } from '../pages/pages-ledger.service';
import {
  countGrants,
  findCardBonusGrant,
  findInvitedUser,
  findReferralCode,
  findReferrerByCode,
  insertReferralCredit,
  listInvited,
  setReferrer,
  sumReferralPages,
} from './referrals.repo';

export type TReferralBonus = { pages: number; validDays: number };

/**
 * The bonus per invited person, from REFERRAL_BONUS_PAGES / REFERRAL_BONUS_DAYS. Set when the
 * app is built (`registerReferralRoutes`), because the payments module calls the hook below
 * with a transaction only; the defaults equal the config defaults.
 */
let configuredBonus: TReferralBonus = { pages: 20, validDays: 30 };

export function configureReferralBonus(bonus: TReferralBonus): void {
  configuredBonus = bonus;
}

/** A link opened this long after sign-up no longer makes someone your inviter. */
const ATTACH_WINDOW_MS = 24 * 3_600_000;
const HISTORY_LIMIT = 100;

/**
 * Called by the payments module inside the transaction that completes a purchase, after the
 * purchase's pages are granted. Credits the person who invited `userId` when this is the invited
 * person's first completed purchase and their sign-up is complete (confirmed e-mail). At most
 * once per invited person: the unique key on `referral_credits.invited_user_id` decides, so a
 * replayed or concurrent completion credits nothing more.
 */
export async function creditReferrerAfterPurchase(
  db: TDb,
  userId: number,
  now: Date,
  bonus: TReferralBonus = configuredBonus,
): Promise<boolean> {
  const invited = await findInvitedUser(db, userId);
  if (!invited?.referred_by_user_id || invited.referred_by_user_id === userId) return false;
  if (!invited.email_confirmed_at) return false;
  // The purchase completing now has granted its pages already: a first purchase leaves one.
  if ((await countGrants(db, userId, 'package')) > 1) return false;
  const referrerId = invited.referred_by_user_id;
  const inserted = await insertReferralCredit(db, {
    referrerId,
    invitedId: userId,
    pages: bonus.pages,
    now,
  });
  if (!inserted) return false;
  await grantPages(
    db,
    {
      userId: referrerId,
      source: 'referral',
      pages: bonus.pages,
      validDays: bonus.validDays,
      reference: `referral:${userId}`,
    },
    now,
  );
  return true;
}

/**
 * A referral link opened before signing up (remembered in a cookie) makes its owner the
 * inviter of an account created in the last 24 hours that has no inviter and no purchase yet:
 * this covers e-mail sign-up and Facebook sign-up alike, whatever page the person went through.
 */
export async function attachReferrer(
  ctx: TAppContext,
  user: { id: number; referred_by_user_id: number | null; created_at: Date },
  code: string,
): Promise<boolean> {
  if (user.referred_by_user_id !== null) return false;
  if (ctx.now().getTime() - user.created_at.getTime() > ATTACH_WINDOW_MS) return false;
  const referrer = await findReferrerByCode(ctx.db, code);
  if (!referrer || referrer.id === user.id) return false;
  const attached = await ctx.db.transaction().execute(async (trx) => {
    if ((await countGrants(trx, user.id, 'package')) > 0) return false;
    return setReferrer(trx, user.id, referrer.id);
  });
  if (attached) await announceUserChanged(ctx, user.id);
  return attached;
}

/** `a***@example.com`: the inviter sees who joined without learning their address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export function referralLink(ctx: TAppContext, code: string): string {
  return `${ctx.config.publicUrl}/sign-up?ref=${encodeURIComponent(code)}`;
}

export async function getFreePages(ctx: TAppContext, userId: number): Promise<TFreePages> {
  const [{ referral_code: code }, invited, total, card] = await Promise.all([
    findReferralCode(ctx.db, userId),
    listInvited(ctx.db, userId, HISTORY_LIMIT),
    sumReferralPages(ctx.db, userId),
    findCardBonusGrant(ctx.db, userId),
  ]);
  return {
    referral_code: code,
    referral_link: referralLink(ctx, code),
    referral_bonus_pages: ctx.config.freePages.referralBonusPages,
    referral_bonus_days: ctx.config.freePages.referralBonusDays,
    referral_pages_total: total,
    referrals: invited.map((row) => {
      const status: TReferralStatus =
        row.pages !== null
          ? 'credited'
          : row.has_purchase
            ? 'not_eligible' // bought before confirming the address: only a first purchase counts
            : !row.email_confirmed_at
              ? 'waiting_for_confirmation'
              : 'waiting_for_purchase';
      return {
        email: maskEmail(row.email),
        signed_up_at: row.created_at.toISOString(),
        status,
        pages: row.pages,
        credited_at: row.credited_at?.toISOString() ?? null,
      };
    }),
    card_bonus: card
      ? {
          received: true,
          pages: card.pages,
          remaining: card.remaining,
          expires_at: card.expires_at?.toISOString() ?? null,
        }
      : { received: false, pages: ADD_CARD_BONUS_PAGES, remaining: 0, expires_at: null },
  };
}
