import type { TAppContext } from '../../context';
import { PROCESS_INBOUND_MAIL_JOB } from './inbound-mail.jobs';
import { processInboundMessage } from './inbound-process.service';

/** How many messages one process works on at once (each may wait for its page counts). */
const INBOUND_CONCURRENCY = 4;

/**
 * The inbound-mail module's background work, registered with the context so every process that
 * runs the jobs queue processes received messages (wherever they were received).
 */
export function registerInboundMailWork(ctx: TAppContext): void {
  ctx.worker.register(
    PROCESS_INBOUND_MAIL_JOB,
    ({ messageId }, run) => processInboundMessage(ctx, messageId, run),
    { concurrency: INBOUND_CONCURRENCY },
  );
}
