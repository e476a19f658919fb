import { z } from 'zod';
import { CARD_PROVIDER_TIMEOUT_MS } from '@printomat/shared';
import type { TConfig } from '../../../config';
import type { TJobType } from '../../jobs/queue';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature';

/** One delivery of a sandbox webhook; retried with backoff while our endpoint does not say 2xx. */
export const SANDBOX_WEBHOOK_JOB = {
  name: 'payments.sandbox_webhook',
  schema: z.object({ body: z.string() }),
  maxAttempts: 8,
} satisfies TJobType<z.ZodType>;

/** Signs at send time (a fresh timestamp per attempt, like real providers) and POSTs over HTTP. */
export function sandboxWebhookSender(config: TConfig) {
  return async ({ body }: { body: string }): Promise<void> => {
    const response = await fetch(config.payments.sandboxWebhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(
          config.payments.webhookSecret,
          body,
          new Date(),
        ),
      },
      body,
      signal: AbortSignal.timeout(CARD_PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`sandbox webhook answered ${response.status}`);
  };
}
