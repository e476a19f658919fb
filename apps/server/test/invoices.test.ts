import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminInvoiceList, TBusinessPurchase, TInvoiceSummary } from '@printomat/shared';
import { startRecurringTask } from '../src/modules/jobs/recurring';
import {
  INVOICE_RUN_TASK,
  invoiceRunTask,
  runInvoiceMonth,
} from '../src/modules/invoices/invoice-run.service';
import { runRefundCorrection } from '../src/modules/invoices/invoice-correction.service';
import { notifyPurchaseRefunded } from '../src/modules/payments/purchase-refund-listeners';
import { seedPackages } from '../src/seed/packages-seed';
import { signInNewAdmin } from './helpers/admin';
import {
  businessCustomer,
  businessPurchase,
  pdfText,
  succeededPurchaseRefund,
  validateFa3,
} from './helpers/invoice-fixtures';
import { confirmedUser, notifySandboxPayment } from './helpers/payments';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

// Monthly VAT invoices (issue 15 points 4, 7, 8): the month's run, VAT per line on awkward
// amounts, re-runs, corrections of refunded purchases, the company's and the admin's routes, and
// the recurring run on the 1st. Months are Warsaw months.

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedPackages(t.ctx.db);
});
afterAll(() => t?.close());

const invoicesOf = (userId: number) =>
  t.ctx.db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const linesOf = (invoiceId: number) =>
  t.ctx.db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
const amounts = (r: { net_minor: number; vat_minor: number; gross_minor: number }) => [
  r.net_minor,
  r.vat_minor,
  r.gross_minor,
];

describe('the month’s invoices', () => {
  let a: Awaited<ReturnType<typeof businessCustomer>>;
  let b: Awaited<ReturnType<typeof businessCustomer>>;
  let refundedLater: Awaited<ReturnType<typeof businessPurchase>>;
  let novemberPurchase: Awaited<ReturnType<typeof businessPurchase>>;

  beforeAll(async () => {
    a = await businessCustomer(t, { name: 'Alfa Druk sp. z o.o.' });
    b = await businessCustomer(t, { name: 'Beta Biuro S.A.', locale: 'en' });
    // 00:30 on 1 October in Warsaw (22:30 UTC on 30 September): October's.
    await businessPurchase(t, a, {
      netMinor: 9999,
      completedAt: new Date('2026-09-30T22:30:00Z'),
    });
    await businessPurchase(t, a, {
      netMinor: 1,
      completedAt: new Date('2026-10-05T10:00:00Z'),
      method: 'transfer',
    });
    refundedLater = await businessPurchase(t, a, {
      netMinor: 50,
      completedAt: new Date('2026-10-10T10:00:00Z'),
      method: 'blik',
    });
    // Bought before the VAT split was recorded: the VAT is worked out of the gross (4100).
    await businessPurchase(t, a, {
      netMinor: 3333,
      completedAt: new Date('2026-10-20T10:00:00Z'),
      split: false,
    });
    // Being refunded: left out.
    const beingRefunded = await businessPurchase(t, a, {
      netMinor: 700,
      completedAt: new Date('2026-10-21T10:00:00Z'),
    });
    await succeededPurchaseRefund(t, beingRefunded, 'pending');
    // 00:30 on 1 November in Warsaw (23:30 UTC on 31 October): November's.
    novemberPurchase = await businessPurchase(t, a, {
      netMinor: 34900,
      completedAt: new Date('2026-10-31T23:30:00Z'),
    });
    await businessPurchase(t, b, {
      netMinor: 34900,
      completedAt: new Date('2026-10-15T12:00:00Z'),
    });
  });

  it('issues one invoice per business with VAT per line, half up, and totals as sums of lines', async () => {
    const result = await runInvoiceMonth(t.ctx, '2026-10', {
      now: new Date('2026-11-01T06:00:00Z'),
    });
    expect(result).toEqual({ month: '2026-10', issued: 2, existing: 0, failed: 0 });

    const [invoice] = await invoicesOf(a.id);
    expect(invoice).toMatchObject({
      number: 'FV/2026/10/0001',
      kind: 'invoice',
      period: '2026-10',
      buyer_name: 'Alfa Druk sp. z o.o.',
      buyer_tax_id: a.nip,
      locale: 'pl',
      currency: 'PLN',
    });
    const lines = await linesOf(invoice!.id);
    expect(lines.map((l) => [l.description, l.quantity, l.unit_net_minor, ...amounts(l)])).toEqual([
      ['Pakiet stron M — 2000 stron, ważny 90 dni', 1, 9999, 9999, 2300, 12299], // 2299.77 → 2300
      ['Pakiet stron M — 2000 stron, ważny 90 dni', 1, 1, 1, 0, 1], // 0.23 → 0
      ['Pakiet stron M — 2000 stron, ważny 90 dni', 1, 50, 50, 12, 62], // 11.5 → 12
      ['Pakiet stron M — 2000 stron, ważny 90 dni', 1, 3333, 3333, 767, 4100], // split of 4100
    ]);
    expect(lines.map((l) => [l.payment_method, l.vat_rate, l.state])).toEqual([
      ['card', 23, 'sale'],
      ['transfer', 23, 'sale'],
      ['blik', 23, 'sale'],
      ['card', 23, 'sale'],
    ]);
    expect(lines[0]!.paid_at).toEqual(new Date('2026-09-30T22:30:00Z'));
    expect(amounts(invoice!)).toEqual([13383, 3079, 16462]);
    expect(invoice!.buyer).toMatchObject({
      name: 'Alfa Druk sp. z o.o.',
      taxId: a.nip,
      email: a.email,
    });
    expect(invoice!.seller).toMatchObject({ name: 'Printomat sp. z o.o.', taxId: '5261040001' });
    // Issued on the 1st for the month's last day.
    const dates = await t.ctx.db
      .selectFrom('invoices')
      .select((eb) => [
        eb.fn<string>('to_char', ['issue_date', eb.val('YYYY-MM-DD')]).as('issue'),
        eb.fn<string>('to_char', ['sale_date', eb.val('YYYY-MM-DD')]).as('sale'),
      ])
      .where('id', '=', invoice!.id)
      .executeTakeFirstOrThrow();
    expect(dates).toEqual({ issue: '2026-11-01', sale: '2026-10-31' });

    const [invoiceB] = await invoicesOf(b.id);
    expect(invoiceB!.number).toBe('FV/2026/10/0002');
    expect(amounts(invoiceB!)).toEqual([34900, 8027, 42927]);

    // The stored XML is the official FA(3) structure.
    for (const xml of [invoice!.xml, invoiceB!.xml]) {
      const verdict = await validateFa3(xml);
      expect(verdict.output).toContain('validates');
      expect(verdict.ok).toBe(true);
    }
    expect(invoice!.xml).toContain('FV/2026/10/0001');

    // The business hears of it in its language, with the link to its page.
    const mail = await t.smtp.waitFor(a.email, (m) => m.subject.includes('FV/2026/10/0001'));
    expect(mail.subject).toBe('Twoja faktura FV/2026/10/0001');
    expect(mail.text).toContain('164,62');
    expect(mail.text).toContain('http://printomat.test/business/account');
    const mailB = await t.smtp.waitFor(b.email, (m) => m.subject.includes('FV/2026/10/0002'));
    expect(mailB.subject).toBe('Your invoice FV/2026/10/0002');
  });

  it('issues nothing new when the month runs again', async () => {
    expect(await runInvoiceMonth(t.ctx, '2026-10')).toEqual({
      month: '2026-10',
      issued: 0,
      existing: 2,
      failed: 0,
    });
    expect(await invoicesOf(a.id)).toHaveLength(1);
  });

  it('shows the company its invoices and purchases, with the documents as issued', async () => {
    const list = await a.agent.get('/api/business/invoices');
    expect(list.statusCode).toBe(200);
    const [summary] = list.json<{ invoices: TInvoiceSummary[] }>().invoices;
    expect(summary).toMatchObject({
      number: 'FV/2026/10/0001',
      kind: 'invoice',
      period: '2026-10',
      issue_date: '2026-11-01',
      net_minor: 13383,
      vat_minor: 3079,
      gross_minor: 16462,
      corrects_number: null,
    });
    expect(summary!.pdf_url).toBe(`/api/business/invoices/${summary!.id}/pdf`);

    const xml = await a.agent.get(summary!.xml_url);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.headers['content-disposition']).toBe('attachment; filename="FV_2026_10_0001.xml"');
    const [stored] = await invoicesOf(a.id);
    expect(xml.body).toBe(stored!.xml);

    const pdf = await a.agent.get(summary!.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="FV_2026_10_0001.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const purchases = (await a.agent.get('/api/business/purchases')).json<{
      purchases: TBusinessPurchase[];
    }>().purchases;
    expect(purchases).toHaveLength(6);
    const byReference = new Map(purchases.map((p) => [p.reference, p]));
    expect(byReference.get(refundedLater.reference)).toMatchObject({
      package_code: 'M',
      net_minor: 50,
      vat_minor: 12,
      gross_minor: 62,
      invoice_number: 'FV/2026/10/0001',
      refunded: false,
      is_business: true,
    });
    expect(byReference.get(novemberPurchase.reference)?.invoice_number).toBeNull();
  });

  it('answers 404 for another company’s invoice and for a personal account', async () => {
    const [invoiceOfA] = await invoicesOf(a.id);
    for (const kind of ['pdf', 'xml'])
      expect(
        (await b.agent.get(`/api/business/invoices/${invoiceOfA!.id}/${kind}`)).statusCode,
      ).toBe(404);
    expect((await b.agent.get('/api/business/invoices/999999/xml')).statusCode).toBe(404);
    const bList = (await b.agent.get('/api/business/invoices')).json<{
      invoices: TInvoiceSummary[];
    }>();
    expect(bList.invoices.map((i) => i.number)).toEqual(['FV/2026/10/0002']);

    const personal = await confirmedUser(t);
    expect((await personal.agent.get('/api/business/invoices')).statusCode).toBe(404);
    expect((await personal.agent.get('/api/business/purchases')).statusCode).toBe(404);
    expect(
      (await personal.agent.get(`/api/business/invoices/${invoiceOfA!.id}/xml`)).statusCode,
    ).toBe(404);
    expect((await new TestAgent(t.app).get('/api/business/invoices')).statusCode).toBe(401);
  });

  it('issues a correcting invoice once KSeF accepted the invoice it corrects', async () => {
    const refundId = await succeededPurchaseRefund(t, refundedLater);
    const [invoice] = await invoicesOf(a.id);
    // KSeF (the sandbox) answers in the background; then the invoice is made one still on its way.
    await expect
      .poll(async () => (await invoicesOf(a.id))[0]!.ksef_status, { timeout: 10_000 })
      .not.toMatch(/^(pending|sending)$/);
    await t.ctx.db
      .updateTable('invoices')
      .set({ ksef_status: 'pending', ksef_number: null })
      .where('id', '=', invoice!.id)
      .execute();
    const notify = () =>
      t.ctx.db.transaction().execute((trx) =>
        notifyPurchaseRefunded(t.ctx, trx, {
          refundId,
          paymentId: refundedLater.id,
          userId: a.id,
          now: new Date('2026-11-24T10:00:00Z'),
        }),
      );
    await notify();
    // Heard twice (a retried job): still one job.
    await notify();
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select('unique_key')
      .where('unique_key', 'like', `invoice-correction:${refundId}:%`)
      .execute();
    expect(jobs).toHaveLength(1);

    // Pending in KSeF: the job finds no correction to issue yet and looks again later.
    const secondLook = `invoice-correction:${refundId}:2`;
    await expect
      .poll(
        async () =>
          (await t.ctx.db
            .selectFrom('jobs')
            .select('id')
            .where('unique_key', '=', secondLook)
            .executeTakeFirst()) !== undefined,
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await invoicesOf(a.id)).toHaveLength(1);
    // The test takes the next looks itself (at a known date).
    await t.ctx.db.deleteFrom('jobs').where('unique_key', '=', secondLook).execute();

    const ksefNumber = '5261040001-20261101-0A1B2C3D4E5F-AB';
    await t.ctx.db
      .updateTable('invoices')
      .set({ ksef_status: 'accepted', ksef_number: ksefNumber })
      .where('id', '=', invoice!.id)
      .execute();
    const at24th = { ...t.ctx, now: () => new Date('2026-11-24T10:00:00Z') };
    const outcomes = await Promise.all([
      runRefundCorrection(at24th, refundId, 2),
      runRefundCorrection(at24th, refundId, 3),
    ]);
    expect(outcomes.sort()).toEqual(['issued', 'nothing']);

    const [original, correction] = await invoicesOf(a.id);
    expect(correction).toMatchObject({
      number: 'KOR/2026/11/0001',
      kind: 'correction',
      period: '2026-10',
      corrects_invoice_id: original!.id,
      refund_id: refundId,
      correction_reason: `Zwrot zapłaty za zakup pakietu ${refundedLater.reference}`,
      buyer_name: 'Alfa Druk sp. z o.o.',
    });
    expect(amounts(correction!)).toEqual([-50, -12, -62]);
    const lines = await linesOf(correction!.id);
    expect(lines.map((l) => [l.state, l.quantity, ...amounts(l)])).toEqual([
      ['before', 1, 50, 12, 62],
      ['after', 0, 0, 0, 0],
    ]);
    const verdict = await validateFa3(correction!.xml);
    expect(verdict.output).toContain('validates');
    expect(verdict.ok).toBe(true);
    expect(correction!.xml).toContain('FV/2026/10/0001');
    // The corrected invoice's KSeF number, the same in the XML and the PDF.
    expect(correction!.xml).toContain(`<NrKSeF>1</NrKSeF>`);
    expect(correction!.xml).toContain(`<NrKSeFFaKorygowanej>${ksefNumber}</NrKSeFFaKorygowanej>`);
    const pdf = await a.agent.get(`/api/business/invoices/${correction!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(ksefNumber);

    const summary = (await a.agent.get('/api/business/invoices')).json<{
      invoices: TInvoiceSummary[];
    }>().invoices[0];
    expect(summary).toMatchObject({
      number: 'KOR/2026/11/0001',
      kind: 'correction',
      gross_minor: -62,
      corrects_number: 'FV/2026/10/0001',
    });
    const mail = await t.smtp.waitFor(a.email, (m) => m.subject.includes('KOR/2026/11/0001'));
    expect(mail.subject).toBe('Faktura korygująca KOR/2026/11/0001');
    const purchases = (await a.agent.get('/api/business/purchases')).json<{
      purchases: TBusinessPurchase[];
    }>().purchases;
    expect(purchases.find((p) => p.reference === refundedLater.reference)?.refunded).toBe(true);
  });

  it('lets the current month run early; what is bought later goes on a second invoice', async () => {
    // 15 November: November's purchase so far (1 November, 00:30 in Warsaw).
    expect(
      await runInvoiceMonth(t.ctx, '2026-11', { now: new Date('2026-11-15T12:00:00Z') }),
    ).toEqual({ month: '2026-11', issued: 1, existing: 0, failed: 0 });
    await businessPurchase(t, a, { netMinor: 100, completedAt: new Date('2026-11-20T12:00:00Z') });
    expect(
      await runInvoiceMonth(t.ctx, '2026-11', { now: new Date('2026-11-21T12:00:00Z') }),
    ).toEqual({ month: '2026-11', issued: 1, existing: 0, failed: 0 });
    const november = (await invoicesOf(a.id)).filter((i) => i.period === '2026-11');
    expect(november.map((i) => [i.number, i.gross_minor])).toEqual([
      ['FV/2026/11/0001', 42927],
      ['FV/2026/11/0002', 123],
    ]);
    // An early invoice's sale date is the day it is issued, not the month's end.
    const dates = await t.ctx.db
      .selectFrom('invoices')
      .select((eb) => eb.fn<string>('to_char', ['sale_date', eb.val('YYYY-MM-DD')]).as('sale'))
      .where('number', '=', 'FV/2026/11/0001')
      .executeTakeFirstOrThrow();
    expect(dates.sale).toBe('2026-11-15');

    await expect(
      runInvoiceMonth(t.ctx, '2026-12', { now: new Date('2026-11-30T22:59:00Z') }),
    ).rejects.toMatchObject({ statusCode: 422 });
  });
});

describe('the admin’s invoices', () => {
  let admin: TestAgent;
  let c: Awaited<ReturnType<typeof businessCustomer>>;
  beforeAll(async () => {
    admin = await signInNewAdmin(t, 'en');
    c = await businessCustomer(t, { name: 'Gamma "Kopie" sp.j.' });
    await businessPurchase(t, c, { netMinor: 9900, completedAt: new Date('2026-09-10T09:00:00Z') });
  });

  it('issues a month on demand (audited, safe to repeat) and refuses a month not begun', async () => {
    const first = await admin.post('/api/admin/invoices/run', { month: '2026-09' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ month: '2026-09', issued: 1, existing: 0, failed: 0 });
    const again = await admin.post('/api/admin/invoices/run', { month: '2026-09' });
    expect(again.json()).toEqual({ month: '2026-09', issued: 0, existing: 1, failed: 0 });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'invoices.run')
      .execute();
    expect(audit).toHaveLength(2);

    const future = await admin.post('/api/admin/invoices/run', { month: '2099-01' });
    expect(future.statusCode).toBe(422);
    expect(JSON.stringify(future.json())).toContain('month');
    expect((await admin.post('/api/admin/invoices/run', { month: '2026-13' })).statusCode).toBe(
      422,
    );

    const business = await businessCustomer(t);
    expect(
      (await business.agent.post('/api/admin/invoices/run', { month: '2026-09' })).statusCode,
    ).toBe(403);
  });

  it('lists invoices with filters and pages, and exports them as CSV', async () => {
    const list = async (query: string) => {
      const response = await admin.get(`/api/admin/invoices?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<TAdminInvoiceList>();
    };
    // KSeF (the sandbox) answers in the background; then the invoice is made a refused one.
    const [invoiceOfC] = await invoicesOf(c.id);
    await expect
      .poll(async () => (await invoicesOf(c.id))[0]!.ksef_status, { timeout: 10_000 })
      .not.toMatch(/^(pending|sending)$/);
    await t.ctx.db
      .updateTable('invoices')
      .set({
        ksef_status: 'rejected',
        ksef_error: 'test: refused',
        ksef_upo: null,
        ksef_number: null,
      })
      .where('id', '=', invoiceOfC!.id)
      .execute();
    const october = await list('period=2026-10');
    expect(october.invoices.map((i) => i.number).sort()).toEqual([
      'FV/2026/10/0001',
      'FV/2026/10/0002',
      'KOR/2026/11/0001',
    ]);
    expect(october.paging).toMatchObject({ page: 1, total: 3 });
    expect((await list('kind=correction')).invoices.map((i) => i.number)).toEqual([
      'KOR/2026/11/0001',
    ]);
    const byNip = await list(`q=${c.nip.slice(0, 3)}-${c.nip.slice(3, 6)}-${c.nip.slice(6)}`);
    expect(byNip.invoices.map((i) => i.number)).toEqual(['FV/2026/09/0001']);
    expect(byNip.invoices[0]).toMatchObject({
      user_id: c.id,
      buyer_name: 'Gamma "Kopie" sp.j.',
      buyer_tax_id: c.nip,
      pdf_url: `/api/admin/invoices/${byNip.invoices[0]!.id}/pdf`,
      upo_url: null,
    });
    expect((await list('q=gamma')).invoices).toHaveLength(1);
    expect((await list('q=FV/2026/10/0002')).invoices.map((i) => i.buyer_name)).toEqual([
      'Beta Biuro S.A.',
    ]);
    // '%' is a literal (letters: no random NIP of the fixtures can contain the text).
    expect((await list('period=2026-10&kind=invoice&q=zz%25')).invoices).toEqual([]);

    const rejectedList = await list('ksef_status=rejected');
    expect(rejectedList.invoices.map((i) => [i.number, i.ksef_error])).toEqual([
      ['FV/2026/09/0001', 'test: refused'],
    ]);

    const csv = await admin.get('/api/admin/invoices.csv?period=2026-10');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="invoices-2026-10.csv"');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'number,kind,period,issue_date,corrects,buyer_name,buyer_tax_id,net,vat,gross,currency,ksef_status,ksef_number',
    );
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.startsWith('KOR/2026/11/0001'))).toContain(
      ',FV/2026/10/0001,Alfa Druk sp. z o.o.,',
    );
    expect(rows.find((r) => r.startsWith('KOR/2026/11/0001'))).toContain(',-0.5,-0.12,-0.62,PLN,');
  });

  it('sends to KSeF again unless accepted, and serves the documents and the UPO', async () => {
    const [invoice] = await invoicesOf(c.id);
    expect((await admin.get(`/api/admin/invoices/${invoice!.id}/upo`)).statusCode).toBe(404);
    const xml = await admin.get(`/api/admin/invoices/${invoice!.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(invoice!.xml);
    const pdf = await admin.get(`/api/admin/invoices/${invoice!.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    await t.ctx.db
      .updateTable('invoices')
      .set({
        ksef_status: 'accepted',
        ksef_number: '5261040001-20261001-0123456789AB-CD',
        ksef_upo: '<Potwierdzenie>UPO</Potwierdzenie>',
      })
      .where('id', '=', invoice!.id)
      .execute();
    const resend = await admin.post(`/api/admin/invoices/${invoice!.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json<{ message: string }>().message).toBe(
      'KSeF has already accepted this invoice.',
    );
    const upo = await admin.get(`/api/admin/invoices/${invoice!.id}/upo`);
    expect(upo.statusCode).toBe(200);
    expect(upo.body).toBe('<Potwierdzenie>UPO</Potwierdzenie>');
    expect((await admin.post('/api/admin/invoices/999999/resend')).statusCode).toBe(404);
  });
});

describe('a refund through the admin’s refund', () => {
  it('ends in a correcting invoice once the provider paid the money back', async () => {
    const admin = await signInNewAdmin(t, 'en');
    const e = await businessCustomer(t, { locale: 'en' });
    // Package M bought by card in the sandbox, paid in May (the month is moved back for the test).
    const packageM = await t.ctx.db
      .selectFrom('packages')
      .select('id')
      .where('code', '=', 'M')
      .where('audience', '=', 'business')
      .executeTakeFirstOrThrow();
    const started = await e.agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'card',
      idempotency_key: `invoice-refund-${e.id}`,
    });
    expect(started.statusCode).toBe(201);
    const purchase = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', started.json<{ reference: string }>().reference)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('sandbox_sessions')
      .set({ status: 'done', pending_outcome: 'success' })
      .where('provider_reference', '=', purchase.provider_reference)
      .execute();
    expect((await notifySandboxPayment(t, purchase, 'payment.completed')).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('payments')
      .set({ completed_at: new Date('2026-05-12T10:00:00Z') })
      .where('id', '=', purchase.id)
      .execute();
    expect(
      (await admin.post('/api/admin/invoices/run', { month: '2026-05' })).json(),
    ).toMatchObject({
      issued: 1,
    });
    const refund = await admin.post(`/api/admin/payments/${purchase.reference}/refund`, {
      note: 'Ordered by mistake',
    });
    expect(refund.statusCode).toBe(201);
    await expect
      .poll(async () => (await invoicesOf(e.id)).map((i) => [i.number, i.gross_minor]), {
        timeout: 15_000,
      })
      .toEqual([
        ['FV/2026/05/0001', 42927],
        [expect.stringMatching(/^KOR\/\d{4}\/\d{2}\/\d{4}$/), -42927],
      ]);
    const mail = await t.smtp.waitFor(e.email, (m) => m.subject.startsWith('Correcting invoice'));
    expect(mail.text).toContain('FV/2026/05/0001');
  });
});

describe('the recurring run', () => {
  it('runs the previous month on the 1st (in Warsaw), never the current month', async () => {
    const d = await businessCustomer(t);
    await businessPurchase(t, d, { netMinor: 1000, completedAt: new Date('2026-07-15T10:00:00Z') });
    await businessPurchase(t, d, { netMinor: 2000, completedAt: new Date('2026-08-15T10:00:00Z') });
    const task = invoiceRunTask(t.ctx);

    // 31 July, 23:00 in Warsaw: July is still the current month.
    await task.run({ at: new Date('2026-07-31T21:00:00Z'), lastFinishedAt: undefined });
    expect(await invoicesOf(d.id)).toEqual([]);
    // 1 August, 00:00 in Warsaw (22:00 UTC on 31 July): July.
    await task.run({ at: new Date('2026-07-31T22:00:00Z'), lastFinishedAt: undefined });
    expect((await invoicesOf(d.id)).map((i) => i.number)).toEqual(['FV/2026/07/0001']);

    // The task itself, as the server starts it, with this instance's clock at 23:30 on
    // 31 August in Warsaw: its first run is at midnight, the 1st of September: August.
    await startRecurringTask(
      { ...t.ctx, now: () => new Date('2026-08-31T21:30:00Z') },
      { name: INVOICE_RUN_TASK, everyMs: 60 * 60_000 },
    );
    await expect
      .poll(async () => (await invoicesOf(d.id)).map((i) => i.number), { timeout: 10_000 })
      .toEqual(['FV/2026/07/0001', 'FV/2026/08/0001']);
  });
});
