import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';

/**
 * What other modules do before an account is erased, in the erasure transaction (issue 15: the
 * invoices module invoices the company's open purchases while its details still exist). The
 * users module knows nothing of those modules: they register here (they depend on users, never
 * the other way round). A hook that throws refuses the erasure (the transaction rolls back).
 */
export type TAccountErasureHook = (ctx: TAppContext, trx: TDb, userId: number) => Promise<void>;

const hooks = new Map<string, TAccountErasureHook>();

/** Idempotent per name: every app instance in one process registers the same hook. */
export function registerAccountErasureHook(name: string, hook: TAccountErasureHook): void {
  hooks.set(name, hook);
}

/** Runs every hook, in the order they were registered (eraseAccount, before anything goes). */
export async function runAccountErasureHooks(
  ctx: TAppContext,
  trx: TDb,
  userId: number,
): Promise<void> {
  for (const hook of hooks.values()) await hook(ctx, trx, userId);
}
