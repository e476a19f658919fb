import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_CORRECTION_JOB,
  runRefundCorrection,
  runRefundCorrectionJob,
} from '../src/modules/invoices/invoice-correction.service';
import { invoiceRunTask, runInvoiceMonth } from '../src/modules/invoices/invoice-run.service';
import { seedPackages } from '../src/seed/packages-seed';
import { signInNewAdmin } from './helpers/admin';
import {
  businessCustomer,
  businessPurchase,
  succeededPurchaseRefund,
} from './helpers/invoice-fixtures';
import { createTestApp, type TTestApp } from './helpers/test-app';

// The invoice runs after the review of issue 15: leftovers of earlier months (every hourly run),
// a business that fails does not stop the others, only złoty is invoiced, an account being
// erased gets its invoice first, and a correction's mail goes to the account's address now (or
// nowhere once it is gone). Each test uses months of its own.

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedPackages(t.ctx.db);
});
afterAll(() => t?.close());

const invoicesOf = (userId: number) =>
  t.ctx.db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** The mails queued (sent or not) whose recipient or subject says `text`. */
async function mailJobsMentioning(text: string) {
  const rows = await t.ctx.db
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', 'mail.send')
    .execute();
  return rows
    .map(
      (r) =>
        (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
          to: string;
          subject: string;
        },
    )
    .filter((m) => m.to.includes(text) || m.subject.includes(text));
}

describe('the hourly run', () => {
  it('invoices an earlier month’s leftovers in their own month, złoty only', async () => {
    const ready = await businessCustomer(t);
    const late = await businessCustomer(t, { name: 'Późna Firma sp. z o.o.' });
    await businessPurchase(t, ready, {
      netMinor: 1000,
      completedAt: new Date('2026-01-20T10:00:00Z'),
    });
    const lateJanuary = await businessPurchase(t, late, {
      netMinor: 2000,
      completedAt: new Date('2026-01-21T10:00:00Z'),
    });
    // A purchase in euro: never on an invoice.
    const inEuro = await businessPurchase(t, ready, {
      netMinor: 500,
      completedAt: new Date('2026-01-22T10:00:00Z'),
    });
    await t.ctx.db
      .updateTable('payments')
      .set({ currency: 'EUR' })
      .where('id', '=', inEuro.id)
      .execute();
    // The late company has no details yet on the 1st.
    const details = await t.ctx.db
      .selectFrom('business_profiles')
      .selectAll()
      .where('user_id', '=', late.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('business_profiles').where('user_id', '=', late.id).execute();

    const task = invoiceRunTask(t.ctx);
    // 1 February, 01:00 in Warsaw: January.
    await task.run({ at: new Date('2026-02-01T00:00:00Z'), lastFinishedAt: undefined });
    expect((await invoicesOf(ready.id)).map((i) => [i.number, i.currency, i.gross_minor])).toEqual([
      ['FV/2026/01/0001', 'PLN', 1230],
    ]);
    expect(await invoicesOf(late.id)).toEqual([]);

    // In February the company fills in its details; the next hourly run (any day) bills January.
    await t.ctx.db.insertInto('business_profiles').values(details).execute();
    // A purchase of the current month (February) waits for March.
    await businessPurchase(t, late, {
      netMinor: 3000,
      completedAt: new Date('2026-02-05T10:00:00Z'),
    });
    await task.run({ at: new Date('2026-02-10T13:00:00Z'), lastFinishedAt: undefined });
    const lateInvoices = await invoicesOf(late.id);
    expect(lateInvoices.map((i) => [i.number, i.period, i.gross_minor])).toEqual([
      ['FV/2026/01/0002', '2026-01', 2460],
    ]);
    const lines = await t.ctx.db
      .selectFrom('invoice_lines')
      .select('payment_id')
      .where('invoice_id', '=', lateInvoices[0]!.id)
      .execute();
    expect(lines.map((l) => l.payment_id)).toEqual([lateJanuary.id]);
    await t.smtp.waitFor(late.email, (m) => m.subject.includes('FV/2026/01/0002'));

    // Nothing left to do the next hour; the euro purchase is still not invoiced.
    await task.run({ at: new Date('2026-02-10T14:00:00Z'), lastFinishedAt: undefined });
    expect(await invoicesOf(late.id)).toHaveLength(1);
    const euroLines = await t.ctx.db
      .selectFrom('invoice_lines')
      .select('id')
      .where('payment_id', '=', inEuro.id)
      .execute();
    expect(euroLines).toEqual([]);
  });

  it('issues the other businesses’ invoices when one fails, counts it and mails the team', async () => {
    const first = await businessCustomer(t);
    const broken = await businessCustomer(t, { name: 'Zepsuta Firma sp. z o.o.' });
    const last = await businessCustomer(t);
    for (const business of [first, broken, last])
      await businessPurchase(t, business, {
        netMinor: 1000,
        completedAt: new Date('2026-04-10T10:00:00Z'),
      });
    const allowInvoices = await refuseInvoicesOf('Zepsuta Firma sp. z o.o.');
    try {
      const result = await runInvoiceMonth(t.ctx, '2026-04', {
        now: new Date('2026-05-01T06:00:00Z'),
      });
      expect(result).toEqual({ month: '2026-04', issued: 2, existing: 0, failed: 1 });
    } finally {
      await allowInvoices();
    }
    expect((await invoicesOf(first.id)).map((i) => i.number)).toEqual(['FV/2026/04/0001']);
    expect((await invoicesOf(last.id)).map((i) => i.number)).toEqual(['FV/2026/04/0002']);
    expect(await invoicesOf(broken.id)).toEqual([]);
    const alert = await t.smtp.waitFor(t.ctx.config.teamEmail, (m) =>
      m.subject.includes('Zepsuta Firma'),
    );
    expect(alert.subject).toBe(
      'Invoice for Zepsuta Firma sp. z o.o. could not be issued (2026-04)',
    );
    expect(alert.text).toContain('test: invoice refused');

    // Once the cause is gone, the month's run (or the next hourly one) bills it.
    expect(
      await runInvoiceMonth(t.ctx, '2026-04', { now: new Date('2026-05-01T07:00:00Z') }),
    ).toEqual({ month: '2026-04', issued: 1, existing: 2, failed: 0 });
    expect((await invoicesOf(broken.id)).map((i) => i.number)).toEqual(['FV/2026/04/0003']);
  });

  it('goes on with the other businesses when the lookup for the team alert fails too', async () => {
    const first = await businessCustomer(t);
    const broken = await businessCustomer(t, { name: 'Rozbita Firma sp. z o.o.' });
    const last = await businessCustomer(t);
    for (const business of [first, broken, last])
      await businessPurchase(t, business, {
        netMinor: 1000,
        completedAt: new Date('2026-03-10T10:00:00Z'),
      });
    const allowInvoices = await refuseInvoicesOf('Rozbita Firma sp. z o.o.');
    // Outside the invoices' transactions the accounts cannot be read (as when the database
    // connection is in trouble): the failed business's alert cannot even name it.
    const db = t.ctx.db;
    const brokenDb = new Proxy(db, {
      get(target, prop) {
        if (prop === 'selectFrom')
          return (table: string) => {
            if (table === 'users') throw new Error('test: users cannot be read');
            return target.selectFrom(table as 'payments');
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    try {
      const result = await runInvoiceMonth({ ...t.ctx, db: brokenDb }, '2026-03', {
        now: new Date('2026-04-01T06:00:00Z'),
      });
      expect(result).toEqual({ month: '2026-03', issued: 2, existing: 0, failed: 1 });
    } finally {
      await allowInvoices();
    }
    expect((await invoicesOf(first.id)).map((i) => i.number)).toEqual(['FV/2026/03/0001']);
    expect((await invoicesOf(last.id)).map((i) => i.number)).toEqual(['FV/2026/03/0002']);
    expect(await invoicesOf(broken.id)).toEqual([]);
  });
});

describe('business packages', () => {
  it('are sold in złoty only: the admin’s form refuses another currency', async () => {
    const admin = await signInNewAdmin(t, 'en');
    const input = {
      code: 'EUR1',
      audience: 'business',
      pages: 100,
      validity_days: 30,
      regular_price_minor: 1000,
      currency: 'EUR',
    };
    const refused = await admin.post('/api/admin/packages', input);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('currency');
    const personal = await admin.post('/api/admin/packages', { ...input, audience: 'personal' });
    expect(personal.statusCode).toBe(201);
    const inZloty = await admin.post('/api/admin/packages', {
      ...input,
      code: 'PLN1',
      currency: 'PLN',
    });
    expect(inZloty.statusCode).toBe(201);
  });
});

describe('an account being erased', () => {
  it('gets its open purchases invoiced first, of every month, without a mail', async () => {
    const admin = await signInNewAdmin(t, 'en');
    const leaving = await businessCustomer(t, { name: 'Odchodząca Firma sp. z o.o.' });
    const invoiced = await businessPurchase(t, leaving, {
      netMinor: 1000,
      completedAt: new Date('2026-06-10T10:00:00Z'),
    });
    await runInvoiceMonth(t.ctx, '2026-06', { now: new Date('2026-07-01T06:00:00Z') });
    const june = await businessPurchase(t, leaving, {
      netMinor: 2000,
      completedAt: new Date('2026-06-20T10:00:00Z'),
    });
    const now = t.ctx.now();
    const current = await businessPurchase(t, leaving, { netMinor: 3000, completedAt: now });
    const before = await invoicesOf(leaving.id);
    expect(before).toHaveLength(1);

    const deleted = await admin.delete(`/api/admin/users/${leaving.id}`);
    expect(deleted.statusCode).toBe(200);

    const issued = await t.ctx.db
      .selectFrom('invoices')
      .innerJoin('invoice_lines', 'invoice_lines.invoice_id', 'invoices.id')
      .select(['invoices.id', 'invoices.number', 'invoices.user_id', 'invoice_lines.payment_id'])
      .select(sql<string>`invoices.buyer->>'name'`.as('buyer'))
      .where('invoice_lines.payment_id', 'in', [invoiced.id, june.id, current.id])
      .orderBy('invoice_lines.payment_id')
      .execute();
    expect(issued.map((r) => [r.payment_id, r.user_id, r.buyer])).toEqual([
      [invoiced.id, null, 'Odchodząca Firma sp. z o.o.'],
      [june.id, null, 'Odchodząca Firma sp. z o.o.'],
      [current.id, null, 'Odchodząca Firma sp. z o.o.'],
    ]);
    expect(issued[1]!.number).toMatch(/^FV\/2026\/06\/\d{4}$/);
    expect(issued[1]!.id).not.toBe(issued[0]!.id);
    // No mail about them (the address is gone with the account); KSeF gets them.
    for (const r of issued.slice(1)) {
      expect(await mailJobsMentioning(r.number)).toEqual([]);
      const send = await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('unique_key', '=', `ksef-send:${r.id}:0:1`)
        .execute();
      expect(send).toHaveLength(1);
    }
    // Nothing of the erased account is left to invoice.
    expect(await runInvoiceMonth(t.ctx, '2026-06', { now })).toMatchObject({ issued: 0 });
  });
});

describe('the correcting invoice’s mail', () => {
  /** A business with an invoiced purchase (accepted by KSeF) in `period`. */
  async function invoicedPurchase(period: string, completedAt: Date) {
    const business = await businessCustomer(t, { locale: 'en' });
    const purchase = await businessPurchase(t, business, { netMinor: 1000, completedAt });
    await runInvoiceMonth(t.ctx, period, {
      now: new Date(completedAt.getTime() + 40 * 86_400_000),
    });
    const [invoice] = await invoicesOf(business.id);
    await expect
      .poll(async () => (await invoicesOf(business.id))[0]!.ksef_status, { timeout: 10_000 })
      .not.toMatch(/^(pending|sending)$/);
    await t.ctx.db
      .updateTable('invoices')
      .set({ ksef_status: 'accepted', ksef_number: `5261040001-20260101-${invoice!.id}` })
      .where('id', '=', invoice!.id)
      .execute();
    return { business, purchase, invoice: invoice! };
  }

  it('goes to the account’s address now', async () => {
    const { business, purchase } = await invoicedPurchase(
      '2026-07',
      new Date('2026-07-10T10:00:00Z'),
    );
    const newEmail = `new-${business.email}`;
    await t.ctx.db
      .updateTable('users')
      .set({ email: newEmail })
      .where('id', '=', business.id)
      .execute();
    const refundId = await succeededPurchaseRefund(t, purchase);
    expect(await runRefundCorrection(t.ctx, refundId)).toBe('issued');
    const [, correction] = await invoicesOf(business.id);
    const mail = await t.smtp.waitFor(newEmail, (m) => m.subject.includes(correction!.number));
    expect(mail.subject).toBe(`Correcting invoice ${correction!.number}`);
    expect((await mailJobsMentioning(correction!.number)).map((m) => m.to)).toEqual([newEmail]);
  });

  it('is not sent for an erased account; the correction is issued all the same', async () => {
    const admin = await signInNewAdmin(t, 'en');
    const { business, purchase, invoice } = await invoicedPurchase(
      '2026-08',
      new Date('2026-08-10T10:00:00Z'),
    );
    expect((await admin.delete(`/api/admin/users/${business.id}`)).statusCode).toBe(200);
    const refundId = await succeededPurchaseRefund(t, purchase);
    expect(await runRefundCorrection(t.ctx, refundId)).toBe('issued');
    const correction = await t.ctx.db
      .selectFrom('invoices')
      .selectAll()
      .where('corrects_invoice_id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(correction).toMatchObject({ kind: 'correction', user_id: null, refund_id: refundId });
    expect(await mailJobsMentioning(correction.number)).toEqual([]);
    expect(
      (await mailJobsMentioning(business.email)).filter((m) => m.subject.includes('Correcting')),
    ).toEqual([]);
  });

  it('waits for a rejected invoice and tells the team once', async () => {
    const { purchase, invoice } = await invoicedPurchase(
      '2026-09',
      new Date('2026-09-10T10:00:00Z'),
    );
    await t.ctx.db
      .updateTable('invoices')
      .set({ ksef_status: 'rejected', ksef_number: null })
      .where('id', '=', invoice.id)
      .execute();
    const refundId = await succeededPurchaseRefund(t, purchase);
    expect(await runRefundCorrection(t.ctx, refundId, 1)).toBe('waiting');
    expect(await runRefundCorrection(t.ctx, refundId, 2)).toBe('waiting');
    const alerts = (await mailJobsMentioning(purchase.reference)).filter(
      (m) => m.to === t.ctx.config.teamEmail,
    );
    expect(alerts.map((m) => m.subject)).toEqual([
      `Correcting invoice for ${purchase.reference} waits for invoice ${invoice.number}`,
    ]);
    const looks = await t.ctx.db
      .selectFrom('jobs')
      .select(['unique_key', 'run_at'])
      .where('unique_key', 'like', `invoice-correction:${refundId}:%`)
      .orderBy('unique_key')
      .execute();
    expect(looks.map((j) => j.unique_key)).toEqual([
      `invoice-correction:${refundId}:2`,
      `invoice-correction:${refundId}:3`,
    ]);
    expect(
      await t.ctx.db
        .selectFrom('invoices')
        .select('id')
        .where('refund_id', '=', refundId)
        .execute(),
    ).toEqual([]);
  });

  it('tells the team once when its job gives up', async () => {
    const { purchase } = await invoicedPurchase('2026-10', new Date('2026-10-10T10:00:00Z'));
    const refundId = await succeededPurchaseRefund(t, purchase);
    await sql`CREATE FUNCTION test_refuse_correction() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind = 'correction' THEN RAISE EXCEPTION 'test: correction refused'; END IF;
        RETURN NEW;
      END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER test_refuse_correction BEFORE INSERT ON invoices
      FOR EACH ROW EXECUTE FUNCTION test_refuse_correction()`.execute(t.ctx.db);
    const teamAlerts = async () =>
      (await mailJobsMentioning(t.ctx.config.teamEmail)).filter((m) =>
        m.subject.includes(`refund ${refundId} `),
      );
    try {
      const payload = { refundId, try: 1 };
      // Attempts left: the error goes back to the queue, nobody is mailed yet.
      await expect(runRefundCorrectionJob(t.ctx, payload, { attempt: 1 })).rejects.toThrow(
        'test: correction refused',
      );
      expect(await teamAlerts()).toEqual([]);
      // The last attempt (and a crashed worker's run of it again): one alert.
      for (let i = 0; i < 2; i += 1)
        await expect(
          runRefundCorrectionJob(t.ctx, payload, { attempt: INVOICE_CORRECTION_JOB.maxAttempts }),
        ).rejects.toThrow('test: correction refused');
    } finally {
      await sql`DROP TRIGGER test_refuse_correction ON invoices`.execute(t.ctx.db);
      await sql`DROP FUNCTION test_refuse_correction()`.execute(t.ctx.db);
    }
    const alerts = await teamAlerts();
    expect(alerts.map((m) => m.subject)).toEqual([
      `Correcting invoice for refund ${refundId} could not be issued`,
    ]);
    const alert = await t.smtp.waitFor(t.ctx.config.teamEmail, (m) =>
      m.subject.includes(`refund ${refundId} `),
    );
    expect(alert.text).toContain('test: correction refused');
    expect(alert.text).toContain('after 5 attempts');
  });
});

/**
 * The database refuses invoices for this buyer (as a constraint hit would) until the returned
 * function is called.
 */
async function refuseInvoicesOf(buyerName: string): Promise<() => Promise<void>> {
  await sql`CREATE FUNCTION test_refuse_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.buyer_name = ${sql.lit(buyerName)} THEN
        RAISE EXCEPTION 'test: invoice refused';
      END IF;
      RETURN NEW;
    END $$`.execute(t.ctx.db);
  await sql`CREATE TRIGGER test_refuse_invoice BEFORE INSERT ON invoices
    FOR EACH ROW EXECUTE FUNCTION test_refuse_invoice()`.execute(t.ctx.db);
  return async () => {
    await sql`DROP TRIGGER test_refuse_invoice ON invoices`.execute(t.ctx.db);
    await sql`DROP FUNCTION test_refuse_invoice()`.execute(t.ctx.db);
  };
}
