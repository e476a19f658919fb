import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';

/**
 * Who hears that an account's e-mail address is now confirmed (issue 15): the business module
 * gives a company its free test pages here (auth knows nothing of business; business depends on
 * auth, never the other way round). Called once per account, in the transaction that sets
 * users.email_confirmed_at — by the confirmation link, a password reset, a Facebook link or an
 * admin — with the account as it is after that.
 */
export type TEmailConfirmedListener = (ctx: TAppContext, trx: TDb, user: TUserRow) => Promise<void>;

const listeners = new Map<string, TEmailConfirmedListener>();

/** Idempotent per name: every app context in one process registers the same listener. */
export function registerEmailConfirmedListener(
  name: string,
  listener: TEmailConfirmedListener,
): void {
  listeners.set(name, listener);
}

export async function notifyEmailConfirmed(
  ctx: TAppContext,
  trx: TDb,
  user: TUserRow,
): Promise<void> {
  for (const listener of listeners.values()) await listener(ctx, trx, user);
}
