import { createHmac } from 'node:crypto';

/** The header the alert webhook is signed with, in Stripe's shape: `t=<unix s>,v1=<hex hmac>`. */
export const ALERT_SIGNATURE_HEADER = 'x-printomat-signature';
/** A receiver that does not answer within this long is tried again later (by the job queue). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** HMAC-SHA256 over `<timestamp>.<raw body>`, hex: the receiver recomputes it with the secret. */
export function signAlertPayload(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * POSTs one alert. Signed at send time (a fresh timestamp per attempt, so a receiver may refuse
 * old ones); anything but a 2xx answer throws, and the job queue tries again with backoff.
 */
export async function deliverAlertWebhook(
  webhook: { url: string; secret: string },
  body: string,
  now: Date,
): Promise<void> {
  const response = await fetch(webhook.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [ALERT_SIGNATURE_HEADER]: signAlertPayload(webhook.secret, body, now),
    },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`alert webhook answered ${response.status}`);
}
