import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isLocale, type TLocale } from '@printomat/shared';
import type { TConfig } from '../../../config';
import {
  ProviderUnavailable,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type TCheckoutRequest,
  type TPaymentProvider,
  type TProviderEvent,
  type TProviderRedirect,
  type TRefundResult,
} from '../payment-provider';

/**
 * The sandbox of a premium-SMS payment operator. A real operator shows the payer a number and a
 * text to send, and notifies the shop when the SMS was billed. Here the "operator's page" is
 * our own `/sandbox-sms?session=<token>` (sms-payment.routes.ts), where the SMS is simulated.
 *
 * The pending session travels in the page token, signed with a key derived from the webhook
 * secret, so creating a checkout needs no storage and any server instance can show the page.
 * What happened to a session (the SMS was sent, the notifications delivered) is stored
 * (`sms_sandbox_sessions`), so it survives a restart and is the same on every instance.
 */

export const SMS_SANDBOX_PROVIDER = 'sms_sandbox';
export const SMS_SIGNATURE_HEADER = 'x-sms-signature';
/** The premium number of the sandbox operator (shown to the payer). */
export const SMS_SANDBOX_NUMBER = '92555';
/** How long the payer has to send the SMS. */
export const SMS_SESSION_TTL_SECONDS = 60 * 60;

export interface TSmsPaymentOptions {
  webhookSecret: string;
  publicUrl: string;
}

/** What the page token carries: the operator's view of one pending payment. */
export interface TSmsSession {
  sessionId: string;
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  locale: TLocale;
  returnUrl: string;
  /** The code the payer sends: `PRINT <code>`. */
  code: string;
  /** Unix seconds after which the page refuses the SMS. */
  expiresAt: number;
}

/** The operator's notification to the shop (body of the signed POST). */
export interface TSmsNotification {
  event_id: string;
  type: 'sms.payment';
  session_id: string;
  reference: string;
  status: 'completed' | 'failed';
  amount_minor: number;
  currency: string;
  failure_code?: string;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** HMAC-SHA256 over the bytes `<timestamp>.<raw body>`, hex. */
function notificationMac(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// Page tokens and notifications are signed with different keys from the one secret, so a
// token can never pass as a notification or the other way round.
const pageKey = (secret: string) =>
  createHmac('sha256', secret).update('sms-sandbox-page').digest();

export function smsTextFor(code: string): string {
  return `PRINT ${code}`;
}

/** Six characters without look-alikes (no 0/O, 1/I/L), easy to type into an SMS. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
}

export function encodeSessionToken(secret: string, session: TSmsSession): string {
  const payload = b64url(
    JSON.stringify([
      session.sessionId,
      session.reference,
      session.amountMinor,
      session.currency,
      session.description,
      session.locale,
      session.returnUrl,
      session.code,
      session.expiresAt,
    ]),
  );
  return `${payload}.${b64url(createHmac('sha256', pageKey(secret)).update(payload).digest())}`;
}

/** The session a page token names, or null when it is not one of ours (forged, cut, edited). */
export function decodeSessionToken(secret: string, token: string): TSmsSession | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = b64url(createHmac('sha256', pageKey(secret)).update(payload).digest());
  if (!sameText(mac, expected)) return null;
  try {
    const parts: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(parts) || parts.length !== 9) return null;
    const [sessionId, reference, amountMinor, currency, description, locale, returnUrl, code, exp] =
      parts as unknown[];
    if (
      typeof sessionId !== 'string' ||
      typeof reference !== 'string' ||
      typeof amountMinor !== 'number' ||
      typeof currency !== 'string' ||
      typeof description !== 'string' ||
      typeof locale !== 'string' ||
      !isLocale(locale) ||
      typeof returnUrl !== 'string' ||
      typeof code !== 'string' ||
      typeof exp !== 'number'
    )
      return null;
    return {
      sessionId,
      reference,
      amountMinor,
      currency,
      description,
      locale,
      returnUrl,
      code,
      expiresAt: exp,
    };
  } catch {
    return null;
  }
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, like Stripe's scheme. */
export function signSmsNotification(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${notificationMac(secret, timestamp, rawBody)}`;
}

function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

function readNotification(rawBody: Buffer): TSmsNotification {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('malformed');
  }
  const n = body as Partial<TSmsNotification> | null;
  if (
    !n ||
    typeof n !== 'object' ||
    n.type !== 'sms.payment' ||
    typeof n.event_id !== 'string' ||
    typeof n.session_id !== 'string' ||
    typeof n.reference !== 'string' ||
    (n.status !== 'completed' && n.status !== 'failed') ||
    typeof n.amount_minor !== 'number' ||
    !Number.isInteger(n.amount_minor) ||
    typeof n.currency !== 'string'
  )
    throw new WebhookRejected('malformed');
  return n as TSmsNotification;
}

export function createSmsPaymentProvider(options: TSmsPaymentOptions): TPaymentProvider {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  return {
    name: SMS_SANDBOX_PROVIDER,
    methods: ['sms'],
    refundable: false,

    async createCheckout(request: TCheckoutRequest): Promise<TProviderRedirect> {
      if (request.method !== 'sms')
        throw new ProviderUnavailable(`The SMS operator does not take ${request.method} payments`);
      const session: TSmsSession = {
        sessionId: `smss_${randomBytes(12).toString('base64url')}`,
        reference: request.reference,
        amountMinor: request.amountMinor,
        currency: request.currency.toUpperCase(),
        description: request.description,
        locale: request.locale,
        returnUrl: request.returnUrl,
        code: newCode(),
        expiresAt: Math.floor(Date.now() / 1000) + SMS_SESSION_TTL_SECONDS,
      };
      const token = encodeSessionToken(options.webhookSecret, session);
      return {
        providerReference: session.sessionId,
        redirectUrl: `${publicUrl}/sandbox-sms?session=${encodeURIComponent(token)}`,
      };
    },

    async createCardSetup(): Promise<TProviderRedirect> {
      throw new ProviderUnavailable('An SMS payment cannot save a card');
    },

    // A premium SMS is billed by the phone operator: it cannot be paid back through us.
    async refund(): Promise<TRefundResult> {
      return { providerReference: null, status: 'failed', failureCode: 'not_refundable' };
    },

    parseWebhook(rawBody, headers, now): TProviderEvent {
      const raw = headers[SMS_SIGNATURE_HEADER];
      const header = Array.isArray(raw) ? raw[0] : raw;
      if (!header) throw new WebhookRejected('unsigned');
      const parsed = parseSignatureHeader(header);
      if (!parsed) throw new WebhookRejected('malformed');
      const expected = notificationMac(options.webhookSecret, parsed.timestamp, rawBody);
      if (!parsed.signatures.some((s) => sameText(s, expected)))
        throw new WebhookRejected('bad_signature');
      // Too old is a replay; far in the future is a forged or broken clock: both refused.
      const age = Math.floor(now.getTime() / 1000) - parsed.timestamp;
      if (Math.abs(age) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookRejected('stale');
      const n = readNotification(rawBody);
      return {
        kind: 'payment',
        eventId: n.event_id,
        reference: n.reference,
        providerReference: n.session_id,
        status: n.status,
        amountMinor: n.amount_minor,
        currency: n.currency.toUpperCase(),
        ...(n.failure_code ? { failureCode: n.failure_code } : {}),
      };
    },
  };
}

/** The registry's factory: the SMS-payment sandbox when it is on (see config), else undefined. */
export function smsPaymentProviderFromConfig(config: TConfig): TPaymentProvider | undefined {
  return config.smsPaymentSandbox
    ? createSmsPaymentProvider({
        webhookSecret: config.smsPaymentSandbox.webhookSecret,
        publicUrl: config.publicUrl,
      })
    : undefined;
}
