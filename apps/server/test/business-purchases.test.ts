import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grossFromNet,
  splitGross,
  VAT_RATE_PERCENT,
  type TPackageList,
  type TPurchaseRefund,
} from '@printomat/shared';
import { checkLedger } from '../src/modules/payments/ledger-check';
import { ProviderUnavailable, type TRefundResult } from '../src/modules/payments/payment-provider';
import {
  createProviderRegistry,
  usePaymentProviders,
} from '../src/modules/payments/provider-registry';
import { createSandboxProvider } from '../src/modules/payments/providers/sandbox';
import { registerPurchaseRefundListener } from '../src/modules/payments/purchase-refund-listeners';
import { processPurchaseRefund } from '../src/modules/payments/purchase-refunds.service';
import { postReservation, voidReservation } from '../src/modules/pages/page-reservations.service';
import { grantPages, remainingPages } from '../src/modules/pages/pages-ledger.service';
import { seedPackages } from '../src/seed/packages-seed';
import { signInNewAdmin } from './helpers/admin';
import { until } from './helpers/http-session';
import { confirmedUser, notifySandboxPayment } from './helpers/payments';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 15: business packages are sold to business accounts at net price + VAT, every purchase
// keeps its VAT split, and an administrator can give a package purchase's money back.

let t: TTestApp;
let packages: TPackageList['packages'];
const refundsHeard: Array<{ refundId: number; paymentId: number; userId: number | null }> = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedPackages(t.ctx.db);
  packages = (await new TestAgent(t.app).get('/api/packages')).json<TPackageList>().packages;
  // What the invoices module does with it (a correcting invoice) is its own test's business.
  registerPurchaseRefundListener('business-purchases-test', async (_ctx, _trx, refund) => {
    refundsHeard.push({
      refundId: refund.refundId,
      paymentId: refund.paymentId,
      userId: refund.userId,
    });
  });
}, 60_000);

afterAll(async () => {
  expect(await checkLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

const packageOf = (code: string, audience: 'personal' | 'business') => {
  const found = packages.find((p) => p.code === code && p.audience === audience);
  if (!found) throw new Error(`package ${code} (${audience}) missing`);
  return found;
};

let keyCounter = 0;
const newKey = () => `biz-${Date.now().toString(36)}-${(keyCounter += 1)}`;

async function businessUser(locale: 'en' | 'pl' = 'en') {
  const user = await confirmedUser(t, { locale });
  await t.ctx.db.updateTable('users').set({ role: 'business' }).where('id', '=', user.id).execute();
  return user;
}

const paymentRow = (reference: string) =>
  t.ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();

/** Starts a purchase by card; answers the payment row (processing). */
async function startPurchase(agent: TestAgent, packageId: number, method = 'card') {
  const response = await agent.post('/api/payments', {
    package_id: packageId,
    method,
    idempotency_key: newKey(),
  });
  expect(response.statusCode).toBe(201);
  return paymentRow(response.json<{ reference: string }>().reference);
}

/** The payer went through the sandbox's page and paid; the provider's notification arrives. */
async function pay(reference: string) {
  const payment = await paymentRow(reference);
  await t.ctx.db
    .updateTable('sandbox_sessions')
    .set({ status: 'done', pending_outcome: 'success' })
    .where('provider_reference', '=', payment.provider_reference)
    .execute();
  const response = await notifySandboxPayment(t, payment, 'payment.completed');
  expect(response.statusCode).toBe(200);
  return paymentRow(reference);
}

describe('buying packages with their VAT split', () => {
  it('a business account buys a business package by card: charged net + VAT, pages granted', async () => {
    const user = await businessUser();
    const s = packageOf('S', 'business');
    const started = await startPurchase(user.agent, s.id);
    const gross = grossFromNet(s.price_minor);
    expect(gross).toBeGreaterThan(s.price_minor);
    // The provider is asked for the gross amount; the payment page shows it.
    const session = await t.ctx.db
      .selectFrom('sandbox_sessions')
      .select(['amount_minor', 'currency'])
      .where('provider_reference', '=', started.provider_reference)
      .executeTakeFirstOrThrow();
    expect(session.amount_minor).toBe(gross);
    expect(
      (await user.agent.get(`/api/payments/${started.reference}`)).json<{ amount_minor: number }>()
        .amount_minor,
    ).toBe(gross);

    const paid = await pay(started.reference);
    expect(paid).toMatchObject({
      status: 'completed',
      is_business: true,
      amount_minor: gross,
      net_minor: s.price_minor,
      vat_minor: gross - s.price_minor,
      vat_rate: VAT_RATE_PERCENT,
    });
    expect(await remainingPages(t.ctx.db, user.id)).toBe(s.pages);
    // The receipt names the gross amount actually charged.
    const receipt = await t.smtp.waitFor(user.email, (m) => m.text.includes(paid.reference));
    expect(receipt.text).toContain((gross / 100).toFixed(2));
  });

  it('a personal account is refused a business package, in its language', async () => {
    const user = await confirmedUser(t, { locale: 'pl' });
    user.agent.cookies.set('lang', 'pl');
    const response = await user.agent.post('/api/payments', {
      package_id: packageOf('S', 'business').id,
      method: 'card',
      idempotency_key: newKey(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'business_only',
      message: 'Pakiety firmowe są dostępne tylko dla kont firmowych.',
    });
    const english = await confirmedUser(t);
    const refused = await english.agent.post('/api/payments', {
      package_id: packageOf('S', 'business').id,
      method: 'card',
      idempotency_key: newKey(),
    });
    expect(refused.json()).toMatchObject({
      message: 'Business packages are for business accounts.',
    });
    const none = await t.ctx.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', 'in', [user.id, english.id])
      .execute();
    expect(none).toEqual([]);
  });

  it('a business package is paid by card or transfer only: BLIK is refused', async () => {
    const user = await businessUser();
    const s = packageOf('S', 'business');
    const response = await user.agent.post('/api/payments', {
      package_id: s.id,
      method: 'blik',
      idempotency_key: newKey(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'no_payment_method',
      message: 'User did not enter a payment method',
    });
    const none = await t.ctx.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(none).toEqual([]);
    // By transfer it is sold.
    const byTransfer = await startPurchase(user.agent, s.id, 'transfer');
    expect(byTransfer).toMatchObject({ method: 'transfer', status: 'processing' });
  });

  it('a personal purchase keeps the VAT included in its price', async () => {
    const user = await confirmedUser(t);
    const m = packageOf('M', 'personal');
    const paid = await pay((await startPurchase(user.agent, m.id)).reference);
    const split = splitGross(m.price_minor);
    expect(paid).toMatchObject({
      status: 'completed',
      is_business: false,
      amount_minor: m.price_minor,
      net_minor: split.netMinor,
      vat_minor: split.vatMinor,
      vat_rate: VAT_RATE_PERCENT,
    });
    expect(split.netMinor + split.vatMinor).toBe(m.price_minor);
  });

  it('a business account buying a personal package pays its price with VAT in it, on its invoice', async () => {
    const user = await businessUser();
    const m = packageOf('M', 'personal');
    const paid = await pay((await startPurchase(user.agent, m.id)).reference);
    expect(paid).toMatchObject({
      is_business: true,
      amount_minor: m.price_minor,
      net_minor: splitGross(m.price_minor).netMinor,
    });
  });
});

describe('an administrator refunds a package purchase', () => {
  it('pays the whole amount back through the provider, takes back the unused pages, tells the payer and the listeners', async () => {
    const user = await businessUser('pl');
    const s = packageOf('S', 'business');
    const paid = await pay((await startPurchase(user.agent, s.id)).reference);
    const admin = await signInNewAdmin(t);

    const response = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
      note: 'Customer asked within 14 days',
    });
    expect(response.statusCode).toBe(201);
    const refund = response.json<TPurchaseRefund>();
    expect(refund).toMatchObject({
      payment_reference: paid.reference,
      amount_minor: paid.amount_minor,
      currency: 'PLN',
      pages_voided: s.pages,
    });
    expect(await remainingPages(t.ctx.db, user.id)).toBe(0);
    const grant = await t.ctx.db
      .selectFrom('page_grants')
      .select(['pages', 'remaining'])
      .where('id', '=', paid.grant_id)
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ pages: s.pages, remaining: 0 });

    // The provider's answer, recorded by the background job.
    const done = await until(async () => {
      const state = (
        await admin.get(`/api/admin/payments/${paid.reference}/refund`)
      ).json<TPurchaseRefund>();
      return state.status === 'pending' ? undefined : state;
    });
    expect(done).toMatchObject({ status: 'succeeded', pages_voided: s.pages });
    const row = await t.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('reference', '=', refund.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      payment_id: paid.id,
      express_order_id: null,
      reason: 'purchase_refunded',
      provider: 'sandbox',
      note: 'Customer asked within 14 days',
      amount_minor: paid.amount_minor,
    });
    expect(row.requested_by_user_id).not.toBeNull();
    const sandboxRefund = await t.ctx.db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('reference', '=', refund.reference)
      .executeTakeFirstOrThrow();
    expect(sandboxRefund.amount_minor).toBe(paid.amount_minor);
    expect(refundsHeard.filter((r) => r.paymentId === paid.id)).toEqual([
      { refundId: row.id, paymentId: paid.id, userId: user.id },
    ]);
    const mail = await t.smtp.waitFor(user.email, (m) => m.subject.includes('zwracamy'));
    expect(mail.text).toContain(paid.reference);
    expect(mail.text).toContain(refund.reference);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'payment')
      .where('subject_id', '=', String(paid.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payment.refunded', 'refund.succeeded']);

    // Once per purchase.
    const twice = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
      note: 'again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'refund_twice',
      message: 'This purchase has already been refunded.',
    });
  });

  it('takes back only the pages not used yet', async () => {
    const user = await confirmedUser(t);
    const m = packageOf('M', 'personal');
    const paid = await pay((await startPurchase(user.agent, m.id)).reference);
    // The person printed 7 pages of it meanwhile: a posted reservation holds them.
    await usePages(paid.grant_id!, user.id, 7);
    const admin = await signInNewAdmin(t);
    const response = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
      note: 'Printer broke',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<TPurchaseRefund>().pages_voided).toBe(m.pages - 7);
    expect(await remainingPages(t.ctx.db, user.id)).toBe(0);
    expect(
      (await admin.get(`/api/admin/payments/${paid.reference}/refund`)).json<TPurchaseRefund>()
        .pages_voided,
    ).toBe(m.pages - 7);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('a refund the provider refuses is failed for the admins, gives the pages back, and may be tried again', async () => {
    const user = await confirmedUser(t);
    const m = packageOf('M', 'personal');
    // The provider's notification arrives, but its own records have no finished session to pay back.
    const started = await startPurchase(user.agent, m.id);
    expect((await notifySandboxPayment(t, started, 'payment.completed')).statusCode).toBe(200);
    const admin = await signInNewAdmin(t);
    const response = await admin.post(`/api/admin/payments/${started.reference}/refund`, {
      note: 'Duplicate purchase',
    });
    expect(response.statusCode).toBe(201);
    const failed = await until(async () => {
      const state = (
        await admin.get(`/api/admin/payments/${started.reference}/refund`)
      ).json<TPurchaseRefund>();
      return state.status === 'pending' ? undefined : state;
    });
    // The pages taken back when it was asked for are the payer's again.
    expect(failed).toMatchObject({ status: 'failed', pages_voided: 0 });
    expect(await remainingPages(t.ctx.db, user.id)).toBe(m.pages);
    expect(await grantOf(started.reference)).toMatchObject({
      remaining: m.pages,
      voided_at: null,
    });
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    const row = await t.ctx.db
      .selectFrom('refunds')
      .select(['failure_code', 'id'])
      .where('payment_id', '=', started.id)
      .executeTakeFirstOrThrow();
    expect(row.failure_code).toBe('payment_not_found');
    expect(refundsHeard.filter((r) => r.paymentId === started.id)).toEqual([]);
    expect(
      t.smtp.mails.filter(
        (mail) => mail.to.includes(user.email) && /on its way back/.test(mail.subject),
      ),
    ).toEqual([]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_type', '=', 'payment')
      .where('subject_id', '=', String(started.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'payment.refunded',
      'refund.failed',
      'payment.refund_failed',
    ]);
    expect(audit[2]?.details).toMatchObject({ pages_restored: m.pages });

    // The provider's session is settled now: a second refund goes through.
    await t.ctx.db
      .updateTable('sandbox_sessions')
      .set({ status: 'done' })
      .where('provider_reference', '=', started.provider_reference)
      .execute();
    const again = await admin.post(`/api/admin/payments/${started.reference}/refund`, {
      note: 'Duplicate purchase, second try',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<TPurchaseRefund>()).toMatchObject({
      status: 'pending',
      pages_voided: m.pages,
    });
    const second = await until(async () => {
      const state = (
        await admin.get(`/api/admin/payments/${started.reference}/refund`)
      ).json<TPurchaseRefund>();
      return state.status === 'pending' ? undefined : state;
    });
    expect(second).toMatchObject({
      reference: again.json<TPurchaseRefund>().reference,
      status: 'succeeded',
      pages_voided: m.pages,
    });
    expect(await remainingPages(t.ctx.db, user.id)).toBe(0);
    expect(refundsHeard.filter((r) => r.paymentId === started.id)).toHaveLength(1);
    const rows = await t.ctx.db
      .selectFrom('refunds')
      .select('status')
      .where('payment_id', '=', started.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });

  it('a refund the provider took stays pending through an outage, and is asked about later', async () => {
    const answers = useRefundAnswers({ providerReference: 'sbx_re_held', status: 'pending' });
    try {
      const { user, paid } = await boughtPackageM();
      const admin = await signInNewAdmin(t);
      const response = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
        note: 'Bank transfer back',
      });
      expect(response.statusCode).toBe(201);
      const refund = await firstAttemptOf(paid.id);
      expect(refund).toMatchObject({ status: 'pending', provider_reference: 'sbx_re_held' });

      // While it is pending, asking again says so.
      const twice = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
        note: 'again',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        code: 'refund_in_progress',
        message: 'A refund of this purchase is already in progress.',
      });

      // The provider is down for the job's last attempt: the money may still be on its way.
      answers.down = true;
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 8 });
      expect(await refundRowOf(paid.id)).toMatchObject({
        status: 'pending',
        attempts: 2,
        failure_code: null,
      });
      const recheck = await t.ctx.db
        .selectFrom('jobs')
        .select('run_at')
        .where('unique_key', '=', `purchase-refund:${refund.id}:check:2`)
        .executeTakeFirstOrThrow();
      expect(recheck.run_at.getTime()).toBeGreaterThan(Date.now());
      expect(await remainingPages(t.ctx.db, user.id)).toBe(0);

      // Later the provider answers again: it paid the money back.
      answers.down = false;
      answers.status = { providerReference: 'sbx_re_held', status: 'succeeded' };
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 1 });
      expect(await refundRowOf(paid.id)).toMatchObject({ status: 'succeeded' });
      expect(refundsHeard.filter((r) => r.paymentId === paid.id)).toHaveLength(1);
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    } finally {
      useRealProviders();
    }
  });

  it('a provider out of reach for every attempt is no failure: the refund stays pending and is asked again with its reference', async () => {
    // The first call reaches the provider, which pays the money back, but its answer is lost;
    // then the provider cannot be reached at all.
    const provider = useLostAnswerThenOutage();
    try {
      const { user, m, paid } = await boughtPackageM();
      const admin = await signInNewAdmin(t);
      const response = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
        note: 'Timeout at the provider',
      });
      expect(response.statusCode).toBe(201);
      const refund = await firstAttemptOf(paid.id);
      expect(refund).toMatchObject({ status: 'pending', provider_reference: null });

      // The job's last attempt: still no answer. Not failed, the pages stay taken back.
      const before = Date.now();
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 8 });
      const waiting = await refundRowOf(paid.id);
      expect(waiting).toMatchObject({ status: 'pending', failure_code: null, completed_at: null });
      expect(await remainingPages(t.ctx.db, user.id)).toBe(0);
      expect(await grantOf(paid.reference)).toMatchObject({ remaining: 0 });
      expect(
        (await admin.get(`/api/admin/payments/${paid.reference}/refund`)).json<TPurchaseRefund>(),
      ).toMatchObject({ reference: refund.reference, status: 'pending', pages_voided: m.pages });
      expect(await paymentAuditOf(paid.id)).toEqual(['payment.refunded']);
      // A later check is queued, at least 5 minutes on (well before the team hears of it).
      const recheck = await t.ctx.db
        .selectFrom('jobs')
        .select(['run_at', 'payload', 'status'])
        .where('unique_key', '=', `purchase-refund:${refund.id}:check:${waiting.attempts}`)
        .executeTakeFirstOrThrow();
      expect(recheck.status).toBe('pending');
      expect(recheck.payload).toEqual({ refundId: refund.id });
      expect(recheck.run_at.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
      expect(recheck.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 6 * 3_600_000);
      expect(t.smtp.mails.filter((mail) => mail.subject.includes(refund.reference))).toEqual([]);

      // The provider is back when the check runs: asked with the same reference, it answers
      // with the refund it made the first time. Nothing is paid twice.
      provider.down = false;
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 1 });
      expect(await refundRowOf(paid.id)).toMatchObject({
        reference: refund.reference,
        status: 'succeeded',
      });
      expect(provider.references).toContain(refund.reference);
      expect(new Set(provider.references)).toEqual(new Set([refund.reference]));
      const made = await t.ctx.db
        .selectFrom('sandbox_refunds')
        .select(['reference', 'amount_minor'])
        .where('session_provider_reference', '=', paid.provider_reference)
        .execute();
      expect(made).toEqual([{ reference: refund.reference, amount_minor: paid.amount_minor }]);
      expect(refundsHeard.filter((r) => r.paymentId === paid.id)).toHaveLength(1);
      expect(await paymentAuditOf(paid.id)).toEqual(['payment.refunded', 'refund.succeeded']);
      expect(await remainingPages(t.ctx.db, user.id)).toBe(0);
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    } finally {
      useRealProviders();
    }
  });

  it('after an outage a definite "failed" from the provider gives the pages back', async () => {
    const answers = useRefundAnswers({ providerReference: null, status: 'pending' });
    try {
      answers.down = true;
      const { user, m, paid } = await boughtPackageM();
      const admin = await signInNewAdmin(t);
      expect(
        (await admin.post(`/api/admin/payments/${paid.reference}/refund`, { note: 'Outage' }))
          .statusCode,
      ).toBe(201);
      const refund = await firstAttemptOf(paid.id);
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 8 });
      expect(await refundRowOf(paid.id)).toMatchObject({ status: 'pending' });
      expect(await remainingPages(t.ctx.db, user.id)).toBe(0);

      answers.down = false;
      answers.status = { providerReference: null, status: 'failed', failureCode: 'card_closed' };
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 1 });
      expect(await refundRowOf(paid.id)).toMatchObject({
        status: 'failed',
        failure_code: 'card_closed',
      });
      expect(await remainingPages(t.ctx.db, user.id)).toBe(m.pages);
      expect(await grantOf(paid.reference)).toMatchObject({ remaining: m.pages, voided_at: null });
      expect(await paymentAuditOf(paid.id)).toEqual([
        'payment.refunded',
        'refund.failed',
        'payment.refund_failed',
      ]);
      expect(refundsHeard.filter((r) => r.paymentId === paid.id)).toEqual([]);
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    } finally {
      useRealProviders();
    }
  });

  it('a refund the provider has been out of reach for since 48 hours is mailed to the team once', async () => {
    const answers = useRefundAnswers({ providerReference: null, status: 'pending' });
    try {
      answers.down = true;
      const { paid } = await boughtPackageM();
      const admin = await signInNewAdmin(t);
      expect(
        (await admin.post(`/api/admin/payments/${paid.reference}/refund`, { note: 'Outage' }))
          .statusCode,
      ).toBe(201);
      const refund = await firstAttemptOf(paid.id);
      // Asked for two days ago, still unanswered.
      await sql`UPDATE refunds SET created_at = now() - interval '49 hours' WHERE id = ${refund.id}`.execute(
        t.ctx.db,
      );
      const before = Date.now();
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 8 });
      const mail = await t.smtp.waitFor(t.ctx.config.teamEmail, (m) =>
        m.subject.includes(refund.reference),
      );
      expect(mail.subject).toContain('stuck');
      expect(mail.text).toContain(paid.reference);
      expect(mail.text).toContain('sandbox down');
      // Still pending for the administrators; asked again at most 6 hours on.
      const waiting = await refundRowOf(paid.id);
      expect(waiting).toMatchObject({ status: 'pending', failure_code: null });
      const recheck = await t.ctx.db
        .selectFrom('jobs')
        .select('run_at')
        .where('unique_key', '=', `purchase-refund:${refund.id}:check:${waiting.attempts}`)
        .executeTakeFirstOrThrow();
      expect(recheck.run_at.getTime()).toBeGreaterThanOrEqual(before + 6 * 3_600_000);
      expect(recheck.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 6 * 3_600_000);

      // The next check finds the provider still down: no second mail.
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 8 });
      const mailJobs = await t.ctx.db
        .selectFrom('jobs')
        .select('status')
        .where('unique_key', 'like', `refund-stuck-mail:${refund.id}%`)
        .execute();
      expect(mailJobs).toHaveLength(1);
      await until(async () =>
        (
          await t.ctx.db
            .selectFrom('jobs')
            .select('status')
            .where('unique_key', '=', `refund-stuck-mail:${refund.id}`)
            .executeTakeFirstOrThrow()
        ).status === 'done'
          ? true
          : undefined,
      );
      expect(t.smtp.mails.filter((m) => m.subject.includes(refund.reference))).toHaveLength(1);
      expect((await refundRowOf(paid.id)).status).toBe('pending');
    } finally {
      useRealProviders();
    }
  });

  it('pages a print job hands back after the refund are not added to the refunded purchase', async () => {
    const user = await confirmedUser(t);
    const m = packageOf('M', 'personal');
    const paid = await pay((await startPurchase(user.agent, m.id)).reference);
    // Two print jobs hold 10 and 6 pages of it when the money goes back.
    const failing = await holdPages(paid.grant_id!, user.id, 10);
    const printing = await holdPages(paid.grant_id!, user.id, 6);
    const admin = await signInNewAdmin(t);
    const response = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
      note: 'Refund',
    });
    expect(response.json<TPurchaseRefund>().pages_voided).toBe(m.pages - 16);
    await until(async () =>
      (await refundRowOf(paid.id)).status === 'succeeded' ? true : undefined,
    );

    // The first job fails before printing; the second prints 2 of its 6 pages.
    await t.ctx.db.transaction().execute((trx) => voidReservation(trx, failing, new Date()));
    await t.ctx.db.transaction().execute((trx) => postReservation(trx, printing, 2, new Date()));
    expect(await remainingPages(t.ctx.db, user.id)).toBe(0);
    expect(await grantOf(paid.reference)).toMatchObject({ remaining: 0 });
    expect(await checkLedger(t.ctx.db)).toEqual([]);

    // Only what the jobs charged stays charged.
    const charged = await t.ctx.db
      .selectFrom('page_reservations')
      .select(['status', 'charged'])
      .where('id', 'in', [failing, printing])
      .orderBy('id')
      .execute();
    expect(charged).toEqual([
      { status: 'voided', charged: null },
      { status: 'posted', charged: 2 },
    ]);
  });

  it('a refund that fails gives back the unused pages, also those a print job handed back meanwhile', async () => {
    const answers = useRefundAnswers({ providerReference: 'sbx_re_slow', status: 'pending' });
    try {
      const { user, m, paid } = await boughtPackageM();
      const job = await holdPages(paid.grant_id!, user.id, 10);
      const admin = await signInNewAdmin(t);
      const response = await admin.post(`/api/admin/payments/${paid.reference}/refund`, {
        note: 'Refund by transfer',
      });
      expect(response.json<TPurchaseRefund>().pages_voided).toBe(m.pages - 10);
      const refund = await firstAttemptOf(paid.id);
      // The job fails while the refund is pending: its pages are dropped for now.
      await t.ctx.db.transaction().execute((trx) => voidReservation(trx, job, new Date()));
      expect(await remainingPages(t.ctx.db, user.id)).toBe(0);
      expect(await checkLedger(t.ctx.db)).toEqual([]);

      // The bank returns the transfer: the refund failed, every unused page is the payer's again.
      answers.status = { providerReference: 'sbx_re_slow', status: 'failed', failureCode: 'r' };
      await processPurchaseRefund(t.ctx, refund.id, { attempt: 1 });
      expect(await refundRowOf(paid.id)).toMatchObject({ status: 'failed' });
      expect(await remainingPages(t.ctx.db, user.id)).toBe(m.pages);
      expect(await grantOf(paid.reference)).toMatchObject({ remaining: m.pages, voided_at: null });
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    } finally {
      useRealProviders();
    }
  });

  it('refuses a payment that is not completed, one the provider cannot pay back, and anyone but an admin', async () => {
    const admin = await signInNewAdmin(t);
    const user = await confirmedUser(t);
    const m = packageOf('M', 'personal');
    const processing = await startPurchase(user.agent, m.id);
    const notYet = await admin.post(`/api/admin/payments/${processing.reference}/refund`, {
      note: 'x',
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'refund_not_completed' });

    const failed = await startPurchase(user.agent, m.id);
    expect((await notifySandboxPayment(t, failed, 'payment.failed')).statusCode).toBe(200);
    expect((await paymentRow(failed.reference)).status).toBe('failed');
    const refused = await admin.post(`/api/admin/payments/${failed.reference}/refund`, {
      note: 'x',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Only a completed purchase can be refunded.',
    });

    // A premium SMS is billed by the phone operator: nothing can go back through us.
    const sms = await t.ctx.db
      .insertInto('payments')
      .values({
        reference: `pay_sms_${newKey()}`,
        user_id: user.id,
        payer_email: user.email,
        package_id: m.id,
        provider: 'sms_sandbox',
        provider_reference: `smss_${newKey()}`,
        method: 'sms',
        status: 'completed',
        amount_minor: m.price_minor,
        currency: 'PLN',
        pages: m.pages,
        validity_days: m.validity_days,
        idempotency_key: newKey(),
        locale: 'en',
        completed_at: new Date(),
      })
      .returning('reference')
      .executeTakeFirstOrThrow();
    // Its pages, as the provider's confirmation grants them (the ledger check wants them).
    await grantPages(t.ctx.db, {
      userId: user.id,
      source: 'package',
      pages: m.pages,
      validDays: m.validity_days,
      reference: sms.reference,
    });
    const bySms = await admin.post(`/api/admin/payments/${sms.reference}/refund`, { note: 'x' });
    expect(bySms.statusCode).toBe(409);
    expect(bySms.json()).toMatchObject({ code: 'refund_not_refundable' });

    const unknown = await admin.post('/api/admin/payments/pay_nobody/refund', { note: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await admin.get(`/api/admin/payments/${failed.reference}/refund`)).statusCode).toBe(
      404,
    );

    const paid = await pay((await startPurchase(user.agent, m.id)).reference);
    const byPayer = await user.agent.post(`/api/admin/payments/${paid.reference}/refund`, {
      note: 'give it back',
    });
    expect(byPayer.statusCode).toBe(403);
    const refunds = await t.ctx.db
      .selectFrom('refunds')
      .select('id')
      .where('payment_id', 'in', [processing.id, failed.id, paid.id])
      .execute();
    expect(refunds).toEqual([]);
  });
});

/** The grant a purchase gave. */
const grantOf = async (reference: string) =>
  t.ctx.db
    .selectFrom('page_grants')
    .select(['remaining', 'voided_at'])
    .where('id', '=', (await paymentRow(reference)).grant_id)
    .executeTakeFirstOrThrow();

/** A purchase's latest refund row. */
const refundRowOf = (paymentId: number) =>
  t.ctx.db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

/** A confirmed person who bought the personal package M (paid in the sandbox). */
async function boughtPackageM() {
  const user = await confirmedUser(t);
  const m = packageOf('M', 'personal');
  const paid = await pay((await startPurchase(user.agent, m.id)).reference);
  return { user, m, paid };
}

/** The purchase's refund once its job asked the provider the first time. */
function firstAttemptOf(paymentId: number) {
  return until(async () => {
    const row = await refundRowOf(paymentId);
    return row.attempts > 0 ? row : undefined;
  });
}

/**
 * The sandbox, except that its refunds answer what the test says (`status`), or it is down
 * (`down`). Undone by `useRealProviders`.
 */
function useRefundAnswers(first: TRefundResult) {
  const answers: { status: TRefundResult; down: boolean } = { status: first, down: false };
  const answer = async () => {
    if (answers.down) throw new ProviderUnavailable('sandbox down');
    return answers.status;
  };
  usePaymentProviders(
    t.ctx,
    createProviderRegistry(
      { config: t.ctx.config, db: t.ctx.db },
      {
        sandbox: (deps) => ({
          ...createSandboxProvider(deps),
          refund: answer,
          refundStatus: answer,
        }),
      },
    ),
  );
  return answers;
}

/**
 * The sandbox, except that its first refund call pays back but loses the answer (a timeout), and
 * every call after it cannot reach the provider until `down` is false. `references`: the refund
 * references asked for.
 */
function useLostAnswerThenOutage() {
  const state = { down: true, calls: 0, references: [] as string[] };
  usePaymentProviders(
    t.ctx,
    createProviderRegistry(
      { config: t.ctx.config, db: t.ctx.db },
      {
        sandbox: (deps) => {
          const real = createSandboxProvider(deps);
          return {
            ...real,
            refund: async (request) => {
              state.calls += 1;
              state.references.push(request.reference);
              if (state.calls === 1) {
                await real.refund(request);
                throw new ProviderUnavailable('sandbox timed out');
              }
              if (state.down) throw new ProviderUnavailable('sandbox down');
              return real.refund(request);
            },
          };
        },
      },
    ),
  );
  return state;
}

/** The audit actions about a payment, oldest first. */
const paymentAuditOf = async (paymentId: number) =>
  (
    await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'payment')
      .where('subject_id', '=', String(paymentId))
      .orderBy('id')
      .execute()
  ).map((a) => a.action);

function useRealProviders() {
  usePaymentProviders(t.ctx, createProviderRegistry({ config: t.ctx.config, db: t.ctx.db }));
}

/** A print job holding `pages` pages of the grant, not printed yet (a live reservation). */
async function holdPages(grantId: number, userId: number, pages: number): Promise<number> {
  const db = t.ctx.db;
  const job = await db
    .insertInto('printjobs')
    .values({ user_id: userId, status: 'scheduled' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reservation = await db
    .insertInto('page_reservations')
    .values({ user_id: userId, printjob_id: job.id, pages, status: 'reserved' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('page_reservation_items')
    .values({ reservation_id: reservation.id, grant_id: grantId, pages, taken_order: 0 })
    .execute();
  await db
    .updateTable('page_grants')
    .set((eb) => ({ remaining: eb('remaining', '-', pages) }))
    .where('id', '=', grantId)
    .execute();
  return reservation.id;
}

/** A print job of `pages` pages charged from the grant (a posted reservation holds them). */
async function usePages(grantId: number, userId: number, pages: number) {
  const db = t.ctx.db;
  const job = await db
    .insertInto('printjobs')
    .values({ user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reservation = await db
    .insertInto('page_reservations')
    .values({ user_id: userId, printjob_id: job.id, pages, charged: pages, status: 'posted' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('page_reservation_items')
    .values({ reservation_id: reservation.id, grant_id: grantId, pages, taken_order: 1 })
    .execute();
  await db
    .updateTable('page_grants')
    .set((eb) => ({ remaining: eb('remaining', '-', pages) }))
    .where('id', '=', grantId)
    .execute();
}
