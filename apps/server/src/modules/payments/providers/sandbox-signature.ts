import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookRejected } from '../payment-provider';

/** Header the sandbox signs its webhooks with, in Stripe's shape: `t=<unix s>,v1=<hex hmac>`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** HMAC-SHA256 over `<timestamp>.<raw body>`, hex. */
export function computeSandboxSignature(
  secret: string,
  timestamp: number,
  rawBody: string | Buffer,
) {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signSandboxPayload(secret: string, rawBody: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${computeSandboxSignature(secret, timestamp, rawBody)}`;
}

/**
 * Checks the signature on the exact bytes received and refuses timestamps outside the replay
 * window (older than 300 s, or more than 300 s in the future).
 */
export function verifySandboxSignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
): void {
  if (typeof header !== 'string' || header === '') throw new WebhookRejected('unsigned');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (!key || !value) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookRejected('unsigned');
  const expected = Buffer.from(computeSandboxSignature(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookRejected('bad_signature');
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookRejected('stale');
}
