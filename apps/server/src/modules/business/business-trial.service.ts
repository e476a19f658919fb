import type { TBusinessProfile } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TBusinessProfileRow, TUserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { registerEmailConfirmedListener } from '../auth/email-confirmed-listeners';
import { grantPages } from '../pages/pages-ledger.service';
import {
  claimTrial,
  findBusinessProfileRow,
  findTrialOfUser,
  isTrialTaken,
  setTrialGrant,
} from './business.repo';

/**
 * The free test account (issue 15 point 2): config.business.trialPages pages valid
 * config.business.trialDays days, once per tax number — not once per sign-up. The number's row
 * in business_trials outlives the account (user_id goes NULL on deletion), so deleting the
 * account and signing up again with the same NIP gives nothing. Runs in the caller's
 * transaction. Answers the pages given (0 when the number already had its trial or trials are
 * off).
 *
 * Only an account whose e-mail is confirmed gets them (review r2 H1): a sign-up with a made-up
 * address could otherwise farm pages, and take a real company's trial, by the hundred. See
 * `giveTrialWhenConfirmed` and docs/decisions.md "Business accounts".
 */
export async function giveTrialOnce(
  ctx: TAppContext,
  trx: TDb,
  company: { userId: number; taxCountry: string; taxId: string },
): Promise<number> {
  const { trialPages: pages, trialDays } = ctx.config.business;
  if (pages <= 0) return 0;
  if (!(await claimTrial(trx, { ...company, pages }))) return 0;
  const grantId = await grantPages(
    trx,
    {
      userId: company.userId,
      source: 'business_trial',
      pages,
      validDays: trialDays,
      reference: `${company.taxCountry}${company.taxId}`,
    },
    ctx.now(),
  );
  await setTrialGrant(trx, { ...company, grantId });
  await recordAudit(trx, {
    actorUserId: company.userId,
    action: 'business.trial_granted',
    subject: ['user', company.userId],
    details: { pages, days: trialDays },
  });
  return pages;
}

/**
 * The test pages of a business account whose e-mail has just been confirmed, for the company's
 * tax number as it is at that moment (a number changed before the confirmation is the one that
 * counts). Nothing for any other account.
 */
async function giveTrialWhenConfirmed(ctx: TAppContext, trx: TDb, user: TUserRow): Promise<void> {
  if (user.role !== 'business' || !user.email_confirmed_at) return;
  const profile = await findBusinessProfileRow(trx, user.id);
  // One trial per account too (an address confirmed twice would otherwise ask again).
  if (!profile || (await findTrialOfUser(trx, user.id))) return;
  await giveTrialOnce(ctx, trx, {
    userId: user.id,
    taxCountry: profile.tax_country,
    taxId: profile.tax_id,
  });
}

/** The business module's work: the test pages follow the e-mail confirmation (auth's hook). */
export function registerBusinessWork(_ctx: TAppContext): void {
  registerEmailConfirmedListener('business-trial', giveTrialWhenConfirmed);
}

/**
 * Where the company's test pages stand, for its profile: given (with their expiry), waiting for
 * the e-mail confirmation, not given because its tax number already had them, or none (trials
 * are off, or the account was confirmed under a number that had them and the number changed
 * since — a changed number never brings pages).
 */
export async function trialOf(
  ctx: TAppContext,
  db: TDb,
  user: TUserRow,
  profile: TBusinessProfileRow,
): Promise<Pick<TBusinessProfile, 'trial' | 'trial_status'>> {
  const trial = await findTrialOfUser(db, user.id);
  if (trial)
    return {
      trial: { pages: trial.pages, expires_at: trial.expires_at?.toISOString() ?? null },
      trial_status: 'granted',
    };
  if (ctx.config.business.trialPages <= 0) return { trial: null, trial_status: 'none' };
  if (await isTrialTaken(db, { taxCountry: profile.tax_country, taxId: profile.tax_id }))
    return { trial: null, trial_status: 'tax_number_used' };
  return {
    trial: null,
    trial_status: user.email_confirmed_at ? 'none' : 'awaiting_confirmation',
  };
}
