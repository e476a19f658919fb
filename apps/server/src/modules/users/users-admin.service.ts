import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { eraseAccount } from './account-erasure.service';

/**
 * An admin deletes a person's account (account-erasure.service.ts: what goes and what stays).
 * Jobs waiting at a printer are withdrawn, even one printing, and a purchase still waiting for
 * its provider does not hold it up: the admin decides (a late payment alerts the team, see
 * payment-webhooks.service.ts). The audit row names the account by id only: the address is the
 * personal data being erased (the admin's screen is told it in the answer).
 */
export async function deleteUser(
  ctx: TAppContext,
  actor: { admin: TUserRow; ip?: string | null },
  userId: number,
): Promise<{ email: string }> {
  const user = await eraseAccount(ctx, userId, {
    check(_trx, user) {
      if (user.id === actor.admin.id)
        throw new AppError(409, 'cannot_delete_self', 'admin.errors.cannot_delete_self');
    },
    audit: (trx, user, erased) =>
      recordAudit(trx, {
        actorUserId: actor.admin.id,
        action: 'user.delete',
        subject: ['user', user.id],
        details: { role: user.role, ...erased },
        ip: actor.ip ?? null,
      }),
  });
  return { email: user.email };
}
