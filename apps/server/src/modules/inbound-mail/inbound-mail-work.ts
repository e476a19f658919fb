import type { TAppContext } from '../../context';
import { fillPrinterMailAddresses } from './inbound-addresses.service';
import { PROCESS_INBOUND_MAIL_JOB } from './inbound-mail.jobs';
import {
  processInboundMessage,
  registerInboundSweepWork,
  startInboundSweep,
} from './inbound-process.service';

/** How many messages one process works on at once (each may wait for its page counts). */
const INBOUND_CONCURRENCY = 4;

/**
 * The inbound-mail module's background work, registered with the context so every process that
 * runs the jobs queue processes received messages (wherever they were received) and sweeps those
 * whose processing died.
 */
export function registerInboundMailWork(ctx: TAppContext): void {
  ctx.worker.register(
    PROCESS_INBOUND_MAIL_JOB,
    ({ messageId }, run) => processInboundMessage(ctx, messageId, run),
    { concurrency: INBOUND_CONCURRENCY },
  );
  registerInboundSweepWork(ctx);
}

/**
 * The server's start (every instance may call it): printers without a usable address get one at
 * INBOUND_MAIL_DOMAIN, and the recurring sweep of stuck messages starts.
 */
export async function startInboundMailWork(ctx: TAppContext): Promise<void> {
  const changed = await fillPrinterMailAddresses(ctx);
  if (changed > 0) ctx.log.info({ changed }, 'printer addresses set at the inbound mail domain');
  await startInboundSweep(ctx);
}
