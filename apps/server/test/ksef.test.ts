import { productionSettings } from './helpers/production-env';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { AppError } from '../src/http/errors';
import { enqueueJob } from '../src/modules/jobs/queue';
import { createKsefApiClient } from '../src/modules/invoices/ksef/ksef-api-client';
import { createKsefSandboxClient } from '../src/modules/invoices/ksef/ksef-sandbox';
import { crc8Hex, KSEF_NUMBER_PATTERN } from '../src/modules/invoices/ksef/ksef-numbers';
import {
  KSEF_MAX_TRIES,
  KSEF_SEND_JOB,
  KSEF_STUCK_AFTER_MS,
  queueKsefSend,
  resendToKsef,
  sweepStuckKsefInvoices,
} from '../src/modules/invoices/ksef-send.service';
import { startKsefSweep } from '../src/modules/invoices';
import { FAKE_KSEF_TOKEN, FakeKsef } from './helpers/fake-ksef';
import { createTestApp, type TTestApp } from './helpers/test-app';

// Sending invoices to KSeF (issue 15 point 6): the KSeF 2.0 client in the real app, against a
// local fake of the KSeF API (test/helpers/fake-ksef.ts), through the 'ksef-send' job; the
// sandbox client's numbering; production refusing the sandbox.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/ksef-fa3');
const SELLER_NIP = '9999999999';
const TEAM_EMAIL = 'ksef-team@printomat.test';

let xml: string;
const fake = new FakeKsef(SELLER_NIP);
let t: TTestApp;

beforeAll(async () => {
  xml = await fs.readFile(path.join(FIXTURES, 'FA_3_Przyklad_1.xml'), 'utf8');
  await fake.start();
  t = await createTestApp({
    KSEF_MODE: 'api',
    KSEF_API_URL: fake.apiUrl,
    KSEF_TOKEN: FAKE_KSEF_TOKEN,
    SELLER_NIP,
    TEAM_EMAIL,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake.stop();
});

let counter = 0;
/**
 * An issued invoice row (the official example's XML with the invoice's own number in P_2, as
 * KSeF tells duplicates by it) and its 'ksef-send' job, as the run queues it.
 */
async function issueInvoice({ queue = true } = {}): Promise<number> {
  counter += 1;
  const number = `FV/2026/01/${String(counter).padStart(4, '0')}-${randomBytes(3).toString('hex')}`;
  const document = xml.replace(/<P_2>[^<]*<\/P_2>/, `<P_2>${number}</P_2>`);
  const party = {
    name: 'ABC AGD sp. z o. o.',
    address: 'ul. Kwiatowa 1 m. 2',
    postcode: '00-001',
    city: 'Warszawa',
    country: 'PL',
    taxCountry: 'PL',
    taxId: SELLER_NIP,
  };
  return t.ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('invoices')
      .values({
        number,
        kind: 'invoice',
        period: '2026-01',
        issue_date: '2026-02-01',
        sale_date: '2026-01-31',
        seller: JSON.stringify(party),
        buyer: JSON.stringify({ ...party, name: 'F.H.U. Jan Kowalski', taxId: '1111111111' }),
        buyer_name: 'F.H.U. Jan Kowalski',
        buyer_tax_id: '1111111111',
        locale: 'pl',
        currency: 'PLN',
        net_minor: 100_00,
        vat_minor: 23_00,
        gross_minor: 123_00,
        xml: document,
        xml_sha256: createHash('sha256').update(document).digest('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (queue) await queueKsefSend(trx, row.id);
    return row.id;
  });
}

const invoiceRow = (id: number) =>
  t.ctx.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The invoice's waiting 'ksef-send' jobs. */
const waitingJobs = (id: number) =>
  t.ctx.db
    .selectFrom('jobs')
    .select(['run_at', 'payload'])
    .where('name', '=', KSEF_SEND_JOB.name)
    .where('status', '=', 'pending')
    .where(sql<boolean>`(payload::jsonb ->> 'invoiceId')::int = ${id}`)
    .execute();

/** The waits are long (Retry-After, backoff): the test moves the next run to now. */
async function runWaitingNow(id: number): Promise<void> {
  await sql`UPDATE jobs SET run_at = now() WHERE name = ${KSEF_SEND_JOB.name} AND status = 'pending'
              AND (payload::jsonb ->> 'invoiceId')::int = ${id}`.execute(t.ctx.db);
  await t.ctx.worker.drain();
}

/** The invoice POSTs KSeF received (each one a send). */
const invoicePosts = () =>
  fake.requests.filter((r) => /^POST \/sessions\/online\/[^/]+\/invoices$/.test(r)).length;

/** The status question about one invoice (not the send, not the UPO). */
const STATUS_PATH = /^\/sessions\/(?!online\/)[^/]+\/invoices\/[^/]+$/;

const sha256Base64 = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64');

describe('sending an invoice to the KSeF 2.0 API', () => {
  it('is accepted: the KSeF number and the UPO are stored; KSeF decrypted exactly the stored XML', async () => {
    const id = await issueInvoice();
    await t.ctx.worker.drain();
    const row = await invoiceRow(id);
    expect(fake.received).toHaveLength(1);
    const seen = fake.received[0]!;
    expect(seen.xml).toBe(row.xml);
    expect(seen.invoiceHash).toBe(sha256Base64(row.xml));
    expect(seen.computedHash).toBe(seen.invoiceHash);
    expect(seen.invoiceSize).toBe(Buffer.byteLength(row.xml));
    expect(row).toMatchObject({
      ksef_status: 'accepted',
      ksef_number: seen.ksefNumber,
      ksef_session_reference: seen.sessionReference,
      ksef_reference: seen.referenceNumber,
      ksef_attempts: 1,
      ksef_error: null,
    });
    expect(row.ksef_number).toMatch(KSEF_NUMBER_PATTERN);
    expect(row.ksef_upo).toContain(`<NumerKSeFDokumentu>${seen.ksefNumber}</NumerKSeFDokumentu>`);
    expect(row.ksef_sent_at).toBeInstanceOf(Date);
    expect(row.ksef_accepted_at).toBeInstanceOf(Date);
    expect(fake.sessionsOpened).toBe(1);
    expect(fake.sessionsClosed).toBe(1);
    expect(fake.signIns).toBe(1);

    // A job delivered again does nothing: an accepted invoice is never sent twice.
    await enqueueJob(t.ctx.db, KSEF_SEND_JOB, { invoiceId: id, try: 1 });
    await t.ctx.worker.drain();
    expect(fake.received).toHaveLength(1);
    expect((await invoiceRow(id)).ksef_attempts).toBe(1);
  });

  it('keeps its sign-in for the next invoice, and signs in again once when KSeF says 401', async () => {
    await issueInvoice();
    await t.ctx.worker.drain();
    expect(fake.signIns).toBe(1);
    fake.expireAccessTokens();
    const id = await issueInvoice();
    await t.ctx.worker.drain();
    expect((await invoiceRow(id)).ksef_status).toBe('accepted');
    expect(fake.signIns).toBe(2);
  });

  it('still processing: is asked about later (never sent again), then accepted', async () => {
    fake.processingAnswers = 1_000;
    const received = fake.received.length;
    const id = await issueInvoice();
    const draining = t.ctx.worker.drain();
    // The references are stored the moment KSeF takes the invoice, while it is still being
    // asked about: a worker dying now leaves an invoice that is only asked about later.
    const storedWhileAsking = async () =>
      fake.received.length > received &&
      (await invoiceRow(id)).ksef_reference === fake.received.at(-1)!.referenceNumber;
    await expect.poll(storedWhileAsking, { timeout: 3_000, interval: 50 }).toBe(true);
    expect(fake.received.at(-1)!.statusAsks).toBeLessThan(4);
    await draining;
    const sent = fake.received.at(-1)!;
    let row = await invoiceRow(id);
    expect(row).toMatchObject({
      ksef_status: 'sending',
      ksef_session_reference: sent.sessionReference,
      ksef_reference: sent.referenceNumber,
      ksef_attempts: 1,
      ksef_number: null,
    });
    const [job] = await waitingJobs(id);
    expect(job!.run_at.getTime()).toBeGreaterThan(Date.now() + 20_000);

    fake.processingAnswers = 0;
    await runWaitingNow(id);
    row = await invoiceRow(id);
    expect(row).toMatchObject({
      ksef_status: 'accepted',
      ksef_number: sent.ksefNumber,
      ksef_attempts: 1,
    });
    expect(fake.received).toHaveLength(received + 1);
    fake.processingAnswers = 1;
  }, 30_000);

  it('429: waits as long as Retry-After says, counts the attempt, then is accepted', async () => {
    fake.failNext = [{ status: 429, retryAfter: 120, path: /^\/sessions\/online$/ }];
    const id = await issueInvoice();
    const before = Date.now();
    await t.ctx.worker.drain();
    let row = await invoiceRow(id);
    expect(row).toMatchObject({ ksef_status: 'pending', ksef_attempts: 1, ksef_number: null });
    expect(row.ksef_error).toContain('429');
    const [job] = await waitingJobs(id);
    expect(job!.run_at.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect(job!.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 121_000);

    await runWaitingNow(id);
    row = await invoiceRow(id);
    expect(row).toMatchObject({ ksef_status: 'accepted', ksef_attempts: 2, ksef_error: null });
  });

  it('KSeF down (500) on every try: fails with the error and mails the team; resent by an admin, it is accepted', async () => {
    fake.failAlways = 500;
    const id = await issueInvoice();
    await t.ctx.worker.drain();
    for (let i = 1; i < KSEF_MAX_TRIES; i += 1) await runWaitingNow(id);
    let row = await invoiceRow(id);
    expect(row.ksef_status).toBe('failed');
    expect(row.ksef_attempts).toBe(KSEF_MAX_TRIES);
    expect(row.ksef_error).toContain('KSeF answered 500');
    expect(row.ksef_error).toContain(`gave up after ${KSEF_MAX_TRIES} tries`);
    expect(await waitingJobs(id)).toEqual([]);
    const mail = await t.smtp.waitFor(TEAM_EMAIL, (m) => m.subject.includes(row.number));
    expect(mail.subject).toBe(`Invoice ${row.number} could not be sent to KSeF`);
    expect(mail.text).toContain('KSeF answered 500');

    fake.failAlways = null;
    await resendToKsef(t.ctx, id);
    await t.ctx.worker.drain();
    row = await invoiceRow(id);
    expect(row).toMatchObject({
      ksef_status: 'accepted',
      ksef_attempts: KSEF_MAX_TRIES + 1,
      ksef_error: null,
    });
    expect(fake.received.at(-1)!.xml).toBe(row.xml);

    // Accepted: a resend is refused.
    await expect(resendToKsef(t.ctx, id)).rejects.toMatchObject({
      statusCode: 409,
      messageKey: 'invoices.errors.already_accepted',
    });
  }, 30_000);

  it('rejected by KSeF: the reason is kept for admins and mailed to the team', async () => {
    fake.rejectNext = {
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['Nieprawidłowa wartość pola P_15'],
    };
    const id = await issueInvoice();
    await t.ctx.worker.drain();
    const row = await invoiceRow(id);
    expect(row).toMatchObject({ ksef_status: 'rejected', ksef_number: null, ksef_attempts: 1 });
    expect(row.ksef_error).toBe(
      '450 Błąd weryfikacji semantyki dokumentu faktury: Nieprawidłowa wartość pola P_15',
    );
    const mail = await t.smtp.waitFor(TEAM_EMAIL, (m) => m.subject.includes(row.number));
    expect(mail.subject).toBe(`KSeF rejected invoice ${row.number}`);
    expect(mail.text).toContain('Nieprawidłowa wartość pola P_15');

    // That submission is refused for good: a resend forgets its references and sends anew.
    await resendToKsef(t.ctx, id);
    expect(await invoiceRow(id)).toMatchObject({
      ksef_status: 'pending',
      ksef_reference: null,
      ksef_session_reference: null,
    });
    await t.ctx.worker.drain();
    expect(await invoiceRow(id)).toMatchObject({
      ksef_status: 'accepted',
      ksef_attempts: 2,
      ksef_reference: fake.received.at(-1)!.referenceNumber,
    });
  });

  it('a wrong KSeF token: fails at once with what KSeF said (no retries); a pending invoice cannot be resent', async () => {
    fake.validToken = 'another-token-the-taxpayer-has';
    fake.expireAllTokens();
    const id = await issueInvoice();
    await expect(resendToKsef(t.ctx, id)).rejects.toBeInstanceOf(AppError);
    await t.ctx.worker.drain();
    const row = await invoiceRow(id);
    expect(row).toMatchObject({ ksef_status: 'failed', ksef_attempts: 1 });
    expect(row.ksef_error).toContain('KSeF refused the sign-in with the KSeF token: 450');
    expect(await waitingJobs(id)).toEqual([]);
    fake.validToken = FAKE_KSEF_TOKEN;
    await expect(resendToKsef(t.ctx, 999_999)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('never sending an invoice to KSeF twice', () => {
  it('the status question fails after KSeF took the invoice: not sent again, asked later and accepted', async () => {
    fake.processingAnswers = 0;
    fake.failNext = [{ status: 503, path: STATUS_PATH }];
    const posts = invoicePosts();
    const id = await issueInvoice();
    await t.ctx.worker.drain();
    const sent = fake.received.at(-1)!;
    let row = await invoiceRow(id);
    expect(row).toMatchObject({
      ksef_status: 'sending',
      ksef_session_reference: sent.sessionReference,
      ksef_reference: sent.referenceNumber,
      ksef_attempts: 1,
      ksef_number: null,
    });
    expect(await waitingJobs(id)).toHaveLength(1);

    // Asking fails again (KSeF down): still only asking, the references kept.
    fake.failNext = [{ status: 500, path: STATUS_PATH }];
    await runWaitingNow(id);
    row = await invoiceRow(id);
    expect(row).toMatchObject({ ksef_status: 'sending', ksef_reference: sent.referenceNumber });
    expect(row.ksef_error).toContain('KSeF answered 500');

    await runWaitingNow(id);
    row = await invoiceRow(id);
    expect(row).toMatchObject({
      ksef_status: 'accepted',
      ksef_number: sent.ksefNumber,
      ksef_attempts: 1,
      ksef_error: null,
    });
    expect(row.ksef_upo).toContain(sent.ksefNumber);
    expect(invoicePosts()).toBe(posts + 1);
    fake.processingAnswers = 1;
  }, 30_000);

  it('a try whose answer was lost (KSeF has the invoice): KSeF answers duplicate, the original KSeF number is taken', async () => {
    const id = await issueInvoice({ queue: false });
    const { xml: document, number } = await invoiceRow(id);
    // KSeF took it, then the worker died before storing anything: 'sending', no references.
    const earlier = await createKsefApiClient({
      apiUrl: fake.apiUrl,
      token: FAKE_KSEF_TOKEN,
      sellerNip: SELLER_NIP,
      statusPollDelaysMs: [0, 0],
    }).send({ invoiceNumber: number, xml: document });
    if (earlier.outcome !== 'accepted') throw new Error(JSON.stringify(earlier));
    await t.ctx.db
      .updateTable('invoices')
      .set({ ksef_status: 'sending', ksef_attempts: 1 })
      .where('id', '=', id)
      .execute();

    await queueKsefSend(t.ctx.db, id);
    await t.ctx.worker.drain();
    const row = await invoiceRow(id);
    const duplicate = fake.received.at(-1)!;
    expect(duplicate.duplicateOf?.ksefNumber).toBe(earlier.ksefNumber);
    expect(row).toMatchObject({
      ksef_status: 'accepted',
      ksef_number: earlier.ksefNumber,
      ksef_attempts: 2,
    });
    expect(row.ksef_upo).toContain(
      `<NumerKSeFDokumentu>${earlier.ksefNumber}</NumerKSeFDokumentu>`,
    );
    expect(row.ksef_error).toContain('440');
    expect(row.ksef_error).toContain(earlier.ksefNumber);
  });

  it("an admin's resend of an invoice that failed while KSeF was processing it only asks", async () => {
    fake.processingAnswers = 1_000;
    const posts = invoicePosts();
    const id = await issueInvoice();
    await t.ctx.worker.drain();
    for (let i = 1; i < KSEF_MAX_TRIES; i += 1) await runWaitingNow(id);
    const sent = fake.received.at(-1)!;
    let row = await invoiceRow(id);
    expect(row).toMatchObject({
      ksef_status: 'failed',
      ksef_session_reference: sent.sessionReference,
      ksef_reference: sent.referenceNumber,
    });
    await t.smtp.waitFor(TEAM_EMAIL, (m) => m.subject.includes(row.number));

    fake.processingAnswers = 0;
    await resendToKsef(t.ctx, id);
    expect((await invoiceRow(id)).ksef_status).toBe('sending');
    await t.ctx.worker.drain();
    row = await invoiceRow(id);
    expect(row).toMatchObject({
      ksef_status: 'accepted',
      ksef_number: sent.ksefNumber,
      ksef_reference: sent.referenceNumber,
      ksef_attempts: 1,
    });
    expect(invoicePosts()).toBe(posts + 1);
    fake.processingAnswers = 1;
  }, 30_000);

  it('references KSeF does not know: forgotten, the invoice is sent again and accepted', async () => {
    const id = await issueInvoice({ queue: false });
    await t.ctx.db
      .updateTable('invoices')
      .set({
        ksef_status: 'sending',
        ksef_attempts: 1,
        ksef_session_reference: '20260101-SO-0000000000-0000000000-00',
        ksef_reference: '20260101-EE-0000000000-0000000000-00',
      })
      .where('id', '=', id)
      .execute();
    await queueKsefSend(t.ctx.db, id);
    await t.ctx.worker.drain();
    let row = await invoiceRow(id);
    expect(row).toMatchObject({ ksef_status: 'pending', ksef_reference: null });
    expect(row.ksef_error).toContain('21404');
    await runWaitingNow(id);
    row = await invoiceRow(id);
    expect(row).toMatchObject({ ksef_status: 'accepted', ksef_attempts: 2 });
    expect(row.ksef_reference).toBe(fake.received.at(-1)!.referenceNumber);
  });

  it('the sweep queues again an invoice whose sending stopped (its job used its attempts)', async () => {
    const stale = new Date(Date.now() - KSEF_STUCK_AFTER_MS - 60_000);
    const stuck = await issueInvoice({ queue: false });
    const recent = await issueInvoice({ queue: false });
    const withJob = await issueInvoice({ queue: false });
    // The jobs of the first two ran out of attempts after markSending; the third's still waits.
    for (const id of [stuck, recent])
      await t.ctx.db
        .insertInto('jobs')
        .values({
          name: KSEF_SEND_JOB.name,
          payload: JSON.stringify({ invoiceId: id, try: 3 }),
          status: 'failed',
          attempts: KSEF_SEND_JOB.maxAttempts,
          max_attempts: KSEF_SEND_JOB.maxAttempts,
          run_at: stale,
          last_error: 'connection terminated',
          unique_key: `ksef-send:${id}:1:3`,
          updated_at: stale,
        })
        .execute();
    await enqueueJob(
      t.ctx.db,
      KSEF_SEND_JOB,
      { invoiceId: withJob, try: 2 },
      { runAt: new Date(Date.now() + 3_600_000) },
    );
    await t.ctx.db
      .updateTable('invoices')
      .set({ ksef_status: 'sending', ksef_attempts: 1, updated_at: stale })
      .where('id', 'in', [stuck, withJob])
      .execute();
    await t.ctx.db
      .updateTable('invoices')
      .set({ ksef_status: 'sending', ksef_attempts: 1 })
      .where('id', '=', recent)
      .execute();

    expect(await sweepStuckKsefInvoices(t.ctx)).toEqual([stuck]);
    await t.ctx.worker.drain();
    expect(await invoiceRow(stuck)).toMatchObject({ ksef_status: 'accepted', ksef_attempts: 2 });
    expect((await invoiceRow(recent)).ksef_status).toBe('sending');
    expect((await invoiceRow(withJob)).ksef_status).toBe('sending');
    // Queued once: a second sweep finds nothing more to do.
    expect(await sweepStuckKsefInvoices(t.ctx)).toEqual([]);

    await runWaitingNow(withJob);
    expect((await invoiceRow(withJob)).ksef_status).toBe('accepted');
  });

  it('the sweep runs as a recurring task once the server starts it', async () => {
    const id = await issueInvoice({ queue: false });
    await t.ctx.db
      .updateTable('invoices')
      .set({ updated_at: new Date(Date.now() - KSEF_STUCK_AFTER_MS - 60_000) })
      .where('id', '=', id)
      .execute();
    await startKsefSweep(t.ctx);
    await sql`UPDATE jobs SET run_at = now() WHERE name = 'ksef-sweep' AND status = 'pending'`.execute(
      t.ctx.db,
    );
    // The sweep's run queues the send, which runs after it.
    await expect
      .poll(async () => {
        await t.ctx.worker.drain();
        return (await invoiceRow(id)).ksef_status;
      })
      .toBe('accepted');
    expect((await invoiceRow(id)).ksef_attempts).toBe(1);
  });
});

describe('the KSeF sandbox (KSEF_MODE=sandbox)', () => {
  const now = new Date('2026-02-01T10:00:00Z');
  const sandbox = () =>
    createKsefSandboxClient({ sellerNip: SELLER_NIP, timeZone: 'Europe/Warsaw', now: () => now });

  it('accepts a well-formed invoice with a KSeF number in the real format, the same for the same XML', async () => {
    const result = await sandbox().send({ invoiceNumber: 'FV/2026/01/0001', xml });
    if (result.outcome !== 'accepted') throw new Error(JSON.stringify(result));
    const hex = createHash('sha256').update(xml).digest('hex').slice(0, 12).toUpperCase();
    const head = `${SELLER_NIP}-20260201-${hex}`;
    expect(result.ksefNumber).toBe(`${head}-${crc8Hex(head)}`);
    expect(result.ksefNumber).toMatch(KSEF_NUMBER_PATTERN);
    expect(result.sessionReference).toMatch(/^20260201-SO-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/);
    expect(result.upo).toContain('SANDBOX');
    expect(result.upo).toContain(result.ksefNumber);
    const again = await sandbox().send({ invoiceNumber: 'FV/2026/01/0001', xml });
    expect(again).toMatchObject({ outcome: 'accepted', ksefNumber: result.ksefNumber });
    // KSeF's own example: its CRC-8 is the one computed here.
    expect(crc8Hex('5265877635-20250826-0100001AF629')).toBe('AF');
  });

  it("rejects a document that is not well formed or names another seller's NIP", async () => {
    const broken = await sandbox().send({
      invoiceNumber: 'X',
      xml: xml.replace('</Podmiot1>', ''),
    });
    expect(broken).toMatchObject({ outcome: 'rejected' });
    const other = await sandbox().send({
      invoiceNumber: 'X',
      xml: xml.replace(`<NIP>${SELLER_NIP}</NIP>`, '<NIP>5261040001</NIP>'),
    });
    expect(other).toMatchObject({ outcome: 'rejected' });
    if (other.outcome === 'rejected') expect(other.reason).toContain(SELLER_NIP);
  });

  it('is what the app uses by default, outside production', async () => {
    const app = await createTestApp({ SELLER_NIP });
    try {
      const id = await app.ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('invoices')
          .values({
            number: 'FV/2026/01/0001',
            kind: 'invoice',
            period: '2026-01',
            issue_date: '2026-02-01',
            sale_date: '2026-01-31',
            seller: '{}',
            buyer: '{}',
            buyer_name: 'F.H.U. Jan Kowalski',
            buyer_tax_id: '1111111111',
            locale: 'pl',
            currency: 'PLN',
            net_minor: 100,
            vat_minor: 23,
            gross_minor: 123,
            xml,
            xml_sha256: 'x',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queueKsefSend(trx, row.id);
        return row.id;
      });
      await app.ctx.worker.drain();
      const row = await app.ctx.db
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.ksef_status).toBe('accepted');
      expect(row.ksef_number).toMatch(
        new RegExp(`^${SELLER_NIP}-\\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$`),
      );
      expect(row.ksef_upo).toContain('SANDBOX');
    } finally {
      await app.close();
    }
  });
});

describe('a production start', () => {
  const production = {
    ...productionSettings(),
    SMTP_URL: 'smtp://mail.shop.test:587',
  };
  const problems = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)));
      return [];
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      return err.problems;
    }
  };

  it('sends to the real KSeF with the KSeF 2.0 API', () => {
    expect(problems(production)).toEqual([]);
    expect(loadConfig(production).ksef.mode).toBe('api');
  });

  it('refuses the KSeF sandbox, KSeF test environments and a missing seller', () => {
    expect(problems({ ...production, KSEF_MODE: 'sandbox' })).toEqual([
      expect.stringMatching(/^KSEF_MODE: the KSeF sandbox issues no invoice in KSeF/),
    ]);
    expect(problems({ ...production, KSEF_MODE: undefined })).toEqual([
      expect.stringMatching(/^KSEF_MODE: /),
    ]);
    expect(problems({ ...production, KSEF_API_URL: 'https://api-test.ksef.mf.gov.pl/v2' })).toEqual(
      [expect.stringMatching(/^KSEF_API_URL: is KSeF's test or demo environment/)],
    );
    expect(
      problems({ ...production, KSEF_API_URL: 'https://ksef-demo.mf.gov.pl/api/v2' }),
    ).toHaveLength(1);
    expect(problems({ ...production, KSEF_TOKEN: 'short-token' })).toEqual([
      expect.stringMatching(/^KSEF_TOKEN: must be at least 32 characters/),
    ]);
    expect(problems({ ...production, SELLER_NIP: undefined, SELLER_CITY: undefined })).toEqual([
      'SELLER_NIP: must be set in production (the seller on every invoice)',
      'SELLER_CITY: must be set in production (the seller on every invoice)',
    ]);
  });
});
