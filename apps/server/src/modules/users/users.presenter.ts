import { colorPagesFrom, type TAjaxUser, type TMe } from '@printomat/shared';
import type { TUserRow } from '../../db/schema';
import { accountRole } from './account-role';

/** `GET /ajax/user` as phone apps read it (spec section 7). */
export function presentAjaxUser(user: TUserRow, remainingPages: number): TAjaxUser {
  return {
    id: user.id,
    remaining_page_limit: remainingPages,
    is_premium: user.is_premium,
    last_login_mobile: user.last_login_mobile ? user.last_login_mobile.toISOString() : null,
  };
}

/**
 * Signing up with an e-mail address records no sign-in; signing up with Facebook records one at
 * the moment the account is made. Any later sign-in makes the account a returning one.
 */
function isNewAccount(user: TUserRow): boolean {
  if (user.last_login_at === null) return true;
  return Math.abs(user.last_login_at.getTime() - user.created_at.getTime()) < 2_000;
}

export function presentMe(user: TUserRow, remainingPages: number): TMe {
  return {
    ...presentAjaxUser(user, remainingPages),
    email: user.email,
    role: accountRole(user),
    locale: user.locale,
    email_confirmed: user.email_confirmed_at !== null,
    remaining_color_pages: colorPagesFrom(remainingPages),
    has_password: user.password_hash !== null,
    has_facebook: user.facebook_id !== null,
    is_new_account: isNewAccount(user),
  };
}
