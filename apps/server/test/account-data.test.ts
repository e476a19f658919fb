import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPrintHistory } from '@printomat/shared';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { checkLedger } from '../src/modules/payments/ledger-check';
import { signSandboxPayload } from '../src/modules/payments/providers/sandbox-signature';
import { expirePrintjobs } from '../src/modules/printjobs/printjob-expiry.service';
import { setPin } from '../src/modules/users';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { KIOSK_CODE } from './helpers/agent-harness';
import { makePdf } from './helpers/fixtures';
import { confirmedUser, notifySandboxPayment } from './helpers/payments';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 17 point 5: the account page's print history, saved cards, data download and deletion.

const WEBHOOK_SECRET = 'test-sandbox-secret-0123456789';
let t: TTestApp;
let printerName: string;
let printerId: number;
let link: Awaited<ReturnType<typeof rawAgent>>;

beforeAll(async () => {
  t = await createTestApp({
    // A released job not started expires after 2.16 s (the expiry check is called by the test).
    PRINTJOB_RELEASE_EXPIRY_HOURS: '0.0006',
    PRINTJOB_EXPIRY_CHECK_SECONDS: '3600',
    RATE_LIMIT_RELEASE_PER_PERSON: '100/10m',
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  await seedDemoData(t.ctx.db);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const printer = await t.ctx.db
    .selectFrom('printers')
    .select(['id', 'name'])
    .where('direct_print_code', '=', KIOSK_CODE)
    .executeTakeFirstOrThrow();
  printerName = printer.name;
  printerId = printer.id;
  const credentials = await issueAgentSecret(t.ctx, null, printer.id, 'kiosk-account-data');
  link = await rawAgent(url, credentials.minionId, credentials.secret);
  await link.next('welcome');
});
afterAll(async () => {
  link?.close();
  await t?.close();
});

async function person(pages = 50) {
  const agent = new TestAgent(t.app);
  const user = await registerAndSignIn(agent);
  await grantPages(t.ctx.db, { userId: user.id, source: 'package', pages, validDays: 30 });
  return { agent, ...user };
}

/** Uploads one PDF, confirms and releases the job at the kiosk: the job as the agent got it. */
async function released(agent: TestAgent, name: string, pages: number) {
  const upload = await agent.upload('/ajax/documents/upload', name, await makePdf(pages));
  expect(upload.statusCode, upload.body).toBe(201);
  const job = (await agent.get('/ajax/printjobs/current')).json<{ id: number }>();
  expect(
    (await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).statusCode,
  ).toBe(200);
  const release = await agent.post(`/ajax/printjobs/${job.id}/print_with_code`, {
    code: KIOSK_CODE,
  });
  expect(release.statusCode, release.body).toBe(200);
  const sent = await link.next('job');
  expect(sent.job.jobId).toBe(job.id);
  return { jobId: job.id, release: sent.job.release as string };
}

async function finish(
  job: { jobId: number; release: string },
  outcome: 'printed' | 'failed',
  impressions: number,
) {
  link.send({
    type: 'job_finished',
    jobId: job.jobId,
    release: job.release,
    outcome,
    impressions,
    documentsCompleted: outcome === 'printed' ? 1 : 0,
    ...(outcome === 'failed' ? { reason: 'paper jam' } : {}),
  });
  await link.next('finished_ack');
}

const deleteAccount = (agent: TestAgent, confirmation: string) =>
  agent.request('DELETE', '/api/account', { confirmation });

const history = async (agent: TestAgent, page = 1) => {
  const res = await agent.get(`/api/account/history?page=${page}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPrintHistory>();
};

describe('print history', () => {
  it('lists ended jobs latest first: printer, documents (until retention), pages, charge, outcome', async () => {
    const { agent, id } = await person();
    const printed = await released(agent, 'report.pdf', 4);
    await finish(printed, 'printed', 4);
    const failed = await released(agent, 'draft.pdf', 2);
    await finish(failed, 'failed', 0);
    const held = await released(agent, 'thesis.pdf', 3);
    await new Promise((r) => setTimeout(r, 2_300));
    await expirePrintjobs(t.ctx);
    expect((await link.next('job_cancelled')).jobId).toBe(held.jobId);
    // Someone else's job is never in it.
    const other = await person();
    await finish(await released(other.agent, 'secret.pdf', 1), 'printed', 1);
    // Retention deleted the first job's files: its name is no longer shown.
    await t.ctx.db
      .updateTable('documents')
      .set({ files_deleted_at: new Date() })
      .where('printjob_id', '=', printed.jobId)
      .execute();

    const body = await history(agent);
    expect(body.paging).toEqual({ page: 1, page_size: 20, total: 3 });
    expect(body.jobs.map((j) => [j.id, j.outcome])).toEqual([
      [held.jobId, 'expired'],
      [failed.jobId, 'failed'],
      [printed.jobId, 'printed'],
    ]);
    expect(body.jobs[0]).toMatchObject({
      printer_name: printerName,
      documents: [{ name: 'thesis.pdf', deleted: false, page_count: 3, copies: 1 }],
      pages: 3,
      printed_pages: 0,
      charged_pages: 0,
    });
    expect(body.jobs[1]).toMatchObject({
      documents: [{ name: 'draft.pdf', deleted: false }],
      pages: 2,
      printed_pages: 0,
      charged_pages: 0,
    });
    expect(body.jobs[2]).toMatchObject({
      printer_name: printerName,
      documents: [{ name: null, deleted: true, page_count: 4 }],
      pages: 4,
      printed_pages: 4,
      charged_pages: 4,
    });
    expect(Date.parse(body.jobs[2]?.finished_at ?? '')).toBeGreaterThan(0);
    // The pages charged are what left the balance.
    expect((await agent.get('/ajax/user')).json().remaining_page_limit).toBe(46);
    expect(await history(agent, 2)).toEqual({
      jobs: [],
      paging: { page: 2, page_size: 20, total: 3 },
    });
    expect((await agent.get('/api/account/history?page=0')).statusCode).toBe(422);
    expect(id).toBeGreaterThan(0);
  });

  it('is empty for a new account and refused without one', async () => {
    const { agent } = await person();
    expect((await history(agent)).jobs).toEqual([]);
    expect((await new TestAgent(t.app).get('/api/account/history')).statusCode).toBe(401);
  });
});

describe('refunds in the history and the download', () => {
  it('shows the pages an admin gave back on the job, with the reason, and in the ledger', async () => {
    const { agent } = await person(20);
    const printed = await released(agent, 'smudged.pdf', 4);
    await finish(printed, 'printed', 4);
    const admin = await signInDemoAdmin(t.app);
    const refund = await admin.post(`/api/admin/printjobs/${printed.jobId}/refund`, {
      pages: 3,
      reason: 'Toner streaks on three pages',
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const [entry] = (await history(agent)).jobs;
    expect(entry).toMatchObject({
      id: printed.jobId,
      charged_pages: 4,
      refunded_pages: 3,
      refund_reason: 'Toner streaks on three pages',
    });
    const data = (await agent.get('/api/account/export')).json();
    expect(data.pages_ledger).toEqual([
      expect.objectContaining({ source: 'package', pages: 20, reason: null, printjob_id: null }),
      expect.objectContaining({
        source: 'refund',
        pages: 3,
        reason: 'Toner streaks on three pages',
        printjob_id: printed.jobId,
      }),
    ]);
  });
});

describe('saved cards', () => {
  /** Adds a card the way the provider confirms it: our setup, then its signed notification. */
  async function addCard(agent: TestAgent, fingerprint: string, last4: string) {
    const setup = (await agent.post('/api/cards/setup')).json<{ reference: string }>();
    const row = await t.ctx.db
      .selectFrom('card_setups')
      .select('provider_reference')
      .where('reference', '=', setup.reference)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      id: `evt_card_${setup.reference}`,
      type: 'card.added',
      created: Math.floor(Date.now() / 1000),
      data: {
        reference: setup.reference,
        provider_reference: row.provider_reference,
        fingerprint,
        brand: 'visa',
        last4,
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxPayload(WEBHOOK_SECRET, body, new Date()),
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return setup.reference;
  }

  it('lists the person’s cards and removes one; the card earns no second bonus', async () => {
    const { agent, id } = await confirmedUser(t);
    const fingerprint = `fp-account-${id}`;
    const reference = await addCard(agent, fingerprint, '4242');
    await addCard(agent, `${fingerprint}-b`, '1881');
    const list = (await agent.get('/api/account/cards')).json<{
      cards: { id: number; brand: string; last4: string; added_at: string }[];
    }>();
    expect(list.cards.map((c) => [c.brand, c.last4]).sort()).toEqual([
      ['visa', '1881'],
      ['visa', '4242'],
    ]);
    const card = list.cards.find((c) => c.last4 === '4242');
    if (!card) throw new Error('card missing');

    // Nobody else can see or remove it.
    const stranger = await confirmedUser(t);
    expect((await stranger.agent.get('/api/account/cards')).json()).toEqual({ cards: [] });
    expect((await stranger.agent.delete(`/api/account/cards/${card.id}`)).statusCode).toBe(404);

    const removed = await agent.delete(`/api/account/cards/${card.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await agent.get('/api/account/cards')).json<{ cards: { last4: string }[] }>().cards,
    ).toEqual([expect.objectContaining({ last4: '1881' })]);
    expect((await agent.delete(`/api/account/cards/${card.id}`)).statusCode).toBe(404);
    // The setup that added it still answers, without the card.
    expect((await agent.get(`/api/cards/setups/${reference}`)).json()).toMatchObject({
      status: 'added',
      card: null,
    });
    // Added again: saved again, but the add-card bonus was this card's once.
    const again = await addCard(agent, fingerprint, '4242');
    expect((await agent.get(`/api/cards/setups/${again}`)).json()).toMatchObject({
      status: 'added',
      bonus_pages: 0,
    });
  });
});

/** A completed purchase of 100 pages with its grant (as the ledger check expects). */
async function insertPayment(userId: number, email: string) {
  await grantPages(t.ctx.db, {
    userId,
    source: 'package',
    pages: 100,
    validDays: 30,
    reference: `acct-${userId}`,
  });
  const pkg = await t.ctx.db.selectFrom('packages').select('id').executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('payments')
    .values({
      reference: `acct-${userId}`,
      user_id: userId,
      payer_email: email,
      package_id: pkg.id,
      provider: 'sandbox',
      method: 'card',
      status: 'completed',
      amount_minor: 1999,
      currency: 'PLN',
      pages: 100,
      validity_days: 30,
      idempotency_key: `acct-key-${userId}`,
      receipt_number: `R-${userId}`,
      locale: 'en',
    })
    .execute();
}

describe('download my data', () => {
  it('is a JSON file of the person’s own account, ledger, payments, history, referrals and phone', async () => {
    const { agent, id, email } = await person(10);
    await finish(await released(agent, 'cv.pdf', 2), 'printed', 2);
    await insertPayment(id, email);
    await t.ctx.db
      .insertInto('user_data')
      .values({ user_id: id, phone_number: '+48500100200', phone_verified_at: new Date() })
      .execute();
    const other = await person(5);
    await insertPayment(other.id, other.email);

    const res = await agent.get('/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="printomat-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ id, email, role: 'user', has_password: true });
    expect(data.phone).toMatchObject({ number: '+48500100200' });
    expect(data.pages_ledger).toEqual([
      expect.objectContaining({ source: 'package', pages: 10, remaining: 8, reference: null }),
      expect.objectContaining({ pages: 100, remaining: 100, reference: `acct-${id}` }),
    ]);
    expect(data.page_reservations).toEqual([
      expect.objectContaining({
        kind: 'print',
        device_session_id: null,
        pages: 2,
        charged: 2,
        status: 'posted',
      }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        reference: `acct-${id}`,
        amount_minor: 1999,
        receipt_number: `R-${id}`,
      }),
    ]);
    const printed = data.print_jobs.find(
      (j: { outcome: string | null }) => j.outcome === 'printed',
    );
    expect(printed).toMatchObject({
      printer_name: printerName,
      printed_pages: 2,
      documents: [expect.objectContaining({ name: 'cv.pdf', page_count: 2 })],
    });
    expect(data.referrals).toMatchObject({ invited_by_someone: false, people_invited_credited: 0 });
    expect(data.referrals.referral_code).toEqual(expect.any(String));
    expect(data.sessions.length).toBeGreaterThan(0);
    // Nothing of anyone else's.
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain(`acct-${other.id}`);
    expect((await new TestAgent(t.app).get('/api/account/export')).statusCode).toBe(401);
  });
});

describe('download my data: copying and scanning at a printer', () => {
  it('lists the device sessions (never the upload token) and marks copy charges as copies', async () => {
    const { agent, id } = await person(20);
    await t.ctx.db
      .updateTable('printers')
      .set({ is_copier: true })
      .where('id', '=', printerId)
      .execute();
    const uid = String((await setPin(t.ctx, id, '5062')).pin_uid);
    const signIn = async (action: 'copy' | 'scan') => {
      link.send({ type: 'authorize', requestId: `data-${action}`, uid, pin: '5062', action });
      const answer = await link.next('authorization');
      expect(answer.result).toMatchObject({ ok: true, action });
      return answer.result as { sessionId: number; uploadPath?: string };
    };
    const copy = await signIn('copy');
    link.send({
      type: 'usage',
      kind: 'copy',
      reportId: 'data-copy-1',
      sessionId: copy.sessionId,
      colorPages: 0,
      monoPages: 3,
    });
    expect(await link.next('usage_ack')).toMatchObject({ reportId: 'data-copy-1', charged: 3 });
    link.send({ type: 'session_end', sessionId: copy.sessionId });
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .selectFrom('device_sessions')
              .select('ended_at')
              .where('id', '=', copy.sessionId)
              .executeTakeFirstOrThrow()
          ).ended_at,
      )
      .not.toBeNull();
    const scan = await signIn('scan');
    const token = /token=([A-Za-z0-9_-]+)$/.exec(scan.uploadPath ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const tokenHash = (
      await t.ctx.db
        .selectFrom('device_sessions')
        .select('upload_token_hash')
        .where('id', '=', scan.sessionId)
        .executeTakeFirstOrThrow()
    ).upload_token_hash;

    const res = await agent.get('/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.device_sessions).toEqual([
      {
        id: copy.sessionId,
        printer_name: printerName,
        action: 'copy',
        created_at: expect.any(String),
        ended_at: expect.any(String),
        expires_at: expect.any(String),
      },
      {
        id: scan.sessionId,
        printer_name: printerName,
        action: 'scan',
        created_at: expect.any(String),
        ended_at: null,
        expires_at: expect.any(String),
      },
    ]);
    expect(data.page_reservations).toEqual([
      expect.objectContaining({
        kind: 'copy',
        printjob_id: null,
        device_session_id: copy.sessionId,
        pages: 3,
        charged: 3,
        status: 'posted',
      }),
    ]);
    expect(data.account).toMatchObject({ pin_uid: Number(uid) });
    expect(res.body).not.toContain('upload_token');
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain(String(tokenHash));
  });
});

describe('delete my account', () => {
  it('after the password: documents, files, sessions and personal data gone, money kept anonymised, signed out, address free again', async () => {
    const { agent, id, email, password } = await person(20);
    const job = await released(agent, 'letter.pdf', 2);
    link.send({ type: 'job_started', jobId: job.jobId, release: job.release });
    await expect
      .poll(async () => (await agent.get('/ajax/printjobs/current')).json().phase)
      .toBe('printing');
    await insertPayment(id, email);
    const files = (
      await t.ctx.db
        .selectFrom('documents')
        .select(['original_key', 'pdf_key'])
        .where('user_id', '=', id)
        .execute()
    )
      .flatMap((d) => [d.original_key, d.pdf_key])
      .filter((k): k is string => k !== null);
    expect(files.length).toBeGreaterThan(0);

    const wrong = await deleteAccount(agent, 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ confirmation: ['is incorrect'] });

    // Not while a job is printing: the printer's report still has to settle it.
    const printing = await deleteAccount(agent, password);
    expect(printing.statusCode).toBe(409);
    expect(printing.json()).toEqual({
      code: 'printing',
      message:
        'One of your jobs is printing right now. Wait until it is done, then delete your account.',
    });
    await finish(job, 'printed', 2);

    const res = await deleteAccount(agent, password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Signed out: the session cookie is cleared and the old session is dead.
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await agent.get('/ajax/user')).statusCode).toBe(401);

    const count = async (
      table: 'documents' | 'printjobs' | 'page_grants' | 'sessions' | 'user_data',
    ) =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const table of ['documents', 'printjobs', 'page_grants', 'sessions'] as const)
      expect(await count(table), table).toBe(0);
    for (const key of files) expect(await t.ctx.storage.exists(key), key).toBe(false);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    // The money record stays for the accounts, without the person.
    expect(
      await t.ctx.db
        .selectFrom('payments')
        .select(['user_id', 'payer_email', 'amount_minor', 'receipt_number'])
        .where('reference', '=', `acct-${id}`)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      user_id: null,
      payer_email: 'deleted-account@printomat.invalid',
      amount_minor: 1999,
      receipt_number: `R-${id}`,
    });
    // The audit log says it happened, without the address.
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'user.self_delete')
      .where('subject_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBeNull();
    expect(JSON.stringify(audit.details)).not.toContain(email);

    // The address can open a new account.
    const again = await registerAndSignIn(new TestAgent(t.app), email);
    expect(again.id).not.toBe(id);
  });

  it('keeps the pages ledger without the person; previews, their mail and names in the audit log go', async () => {
    const admin = await signInDemoAdmin(t.app);
    const { agent, id, email, password } = await person(20);
    // Support gave pages with a reason naming the person, and confirmed the address by hand.
    expect(
      (
        await admin.post(`/api/admin/users/${id}/grants`, {
          pages: 5,
          valid_days: 30,
          reason: 'Sorry for the jam, Ms Kowalska',
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.post(`/api/admin/users/${id}/confirm-email`)).statusCode).toBe(200);
    // One job printed (charged 2), one released and still waiting (4 pages held) with a preview.
    await finish(await released(agent, 'printed.pdf', 2), 'printed', 2);
    const waiting = await released(agent, 'waiting.pdf', 4);
    const doc = await t.ctx.db
      .selectFrom('documents')
      .select(['id', 'pdf_key'])
      .where('printjob_id', '=', waiting.jobId)
      .executeTakeFirstOrThrow();
    expect((await agent.get(`/api/documents/${doc.id}/pages/1.png`)).statusCode).toBe(200);
    const preview = `${doc.pdf_key}.pages/1.png`;
    expect(await t.ctx.storage.exists(preview)).toBe(true);
    // A message they sent to a printer, still stored raw, and one from somebody else.
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', KIOSK_CODE)
      .executeTakeFirstOrThrow();
    const rawKey = `inbound/raw-${id}.eml`;
    await t.ctx.storage.put(rawKey, Buffer.from(`From: ${email}\r\n\r\nmy cv`));
    const message = (extra: { from: string; user_id: number | null; raw_key: string | null }) =>
      t.ctx.db
        .insertInto('inbound_messages')
        .values({
          printer_id: printer.id,
          dedupe_key: `acct-${id}-${extra.from}`,
          via: 'smtp',
          envelope_from: extra.from.toUpperCase(),
          from_address: extra.from,
          subject: `CV of ${extra.from}`,
          size_bytes: 100,
          raw_key: extra.raw_key,
          verdict: 'trusted',
          user_id: extra.user_id,
          documents: JSON.stringify([
            {
              name: 'cv-kowalska.pdf',
              document_id: null,
              status: 'ready',
              page_count: 1,
              failure_code: null,
            },
          ]),
          received_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const theirs = await message({ from: email, user_id: id, raw_key: rawKey });
    const stranger = await message({
      from: `other-${id}@example.com`,
      user_id: null,
      raw_key: null,
    });
    const grantsBefore = await t.ctx.db
      .selectFrom('page_grants')
      .select(['id', 'source', 'pages'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(grantsBefore.map((g) => [g.source, g.pages])).toEqual([
      ['package', 20],
      ['admin', 5],
    ]);

    const reservationIds = (
      await t.ctx.db
        .selectFrom('page_reservations')
        .select('id')
        .where('user_id', '=', id)
        .execute()
    ).map((r) => r.id);

    const res = await deleteAccount(agent, password);
    expect(res.statusCode, res.body).toBe(200);

    // The ledger stays, nobody's: the printed job's 2 pages charged, the waiting job's 4 back.
    const grants = await t.ctx.db
      .selectFrom('page_grants')
      .select(['user_id', 'source', 'pages', 'remaining', 'reason'])
      .where(
        'id',
        'in',
        grantsBefore.map((g) => g.id),
      )
      .orderBy('id')
      .execute();
    expect(grants).toEqual([
      { user_id: null, source: 'package', pages: 20, remaining: 18, reason: null },
      { user_id: null, source: 'admin', pages: 5, remaining: 5, reason: null },
    ]);
    const reservations = await t.ctx.db
      .selectFrom('page_reservations')
      .select(['user_id', 'printjob_id', 'status', 'pages', 'charged'])
      .where('id', 'in', reservationIds)
      .orderBy('id')
      .execute();
    expect(reservations).toEqual([
      { user_id: null, printjob_id: null, status: 'posted', pages: 2, charged: 2 },
      { user_id: null, printjob_id: null, status: 'voided', pages: 4, charged: null },
    ]);
    expect(await checkLedger(t.ctx.db)).toEqual([]);

    // The preview images went with the document.
    expect(await t.ctx.storage.exists(preview)).toBe(false);
    // Their message keeps what happened, not who sent it or what; the stored message is gone.
    const kept = await t.ctx.db
      .selectFrom('inbound_messages')
      .select(['id', 'envelope_from', 'from_address', 'subject', 'raw_key', 'documents', 'verdict'])
      .where('id', 'in', [theirs.id, stranger.id])
      .orderBy('id')
      .execute();
    expect(kept[0]).toEqual({
      id: theirs.id,
      envelope_from: null,
      from_address: null,
      subject: null,
      raw_key: null,
      documents: [
        { name: '', document_id: null, status: 'ready', page_count: 1, failure_code: null },
      ],
      verdict: 'trusted',
    });
    expect(kept[1]).toMatchObject({
      from_address: `other-${id}@example.com`,
      subject: `CV of other-${id}@example.com`,
    });
    expect(await t.ctx.storage.exists(rawKey)).toBe(false);
    // The audit log keeps who did what, without the address or the reason naming the person.
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'user.registered',
      'user.pages_granted',
      'user.email_confirmed',
      'user.self_delete',
    ]);
    expect(audit[1]).toEqual({
      action: 'user.pages_granted',
      details: { pages: 5, valid_days: 30 },
    });
    expect(JSON.stringify(audit)).not.toContain(email);
    expect(JSON.stringify(audit)).not.toContain('Kowalska');
  });

  it('is refused while a purchase waits for the payment provider', async () => {
    const { agent, id, password } = await confirmedUser(t);
    const pkg = await t.ctx.db
      .selectFrom('packages')
      .select('id')
      .where('is_active', '=', true)
      .where('audience', '=', 'personal')
      .executeTakeFirstOrThrow();
    const started = await agent.post('/api/payments', {
      package_id: pkg.id,
      method: 'card',
      idempotency_key: `acct-delete-${id}`,
    });
    expect(started.statusCode, started.body).toBe(201);
    const refused = await deleteAccount(agent, password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'payment_in_progress',
      message:
        'One of your purchases is still waiting for the payment provider. Once it is paid or has failed, you can delete your account (its pages would be lost otherwise).',
    });
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();
    // Once the provider says it failed, the account can go.
    const { reference } = started.json<{ reference: string }>();
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['provider_reference', 'amount_minor'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const hook = await notifySandboxPayment(
      t,
      {
        reference: reference,
        provider_reference: payment.provider_reference,
        amount_minor: payment.amount_minor,
      },
      'payment.failed',
      `evt_acct_failed_${id}`,
    );
    expect(hook.json()).toMatchObject({ outcome: 'failed' });
    expect((await deleteAccount(agent, password)).statusCode).toBe(200);
  });

  it('counts wrong confirmations like failed sign-ins: locked after too many', async () => {
    const { agent, id, email, password } = await person(5);
    // An address of its own: the other tests' wrong confirmations count per address too.
    agent.remoteAddress = '192.0.2.77';
    for (let i = 0; i < t.ctx.config.signInMaxAttempts; i += 1)
      expect((await deleteAccount(agent, `guess-${i}`)).statusCode).toBe(422);
    // Even the right password now waits for the window to pass.
    const locked = await deleteAccount(agent, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();
    // The sign-in form shares the count.
    const signInAgent = new TestAgent(t.app);
    signInAgent.remoteAddress = agent.remoteAddress;
    const signIn = await signInAgent.request('POST', '/api/auth/sign-in', { email, password });
    expect(signIn.statusCode).toBe(429);
  });

  it('without a password (Facebook only): confirmed by typing the e-mail address', async () => {
    const { agent, id, email } = await person(5);
    await t.ctx.db
      .updateTable('users')
      .set({ password_hash: null, facebook_id: `fb-${id}` })
      .where('id', '=', id)
      .execute();
    const wrong = await deleteAccount(agent, 'someone@example.com');
    expect(wrong.statusCode).toBe(422);
    const res = await deleteAccount(agent, ` ${email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('is refused without a session or a CSRF token', async () => {
    const anonymous = new TestAgent(t.app);
    expect((await deleteAccount(anonymous, 'x')).statusCode).toBe(401);
    const { agent, id, password } = await person(5);
    const noCsrf = await agent.request(
      'DELETE',
      '/api/account',
      { confirmation: password },
      {
        csrf: false,
      },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();
  });
});
