import { printerCondition } from '@printomat/shared';
import type { IppClient } from '../ipp/ipp-client.js';
import { linkTrouble } from '../ipp/link-trouble.js';

/**
 * What keeps the device from printing for good until someone comes (out of paper, jammed, out
 * of toner, stopped, not answering), in words for the job's failure reason; null when it can
 * print or only waits for a door to be closed. The same rule the server applies to releases
 * (printer-condition.ts in the shared package).
 */
export async function deviceTrouble(ipp: IppClient): Promise<string | null> {
  return (await readDeviceTrouble(ipp))?.summary ?? null;
}

/**
 * As deviceTrouble, telling also whether waiting can help: a changed printer certificate or a
 * refused login (link-trouble.ts) stays until an operator acts, so a job fails at once.
 */
export async function readDeviceTrouble(
  ipp: IppClient,
): Promise<{ summary: string; operatorNeeded: boolean } | null> {
  let status;
  try {
    status = await ipp.getPrinter();
  } catch (err) {
    const link = linkTrouble(err);
    return link
      ? { summary: link.summary, operatorNeeded: true }
      : { summary: 'printer unreachable', operatorNeeded: false };
  }
  const condition = printerCondition(status);
  if (condition.kind !== 'error') return null;
  const reasons = status.reasons.length > 0 ? ` (${status.reasons.join(', ')})` : '';
  return {
    summary: `printer in error: ${condition.problem.replace(/_/g, ' ')}${reasons}`,
    operatorNeeded: false,
  };
}

/**
 * How long the device has been in trouble: a job waiting for it fails once the trouble has
 * lasted the limit (a short glitch, a printer still starting, does not fail anything).
 */
export class TroubleClock {
  private since: number | undefined;

  constructor(private readonly limitMs: number) {}

  /** Records the latest reading; true once the trouble has lasted the limit. */
  note(trouble: string | null, now = Date.now()): boolean {
    if (trouble === null) {
      this.since = undefined;
      return false;
    }
    this.since ??= now;
    return now - this.since >= this.limitMs;
  }
}
