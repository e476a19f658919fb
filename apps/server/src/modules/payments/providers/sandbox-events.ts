import { z } from 'zod';

/** The sandbox's webhook body (its "API"); parsed only after the signature is verified. */
export const ZSandboxEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum([
    'payment.processing',
    'payment.completed',
    'payment.failed',
    'card.added',
    'card.failed',
  ]),
  created: z.number().int(),
  data: z.object({
    reference: z.string().min(1).max(100),
    provider_reference: z.string().min(1).max(100),
    amount_minor: z.number().int().nullable().optional(),
    currency: z.string().nullable().optional(),
    failure_code: z.string().optional(),
    fingerprint: z.string().nullable().optional(),
    brand: z.string().nullable().optional(),
    last4: z.string().nullable().optional(),
  }),
});
export type TSandboxEvent = z.infer<typeof ZSandboxEvent>;
