import { createHash, randomBytes } from 'node:crypto';
import type { TConfig } from '../../../config';
import type { TDb } from '../../../db/database';
import {
  WebhookRejected,
  type TCardSetupRequest,
  type TCheckoutRequest,
  type TPaymentProvider,
  type TProviderEvent,
  type TProviderRedirect,
  type TRefundRequest,
  type TRefundResult,
} from '../payment-provider';
import { ZSandboxEvent } from './sandbox-events';
import {
  findSandboxRefund,
  insertSandboxRefund,
  lockPaidSandboxSession,
  sumSandboxRefunds,
} from './sandbox-refunds.repo';
import { insertSandboxSession } from './sandbox-sessions.repo';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-signature';

/** How long the sandbox's hosted page stays usable. */
const SESSION_TTL_MS = 60 * 60 * 1000; // 1 h

export const hashSandboxToken = (token: string) => createHash('sha256').update(token).digest('hex');

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * The built-in sandbox provider: our own hosted payment page (`/sandbox-pay/:token`) that
 * behaves like a foreign provider's. It keeps its own sessions, lets the tester pick an outcome,
 * and tells us the result only through signed webhooks (sent twice, as real providers do).
 */
export function createSandboxProvider(deps: { config: TConfig; db: TDb }): TPaymentProvider {
  const { config, db } = deps;
  const open = async (
    values: {
      kind: 'payment' | 'card';
      reference: string;
      method: string | null;
      amountMinor: number | null;
      currency: string | null;
      description: string;
      customerEmail: string | null;
      locale: string;
      returnUrl: string;
    },
    prefix: string,
  ): Promise<TProviderRedirect> => {
    // 256 random bits: the page's address is its only credential.
    const token = randomBytes(32).toString('base64url');
    const providerReference = randomId(prefix);
    await insertSandboxSession(db, {
      token_hash: hashSandboxToken(token),
      provider_reference: providerReference,
      kind: values.kind,
      reference: values.reference,
      method: values.method,
      amount_minor: values.amountMinor,
      currency: values.currency,
      description: values.description,
      customer_email: values.customerEmail ?? '',
      locale: values.locale,
      return_url: values.returnUrl,
      expires_at: new Date(Date.now() + SESSION_TTL_MS),
    });
    return { providerReference, redirectUrl: `${config.publicUrl}/sandbox-pay/${token}` };
  };

  /**
   * Like a real provider: the refund's reference is its idempotency key (asked again, the same
   * answer), it refunds only a payment session of ours that was finished, in its currency, and
   * never more in total than the session collected.
   */
  const refund = (request: TRefundRequest): Promise<TRefundResult> =>
    db.transaction().execute(async (trx): Promise<TRefundResult> => {
      const session = await lockPaidSandboxSession(trx, request.paymentProviderReference);
      const earlier = await findSandboxRefund(trx, request.reference);
      if (earlier) return { providerReference: earlier.provider_reference, status: 'succeeded' };
      const failed = (failureCode: string): TRefundResult => ({
        providerReference: null,
        status: 'failed',
        failureCode,
      });
      if (
        !session ||
        session.kind !== 'payment' ||
        session.status !== 'done' ||
        session.reference !== request.paymentReference
      )
        return failed('payment_not_found');
      if (session.currency !== request.currency.toUpperCase()) return failed('currency_mismatch');
      const refunded = await sumSandboxRefunds(trx, session.provider_reference);
      if (request.amountMinor <= 0 || refunded + request.amountMinor > (session.amount_minor ?? 0))
        return failed('amount_too_large');
      const providerReference = randomId('sbx_re');
      await insertSandboxRefund(trx, {
        reference: request.reference,
        provider_reference: providerReference,
        session_provider_reference: session.provider_reference,
        amount_minor: request.amountMinor,
        currency: session.currency,
      });
      return { providerReference, status: 'succeeded' };
    });

  return {
    name: 'sandbox',
    methods: ['card', 'transfer', 'blik'],
    refund,
    createCheckout(request: TCheckoutRequest) {
      return open(
        {
          kind: 'payment',
          reference: request.reference,
          method: request.method,
          amountMinor: request.amountMinor,
          currency: request.currency,
          description: request.description,
          customerEmail: request.customerEmail,
          locale: request.locale,
          returnUrl: request.returnUrl,
        },
        'sbx_pay',
      );
    },
    createCardSetup(request: TCardSetupRequest) {
      return open(
        {
          kind: 'card',
          reference: request.reference,
          method: 'card',
          amountMinor: null,
          currency: null,
          description: 'card',
          customerEmail: request.customerEmail,
          locale: request.locale,
          returnUrl: request.returnUrl,
        },
        'sbx_seti',
      );
    },
    parseWebhook(rawBody, headers, now): TProviderEvent {
      verifySandboxSignature(
        config.payments.webhookSecret,
        rawBody,
        headers[SANDBOX_SIGNATURE_HEADER],
        now,
      );
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected('malformed');
      }
      const parsed = ZSandboxEvent.safeParse(json);
      if (!parsed.success) throw new WebhookRejected('malformed');
      const { id, type, data } = parsed.data;
      switch (type) {
        case 'payment.processing':
        case 'payment.completed':
        case 'payment.failed':
          return {
            kind: 'payment',
            eventId: id,
            reference: data.reference,
            providerReference: data.provider_reference,
            status:
              type === 'payment.completed'
                ? 'completed'
                : type === 'payment.failed'
                  ? 'failed'
                  : 'processing',
            amountMinor: data.amount_minor ?? null,
            currency: data.currency ?? null,
            ...(data.failure_code ? { failureCode: data.failure_code } : {}),
          };
        case 'card.added':
        case 'card.failed':
          return {
            kind: 'card',
            eventId: id,
            reference: data.reference,
            providerReference: data.provider_reference,
            status: type === 'card.added' ? 'added' : 'failed',
            fingerprint: data.fingerprint ?? null,
            brand: data.brand ?? null,
            last4: data.last4 ?? null,
          };
      }
    },
  };
}
