import type { TUserRow } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * An account an admin blocked signs in nowhere: password, phone app, Facebook, reset link.
 * Asked only once the credentials proved who it is, so the answer tells a stranger nothing.
 */
export function refuseBlocked(user: Pick<TUserRow, 'blocked_at'>): void {
  if (user.blocked_at) throw new AppError(403, 'account_blocked', 'errors.account_blocked');
}

export function isBlockedError(err: unknown): boolean {
  return err instanceof AppError && err.code === 'account_blocked';
}
