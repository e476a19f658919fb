import type { TDeleteAccountInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { findUserById } from '../users';
import { eraseAccount } from '../users/account-erasure.service';
import type { TRequestMeta } from './auth.service';
import { verifyPassword } from './passwords';
import { countRecentFailures, recordSignInAttempt } from './sign-in-attempts.repo';

/**
 * Whether the person confirmed with what proves it is them at the keyboard: the password, or, for
 * an account without one (Facebook sign-in only: there is no password, and sending them through
 * Facebook again would not prove more than the session does), the e-mail address typed out.
 */
async function confirmed(user: TUserRow, confirmation: string): Promise<boolean> {
  if (user.password_hash) return verifyPassword(confirmation, user.password_hash);
  return confirmation.trim().toLowerCase() === user.email.toLowerCase();
}

/**
 * The confirmation is a password check like signing in, so it shares the sign-in limiter
 * (sign_in_attempts, same limits and window as auth.service signIn): a stolen session cannot
 * guess the password here any faster than on the sign-in form, and failures here count there
 * (`recordSignInAttempt` once the erasure's transaction gave up).
 */
async function refuseTooManyFailures(
  ctx: TAppContext,
  user: TUserRow,
  meta: TRequestMeta,
): Promise<void> {
  const windowMinutes = ctx.config.signInWindowMinutes;
  const since = new Date(ctx.now().getTime() - windowMinutes * 60_000);
  const failures = await countRecentFailures(ctx.db, { email: user.email, ip: meta.ip }, since);
  if (
    failures.byAccountAndIp >= ctx.config.signInMaxAttempts ||
    failures.byIp >= ctx.config.signInMaxAttemptsPerIp
  ) {
    throw new AppError(429, 'too_many_attempts', 'errors.too_many_attempts', {
      minutes: windowMinutes,
    });
  }
}

/**
 * The person deletes their own account (issue 17 point 5), by the same erasure as an admin's
 * delete (users/account-erasure.service.ts). Refused while one of their jobs is printing (the
 * printer's report still has to settle it) and while one of their package purchases waits for
 * the provider (once paid, the pages would have nobody to go to). A job still waiting at a
 * printer is withdrawn. The audit row names no address (the person asked to be forgotten) and no
 * actor (the row is gone).
 */
export async function deleteOwnAccount(
  ctx: TAppContext,
  user: TUserRow,
  input: TDeleteAccountInput,
  meta: TRequestMeta,
): Promise<void> {
  await refuseTooManyFailures(ctx, user, meta);
  // Confirmed against the row as it is now, not the request's (possibly cached) copy, and before
  // the erasure's transaction: the slow password hash never runs while the row is locked.
  const fresh = await findUserById(ctx.db, user.id);
  const isConfirmed = fresh !== undefined && (await confirmed(fresh, input.confirmation));
  let wrong = false;
  try {
    await eraseAccount(ctx, user.id, {
      // A password (or address) changed meanwhile elsewhere is not confirmed by the old one.
      async check(_trx, current, jobs, found) {
        const unchanged =
          current.password_hash === fresh?.password_hash && current.email === fresh.email;
        if (!isConfirmed || !unchanged) {
          wrong = true;
          throw fieldError('confirmation', 'incorrect');
        }
        if (jobs.some((j) => j.status === 'scheduled' && j.printing_started_at !== null))
          throw new AppError(409, 'printing', 'account_data.delete.errors.printing');
        if (found.packagePaymentsInProgress > 0)
          throw new AppError(
            409,
            'payment_in_progress',
            'account_data.delete.errors.payment_in_progress',
          );
      },
      audit: (trx, erased, counts) =>
        recordAudit(trx, {
          actorUserId: null,
          action: 'user.self_delete',
          subject: ['user', erased.id],
          details: { role: erased.role, ...counts },
          ip: meta.ip,
        }),
    });
  } catch (err) {
    if (wrong)
      await recordSignInAttempt(ctx.db, { email: user.email, ip: meta.ip, succeeded: false });
    throw err;
  }
}
