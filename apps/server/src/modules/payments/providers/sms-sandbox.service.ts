import { randomBytes } from 'node:crypto';
import type { TAppContext } from '../../../context';
import { AppError, notFound } from '../../../http/errors';
import {
  decodeSessionToken,
  SMS_SANDBOX_PROVIDER,
  SMS_SIGNATURE_HEADER,
  signSmsNotification,
  type TSmsNotification,
  type TSmsSession,
} from './sms-payment';
import {
  findSmsSandboxSession,
  insertSmsSandboxSession,
  recordSmsDeliveries,
  type TSmsSandboxRow,
} from './sms-sandbox.repo';

/** The operator's side of the sandbox: what the page shows and what "sending the SMS" does. */

export type TSmsOutcome = 'success' | 'failure';

export type TSmsSandboxView =
  | { state: 'invalid' }
  | { state: 'expired'; session: TSmsSession }
  | { state: 'pending'; session: TSmsSession }
  | { state: 'sent'; session: TSmsSession; outcome: TSmsOutcome };

/** Real operators retry; the sandbox always notifies twice so the shop's dedup is exercised. */
export const SMS_NOTIFICATION_COPIES = 2;
const DELIVERY_TIMEOUT_MS = 10_000;

function sandboxSecret(ctx: TAppContext): string {
  const sandbox = ctx.config.smsPaymentSandbox;
  // The routes are registered only when the sandbox is configured.
  if (!sandbox) throw notFound();
  return sandbox.webhookSecret;
}

export function smsWebhookUrl(ctx: TAppContext): string {
  return `${ctx.config.publicUrl}/api/payments/webhooks/${SMS_SANDBOX_PROVIDER}`;
}

const isExpired = (ctx: TAppContext, session: TSmsSession) =>
  ctx.now().getTime() / 1000 > session.expiresAt;

export async function viewSmsSandbox(ctx: TAppContext, token: string): Promise<TSmsSandboxView> {
  const session = decodeSessionToken(sandboxSecret(ctx), token);
  if (!session) return { state: 'invalid' };
  const row = await findSmsSandboxSession(ctx.db, session.sessionId);
  if (row) return { state: 'sent', session, outcome: row.outcome };
  return isExpired(ctx, session) ? { state: 'expired', session } : { state: 'pending', session };
}

function notificationOf(session: TSmsSession, row: TSmsSandboxRow): TSmsNotification {
  return {
    event_id: row.event_id,
    type: 'sms.payment',
    session_id: session.sessionId,
    reference: session.reference,
    status: row.outcome === 'success' ? 'completed' : 'failed',
    amount_minor: session.amountMinor,
    currency: session.currency,
    ...(row.outcome === 'failure' ? { failure_code: 'operator_rejected' } : {}),
  };
}

/** One signed POST to the shop's webhook; the answer's status, or the network error's name. */
async function deliver(ctx: TAppContext, secret: string, body: string): Promise<string> {
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  try {
    const response = await fetch(smsWebhookUrl(ctx), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SMS_SIGNATURE_HEADER]: signSmsNotification(secret, body, timestamp),
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return error instanceof Error ? error.name : 'error';
  }
}

/**
 * "Sends" the SMS: the first outcome chosen for a session is the one recorded (a second request,
 * on any instance, gets the same one) and the shop is notified; asking again only repeats the
 * notification of the recorded outcome, with the same event id. Returns where the payer goes.
 */
export async function simulateSms(
  ctx: TAppContext,
  token: string,
  outcome: TSmsOutcome,
): Promise<{ returnUrl: string }> {
  const secret = sandboxSecret(ctx);
  const session = decodeSessionToken(secret, token);
  if (!session) throw new AppError(404, 'sms_invalid', 'sms_payments.errors.invalid');
  let row = await findSmsSandboxSession(ctx.db, session.sessionId);
  if (!row) {
    if (isExpired(ctx, session))
      throw new AppError(410, 'sms_expired', 'sms_payments.errors.expired');
    row =
      (await insertSmsSandboxSession(ctx.db, {
        session_id: session.sessionId,
        reference: session.reference,
        outcome,
        event_id: `smsevt_${randomBytes(12).toString('base64url')}`,
        sent_at: ctx.now(),
      })) ?? (await findSmsSandboxSession(ctx.db, session.sessionId));
    if (!row) throw new Error(`SMS sandbox session ${session.sessionId} vanished`);
  }
  const body = JSON.stringify(notificationOf(session, row));
  const statuses: string[] = [];
  // One after the other, as an operator's retry would arrive.
  for (let i = 0; i < SMS_NOTIFICATION_COPIES; i += 1)
    statuses.push(await deliver(ctx, secret, body));
  const delivered = statuses.some((s) => /^2\d\d$/.test(s));
  await recordSmsDeliveries(
    ctx.db,
    session.sessionId,
    statuses.length,
    statuses.join(','),
    delivered ? ctx.now() : null,
  );
  if (!delivered) {
    ctx.log.warn({ sessionId: session.sessionId, statuses }, 'SMS sandbox notification failed');
    throw new AppError(502, 'sms_delivery_failed', 'sms_payments.errors.delivery_failed');
  }
  return { returnUrl: session.returnUrl };
}
