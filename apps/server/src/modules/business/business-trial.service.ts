import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { grantPages } from '../pages/pages-ledger.service';
import { claimTrial, setTrialGrant } from './business.repo';

/**
 * The free test account (issue 15 point 2): config.business.trialPages pages valid
 * config.business.trialDays days, once per tax number — not once per sign-up. The number's row
 * in business_trials outlives the account (user_id goes NULL on deletion), so deleting the
 * account and signing up again with the same NIP gives nothing. Runs in the caller's
 * transaction: the pages come with the company or not at all. Answers the pages given (0 when
 * the number already had its trial or trials are off).
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
