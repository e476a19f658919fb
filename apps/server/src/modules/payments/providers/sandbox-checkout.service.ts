import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { TAppContext } from '../../../context';
import { enqueueJob } from '../../jobs/queue';
import type { TSandboxEvent } from './sandbox-events';
import { hashSandboxToken } from './sandbox';
import {
  findSandboxSession,
  lockSandboxSession,
  updateSandboxSession,
  type TSandboxSessionRow,
} from './sandbox-sessions.repo';
import { SANDBOX_WEBHOOK_JOB } from './sandbox-webhook.job';

export const SANDBOX_OUTCOMES = ['success', 'failure', 'processing'] as const;
export type TSandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The banks the sandbox's transfer page offers (Polish pay-by-link banks). */
export const SANDBOX_BANKS = [
  'PKO BP',
  'Bank Pekao',
  'mBank',
  'ING Bank Śląski',
  'Santander Bank Polska',
  'Millennium',
  'Alior Bank',
  'Credit Agricole',
] as const;

/** Field name → catalog key (`payments.sandbox.errors.*`). */
export type TSandboxFieldErrors = Record<string, string>;

export type TSandboxResult =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; session: TSandboxSessionRow; errors: TSandboxFieldErrors }
  | { kind: 'gone' };

const usable = (row: TSandboxSessionRow | undefined, now: Date) =>
  row && row.expires_at.getTime() > now.getTime() ? row : undefined;

export async function findOpenSandboxSession(ctx: TAppContext, token: string) {
  return usable(await findSandboxSession(ctx.db, hashSandboxToken(token)), ctx.now());
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

const cardDigits = (form: Record<string, string>) => (form.number ?? '').replace(/[\s-]/g, '');

function checkCard(form: Record<string, string>, now: Date): TSandboxFieldErrors {
  const errors: TSandboxFieldErrors = {};
  const digits = cardDigits(form);
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'card_number';
  const month = Number(form.exp_month);
  const year = Number(form.exp_year);
  if (!/^\d{1,2}$/.test(form.exp_month ?? '') || month < 1 || month > 12)
    errors.exp_month = 'exp_month';
  if (!/^\d{4}$/.test(form.exp_year ?? '')) errors.exp_year = 'exp_year';
  else if (!errors.exp_month) {
    const endOfMonth = new Date(Date.UTC(year, month, 1));
    if (endOfMonth.getTime() <= now.getTime()) errors.exp_year = 'expired';
  }
  if (!/^\d{3}$/.test(form.cvv ?? '')) errors.cvv = 'cvv';
  if (!/^[A-Za-z0-9 -]{3,8}$/.test((form.postal_code ?? '').trim()))
    errors.postal_code = 'postal_code';
  return errors;
}

const outcomeOf = (value: string | undefined): TSandboxOutcome =>
  SANDBOX_OUTCOMES.find((o) => o === value) ?? 'success';

/** Runs `act` in a transaction on the token's locked session while it is open; else "gone". */
function withOpenSession(
  ctx: TAppContext,
  token: string,
  act: (trx: TAppContext['db'], session: TSandboxSessionRow, now: Date) => Promise<TSandboxResult>,
): Promise<TSandboxResult> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx): Promise<TSandboxResult> => {
    const session = usable(await lockSandboxSession(trx, hashSandboxToken(token)), now);
    if (!session || session.status === 'done') return { kind: 'gone' };
    return act(trx, session, now);
  });
}

/** The payer submitted the hosted form (card, bank choice or BLIK code). */
export async function submitSandboxForm(
  ctx: TAppContext,
  token: string,
  form: Record<string, string>,
): Promise<TSandboxResult> {
  return withOpenSession(ctx, token, async (trx, session, now) => {
    if (session.status === 'challenge') return { kind: 'form', session, errors: {} };
    const outcome = outcomeOf(form.outcome);
    if (session.method === 'card') {
      const errors = checkCard(form, now);
      if (Object.keys(errors).length) return { kind: 'form', session, errors };
      const digits = cardDigits(form);
      // Same card number → same fingerprint, whoever adds it (the bonus is once per card).
      const fingerprint = createHmac('sha256', ctx.config.payments.webhookSecret)
        .update(`card:${digits}`)
        .digest('hex')
        .slice(0, 32);
      // Every sandbox card asks for 3-D Secure: the bank's code is shown on the challenge page.
      await updateSandboxSession(trx, session.token_hash, {
        status: 'challenge',
        challenge_code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
        pending_outcome: outcome,
        card_fingerprint: fingerprint,
        card_brand: cardBrand(digits),
        card_last4: digits.slice(-4),
      });
      return { kind: 'redirect', url: `/sandbox-pay/${token}/3ds` };
    }
    if (session.method === 'transfer') {
      if (!SANDBOX_BANKS.some((bank) => bank === form.bank))
        return { kind: 'form', session, errors: { bank: 'bank' } };
    } else if (session.method === 'blik') {
      if (!/^\d{6}$/.test(form.blik_code ?? ''))
        return { kind: 'form', session, errors: { blik_code: 'blik_code' } };
    }
    return { kind: 'redirect', url: await finish(ctx, trx, session, outcome) };
  });
}

/** The 3-D Secure step: the right code completes, "cancel" fails the payment. */
export async function submitSandboxChallenge(
  ctx: TAppContext,
  token: string,
  form: Record<string, string>,
): Promise<TSandboxResult> {
  return withOpenSession(ctx, token, async (trx, session) => {
    if (session.status !== 'challenge') return { kind: 'redirect', url: `/sandbox-pay/${token}` };
    if (form.action === 'cancel')
      return { kind: 'redirect', url: await finish(ctx, trx, session, 'failure') };
    if ((form.code ?? '').trim() !== session.challenge_code)
      return { kind: 'form', session, errors: { code: 'challenge_code' } };
    return {
      kind: 'redirect',
      url: await finish(ctx, trx, session, outcomeOf(session.pending_outcome ?? undefined)),
    };
  });
}

/** Closes the session and queues the signed notification twice (duplicates happen for real). */
async function finish(
  ctx: TAppContext,
  trx: TAppContext['db'],
  session: TSandboxSessionRow,
  outcome: TSandboxOutcome,
): Promise<string> {
  await updateSandboxSession(trx, session.token_hash, { status: 'done' });
  const type: TSandboxEvent['type'] =
    session.kind === 'card'
      ? outcome === 'success'
        ? 'card.added'
        : 'card.failed'
      : outcome === 'success'
        ? 'payment.completed'
        : outcome === 'failure'
          ? 'payment.failed'
          : 'payment.processing';
  // A card that "stays processing" is not a thing: saving a card either works or not.
  const event: TSandboxEvent = {
    id: `evt_${randomBytes(12).toString('base64url')}`,
    type,
    created: Math.floor(ctx.now().getTime() / 1000),
    data: {
      reference: session.reference,
      provider_reference: session.provider_reference,
      amount_minor: session.amount_minor,
      currency: session.currency,
      ...(outcome === 'failure' ? { failure_code: 'card_declined' } : {}),
      ...(session.kind === 'card' && outcome === 'success'
        ? {
            fingerprint: session.card_fingerprint,
            brand: session.card_brand,
            last4: session.card_last4,
          }
        : {}),
    },
  };
  const body = JSON.stringify(event);
  for (const copy of [1, 2])
    await enqueueJob(trx, SANDBOX_WEBHOOK_JOB, { body }, { uniqueKey: `${event.id}:${copy}` });
  return session.return_url;
}
