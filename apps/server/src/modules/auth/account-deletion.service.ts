import type { TDeleteAccountInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { eraseAccount } from '../users/account-erasure.service';
import type { TRequestMeta } from './auth.service';
import { verifyPassword } from './passwords';

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
 * The person deletes their own account (issue 17 point 5), by the same erasure as an admin's
 * delete (users/account-erasure.service.ts). Refused while one of their jobs is printing: the
 * printer's report still has to settle it. A job still waiting at a printer is withdrawn.
 * The audit row names no address (the person asked to be forgotten) and no actor (the row is gone).
 */
export async function deleteOwnAccount(
  ctx: TAppContext,
  user: TUserRow,
  input: TDeleteAccountInput,
  meta: TRequestMeta,
): Promise<void> {
  if (!(await confirmed(user, input.confirmation))) throw fieldError('confirmation', 'incorrect');
  await eraseAccount(ctx, user.id, {
    check(_trx, _user, jobs) {
      if (jobs.some((j) => j.status === 'scheduled' && j.printing_started_at !== null))
        throw new AppError(409, 'printing', 'account_data.delete.errors.printing');
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
}
