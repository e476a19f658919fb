import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { insertOutboxMessage } from './phone.repo';

/** The seam to whoever delivers SMS. Production and tests go through the same interface. */
export interface TSmsGateway {
  readonly kind: 'sandbox' | 'http' | 'unconfigured';
  /** Resolves when the gateway accepted the message; throws SmsSendError otherwise. */
  send(to: string, text: string): Promise<void>;
}

/** `message` is for the logs; the person is told "Unable to send SMS. Try again later." */
export class SmsSendError extends Error {}

/**
 * Numbers the sandbox refuses, to exercise the failure path: Ofcom's drama range
 * +44 7700 900000 … 900999, which no real phone ever has.
 */
export const SANDBOX_FAILING_PREFIX = '+447700900';

/** Development and tests: nothing leaves the machine; messages land in `sms_outbox` (/dev/sms). */
export function createSandboxSmsGateway(db: TDb): TSmsGateway {
  return {
    kind: 'sandbox',
    async send(to, text) {
      if (to.startsWith(SANDBOX_FAILING_PREFIX)) {
        throw new SmsSendError(`sandbox refuses ${SANDBOX_FAILING_PREFIX}xxx numbers`);
      }
      await insertOutboxMessage(db, to, text);
    },
  };
}

const HTTP_TIMEOUT_MS = 10_000;

/**
 * An HTTP SMS API in the style most Polish bulk-SMS providers offer (SMSAPI and the like):
 * `POST {url}` with a bearer token and a form body `to`, `message`, `from`; any non-2xx answer
 * or an answer with an `error` field is a failure.
 */
export function createHttpSmsGateway(options: {
  url: string;
  token: string | undefined;
  sender: string;
}): TSmsGateway {
  return {
    kind: 'http',
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: new URLSearchParams({
            to: to.replace(/^\+/, ''),
            message: text,
            from: options.sender,
            format: 'json',
          }).toString(),
        });
      } catch (err) {
        throw new SmsSendError(`SMS gateway unreachable: ${String(err)}`);
      }
      const body = await response.text();
      if (!response.ok) throw new SmsSendError(`SMS gateway answered ${response.status}: ${body}`);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(body);
      } catch {
        // A plain "OK" is fine.
      }
      if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
        throw new SmsSendError(`SMS gateway refused: ${body}`);
      }
    },
  };
}

/** Production without a configured gateway: every send fails (and is logged), never silently. */
const unconfiguredGateway: TSmsGateway = {
  kind: 'unconfigured',
  send() {
    return Promise.reject(new SmsSendError('SMS_API_URL is not set'));
  },
};

export function createSmsGateway(ctx: TAppContext): TSmsGateway {
  const { sms, isProduction } = ctx.config;
  if (sms.apiUrl)
    return createHttpSmsGateway({ url: sms.apiUrl, token: sms.apiToken, sender: sms.sender });
  return isProduction ? unconfiguredGateway : createSandboxSmsGateway(ctx.db);
}
