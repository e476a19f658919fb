import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPrinterRow } from '../../db/schema';

/**
 * Work another module does, in the same transaction, when a printer is taken out of service
 * (print jobs: the jobs still waiting there end and their pages go back). Registered by that
 * module, as printers imports no module that imports it (`npm run boundaries` forbids folder
 * cycles). A reaction answers what to do once the transaction committed (tell the printer's
 * agent, the owners' open pages); one that throws rolls the decommissioning back.
 */
export type TPrinterDecommissionReaction = (
  ctx: TAppContext,
  trx: TDb,
  printer: TPrinterRow,
) => Promise<() => Promise<void>>;

const reactions = new Map<string, TPrinterDecommissionReaction>();

/** Idempotent per name (a second registration replaces the first). */
export function onPrinterDecommissioned(
  name: string,
  reaction: TPrinterDecommissionReaction,
): void {
  reactions.set(name, reaction);
}

/** Runs every registered reaction inside `trx`; answers the work for after the commit. */
export async function runDecommissionReactions(
  ctx: TAppContext,
  trx: TDb,
  printer: TPrinterRow,
): Promise<() => Promise<void>> {
  const afterCommit: (() => Promise<void>)[] = [];
  for (const reaction of reactions.values()) afterCommit.push(await reaction(ctx, trx, printer));
  return async () => {
    for (const run of afterCommit) await run();
  };
}
