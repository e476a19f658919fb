import type { TAppContext } from '../../context';
import type { TJobRun } from '../jobs/queue';

// SCAFFOLD (helper B replaces this file): processes one received message.
export async function processInboundMessage(
  ctx: TAppContext,
  messageId: number,
  run?: Pick<TJobRun, 'attempt'>,
): Promise<void> {
  void run;
  ctx.log.warn({ messageId }, 'inbound processing not built yet');
}
