import type { TRole } from '@printomat/shared';
import type { TUserRow } from '../../db/schema';

/**
 * The role of a person's account. Guest accounts (the owners of express orders' documents) have
 * none: they never sign in and are never listed, so meeting one where an account is shown is a
 * bug, not something to show.
 */
export function accountRole(user: Pick<TUserRow, 'id' | 'role'>): TRole {
  if (user.role === 'guest') throw new Error(`user ${user.id} is a guest account`);
  return user.role;
}

/** Whether the row is a person's account (not an express order's guest account). */
export function isAccount(user: Pick<TUserRow, 'role'>): boolean {
  return user.role !== 'guest';
}
