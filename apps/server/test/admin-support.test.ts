import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { appWithDemoAdmin, signInDemoAdmin } from './helpers/admin';
import { makePdf } from './helpers/fixtures';
import { linkFrom } from './helpers/smtp';
import { registerAndSignIn, TestAgent, uniqueEmail, type TTestApp } from './helpers/test-app';

// Support tools for admins (issue 17 point 6): pages given and refunded with a reason, the
// confirmation e-mail, blocking, CSV exports. PGlite here; PostgreSQL in the integration-pg run.

let t: TTestApp;
let admin: TestAgent;
let adminId: number;
const CODE = '418273';
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  ({ t, admin, adminId } = await appWithDemoAdmin());
});
afterAll(() => t?.close());

async function person(prefix = 'person') {
  const agent = new TestAgent(t.app);
  const user = await registerAndSignIn(agent, uniqueEmail(prefix), PASSWORD);
  return { agent, ...user };
}

/** A person whose 2-page job was released and then marked printed: 2 of their 30 pages charged. */
async function printedJob(prefix = 'printed') {
  const p = await person(prefix);
  await grantPages(t.ctx.db, { userId: p.id, source: 'package', pages: 30, validDays: 30 });
  await p.agent.upload('/ajax/documents/upload', 'report.pdf', await makePdf(2));
  const job = (await p.agent.get('/ajax/printjobs/current')).json();
  await p.agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
  await t.ctx.db
    .updateTable('printers')
    .set({ agent_last_seen_at: new Date() })
    .where('direct_print_code', '=', CODE)
    .execute();
  const released = await p.agent.post(`/ajax/printjobs/${job.id}/print_with_code`, { code: CODE });
  expect(released.statusCode).toBe(200);
  const printed = await admin.post(`/api/admin/printjobs/${job.id}/mark_printed`, {});
  expect(printed.statusCode).toBe(200);
  return { ...p, jobId: job.id as number };
}

const remaining = async (agent: TestAgent) =>
  (await agent.get('/ajax/user')).json().remaining_page_limit as number;

function auditOf(action: string, subjectId: number | string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('subject_id', '=', String(subjectId))
    .execute();
}

describe('giving pages', () => {
  it('adds pages with the reason to the ledger, valid for the days asked (30 by default)', async () => {
    const p = await person();
    const before = Date.now();
    let res = await admin.post(`/api/admin/users/${p.id}/grants`, {
      pages: 12,
      valid_days: 10,
      reason: 'Printer jammed on Monday',
    });
    expect(res.statusCode).toBe(200);
    res = await admin.post(`/api/admin/users/${p.id}/grants`, { pages: 3, reason: 'Goodwill' });
    expect(res.statusCode).toBe(200);
    expect(await remaining(p.agent)).toBe(15);

    const detail = (await admin.get(`/api/admin/users/${p.id}`)).json();
    expect(detail.remaining_page_limit).toBe(15);
    const [goodwill, jam] = detail.grants;
    expect(jam).toMatchObject({
      source: 'admin',
      pages: 12,
      remaining: 12,
      reason: 'Printer jammed on Monday',
      printjob_id: null,
    });
    expect(goodwill).toMatchObject({ source: 'admin', pages: 3, reason: 'Goodwill' });
    const days = (iso: string) => (Date.parse(iso) - before) / 86_400_000;
    expect(days(jam.expires_at)).toBeGreaterThan(9.99);
    expect(days(jam.expires_at)).toBeLessThan(10.01);
    expect(days(goodwill.expires_at)).toBeGreaterThan(29.99);
    expect(days(goodwill.expires_at)).toBeLessThan(30.01);

    const audit = await auditOf('user.pages_granted', p.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_user_id: adminId, subject_type: 'user' });
    expect(audit.map((a) => a.details)).toContainEqual({
      pages: 12,
      valid_days: 10,
      reason: 'Printer jammed on Monday',
    });
  });

  it('needs a reason and a positive number of pages; nobody else but admins may', async () => {
    const p = await person();
    let res = await admin.post(`/api/admin/users/${p.id}/grants`, { pages: 5, reason: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reason).toEqual(["can't be blank"]);
    res = await admin.post(`/api/admin/users/${p.id}/grants`, { pages: 0, reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['pages']);
    res = await admin.post('/api/admin/users/999999/grants', { pages: 5, reason: 'x' });
    expect(res.statusCode).toBe(404);
    res = await p.agent.post(`/api/admin/users/${p.id}/grants`, { pages: 500, reason: 'me' });
    expect(res.statusCode).toBe(403);
    expect(await remaining(p.agent)).toBe(0);
  });
});

describe('refunding a print job', () => {
  it('gives back at most what the job charged, once, with the reason in the ledger', async () => {
    const p = await printedJob();
    expect(await remaining(p.agent)).toBe(28);
    let state = (await admin.get(`/api/admin/printjobs/${p.jobId}/refund`)).json();
    expect(state).toEqual({ charged_pages: 2, refund: null });

    let res = await admin.post(`/api/admin/printjobs/${p.jobId}/refund`, {
      pages: 3,
      reason: 'Smudged',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('At most 2 pages can be refunded: what the job was charged.');

    res = await admin.post(`/api/admin/printjobs/${p.jobId}/refund`, {
      reason: 'Toner streaks on every page',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, pages: 2 });
    expect(await remaining(p.agent)).toBe(30);

    const detail = (await admin.get(`/api/admin/users/${p.id}`)).json();
    expect(detail.grants[0]).toMatchObject({
      source: 'refund',
      pages: 2,
      remaining: 2,
      reason: 'Toner streaks on every page',
      printjob_id: p.jobId,
    });
    state = (await admin.get(`/api/admin/printjobs/${p.jobId}/refund`)).json();
    expect(state.refund).toMatchObject({ pages: 2, reason: 'Toner streaks on every page' });

    // A second refund is refused, in the admin's language.
    const german = await signInDemoAdmin(t.app, 'de');
    res = await german.post(`/api/admin/printjobs/${p.jobId}/refund`, { reason: 'again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'already_refunded',
      message: 'Die Seiten dieses Druckauftrags wurden bereits erstattet.',
    });
    expect(await remaining(p.agent)).toBe(30);

    const audit = await auditOf('printjob.pages_refunded', p.jobId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: adminId, subject_type: 'printjob' });
    expect(audit[0]?.details).toMatchObject({ user_id: p.id, pages: 2, charged: 2 });
  });

  it('refunds a job once when two admins click at the same moment', async () => {
    const p = await printedJob('race');
    const other = await signInDemoAdmin(t.app);
    const answers = await Promise.all([
      admin.post(`/api/admin/printjobs/${p.jobId}/refund`, { pages: 1, reason: 'one' }),
      other.post(`/api/admin/printjobs/${p.jobId}/refund`, { pages: 1, reason: 'two' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await remaining(p.agent)).toBe(29);
    const refunds = await t.ctx.db
      .selectFrom('page_grants')
      .select('pages')
      .where('printjob_id', '=', p.jobId)
      .execute();
    expect(refunds).toEqual([{ pages: 1 }]);
  });

  it('refuses a job that charged nothing', async () => {
    const p = await person('nothing');
    await grantPages(t.ctx.db, { userId: p.id, source: 'package', pages: 5, validDays: 30 });
    await p.agent.upload('/ajax/documents/upload', 'a.pdf', await makePdf(1));
    const job = (await p.agent.get('/ajax/printjobs/current')).json();
    const res = await admin.post(`/api/admin/printjobs/${job.id}/refund`, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'nothing_to_refund',
      message: 'This print job was not charged any pages, so there is nothing to refund.',
    });
    expect(await remaining(p.agent)).toBe(5);
    expect(
      (await admin.post('/api/admin/printjobs/999999/refund', { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('e-mail confirmation', () => {
  it('sends a fresh confirmation link that confirms the address', async () => {
    const p = await person('resend');
    const sentBefore = t.smtp.mails.filter((m) => m.to.includes(p.email)).length;
    const res = await admin.post(`/api/admin/users/${p.id}/resend-confirmation`, {});
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => t.smtp.mails.filter((m) => m.to.includes(p.email)).length, { timeout: 10_000 })
      .toBe(sentBefore + 1);
    const mails = t.smtp.mails.filter((m) => m.to.includes(p.email));
    const link = linkFrom(mails[mails.length - 1]!, '/confirm-email');
    const token = new URL(link).searchParams.get('token');
    const confirmed = await new TestAgent(t.app).post('/api/auth/confirm-email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users/${p.id}`)).json().email_confirmed).toBe(true);
    expect(await auditOf('user.confirmation_resent', p.id)).toHaveLength(1);

    const again = await admin.post(`/api/admin/users/${p.id}/resend-confirmation`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This e-mail address is already confirmed.');
  });

  it('confirms an address by hand, once', async () => {
    const p = await person('byhand');
    expect((await admin.get(`/api/admin/users/${p.id}`)).json().email_confirmed).toBe(false);
    expect((await admin.post(`/api/admin/users/${p.id}/confirm-email`, {})).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users/${p.id}`)).json().email_confirmed).toBe(true);
    expect((await p.agent.get('/api/session')).json().user.email_confirmed).toBe(true);
    expect((await admin.post(`/api/admin/users/${p.id}/confirm-email`, {})).statusCode).toBe(409);
    const audit = await auditOf('user.email_confirmed', p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: adminId });
  });
});

describe('blocking an account', () => {
  it('ends its sessions and refuses every sign-in until it is unblocked', async () => {
    const p = await person('blockme');
    const phone = new TestAgent(t.app);
    const phoneSignIn = await phone.post('/ajax/session', {
      email: p.email,
      password: PASSWORD,
      is_mobile_app: true,
    });
    expect(phoneSignIn.statusCode).toBe(200);
    expect((await phone.get('/ajax/user')).statusCode).toBe(200);

    let res = await admin.post(`/api/admin/users/${p.id}/block`, { reason: 'Card fraud' });
    expect(res.statusCode).toBe(200);
    expect((await p.agent.get('/api/session')).json().user).toBeNull();
    expect((await phone.get('/ajax/user')).statusCode).toBe(401);
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', p.id)
      .execute();
    expect(sessions).toEqual([]);

    const browser = new TestAgent(t.app);
    browser.acceptLanguage = 'pl';
    res = await browser.post('/api/auth/sign-in', { email: p.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'account_blocked',
      message: 'To konto zostało zablokowane. Skontaktuj się z obsługą.',
    });
    expect(browser.cookies.has('sid')).toBe(false);
    res = await new TestAgent(t.app).post('/ajax/session', {
      email: p.email,
      password: PASSWORD,
      is_mobile_app: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account has been blocked. Please contact support.');
    // A wrong password still says only that: the block is no answer to a guess.
    res = await new TestAgent(t.app).post('/api/auth/sign-in', { email: p.email, password: 'x' });
    expect(res.json().code).toBe('invalid_credentials');

    // A reset link does not get a blocked account back in either.
    await new TestAgent(t.app).post('/api/auth/forgot-password', { email: p.email });
    const isReset = (m: { to: string; text: string }) =>
      m.to.includes(p.email) && m.text.includes('/reset-password?token=');
    await expect.poll(() => t.smtp.mails.some(isReset), { timeout: 10_000 }).toBe(true);
    const token = new URL(
      linkFrom(t.smtp.mails.find(isReset)!, '/reset-password'),
    ).searchParams.get('token');
    const reset = new TestAgent(t.app);
    res = await reset.post('/api/auth/reset-password', {
      token,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(res.statusCode).toBe(403);
    expect(reset.cookies.has('sid')).toBe(false);

    const detail = (await admin.get(`/api/admin/users/${p.id}`)).json();
    expect(detail.blocked_at).toEqual(expect.any(String));
    const blocked = await auditOf('user.blocked', p.id);
    expect(blocked).toHaveLength(1);
    expect(blocked[0]?.details).toMatchObject({ reason: 'Card fraud', sessions_ended: 2 });
    expect((await admin.post(`/api/admin/users/${p.id}/block`, {})).statusCode).toBe(409);

    res = await admin.post(`/api/admin/users/${p.id}/unblock`, {});
    expect(res.statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users/${p.id}`)).json().blocked_at).toBeNull();
    res = await new TestAgent(t.app).post('/api/auth/sign-in', {
      email: p.email,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(await auditOf('user.unblocked', p.id)).toHaveLength(1);
    expect((await admin.post(`/api/admin/users/${p.id}/unblock`, {})).statusCode).toBe(409);
  });

  it('refuses a session a sign-in started while the block was being written', async () => {
    const p = await person('racer');
    await t.ctx.db
      .updateTable('users')
      .set({ blocked_at: new Date() })
      .where('id', '=', p.id)
      .execute();
    // The session the person had before (the block below did not go through the admin route).
    expect((await p.agent.get('/api/session')).json().user).toBeNull();
  });

  it('does not let an admin block themselves', async () => {
    const res = await admin.post(`/api/admin/users/${adminId}/block`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot block your own account.');
    expect((await admin.get('/api/session')).json().user.id).toBe(adminId);
  });
});

describe('CSV exports', () => {
  const today = new Date().toISOString().slice(0, 10);
  const range = `from=${today}&to=${today}`;
  const lines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

  it('exports print jobs as UTF-8 CSV with a BOM, quoted and formula-safe', async () => {
    const p = await printedJob('csv');
    await admin.post(`/api/admin/printjobs/${p.jobId}/refund`, { pages: 1, reason: 'csv' });
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select(['id', 'name'])
      .where('direct_print_code', '=', CODE)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('printers')
      .set({ name: '=HYPERLINK("http://evil.example","Złote, Tarasy")' })
      .where('id', '=', printer.id)
      .execute();
    try {
      const res = await admin.get(`/api/admin/exports/printjobs.csv?${range}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="printomat-printjobs-${today}-${today}.csv"`,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const rows = lines(res.body);
      const header = rows[0]!.split(',');
      expect(header).toContain('charged_pages');
      const row = rows.find((r) => r.startsWith(`${p.jobId},`));
      expect(row).toContain(p.email);
      expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Złote, Tarasy"")"`);
      // charged_pages, refunded_pages
      const cells = row!.match(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)!.map((c) => c.replace(/^,/, ''));
      expect(cells[header.indexOf('charged_pages')]).toBe('2');
      expect(cells[header.indexOf('refunded_pages')]).toBe('1');
      expect(cells[header.indexOf('status')]).toBe('archived');

      const stats = await admin.get(`/api/admin/exports/printer-statistics.csv?${range}`);
      expect(stats.statusCode).toBe(200);
      const statRows = lines(stats.body);
      const statHeader = statRows[0]!.split(',');
      expect(statHeader.slice(0, 3)).toEqual(['month', 'printer_id', 'printer_name']);
      const statRow = statRows.find((r) => r.includes(`,${printer.id},`));
      expect(statRow).toMatch(new RegExp(`^${today.slice(0, 7)},${printer.id},"'=HYPERLINK`));
    } finally {
      await t.ctx.db
        .updateTable('printers')
        .set({ name: printer.name })
        .where('id', '=', printer.id)
        .execute();
    }

    // A range that ended yesterday has none of today's jobs.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const old = await admin.get(
      `/api/admin/exports/printjobs.csv?from=${yesterday}&to=${yesterday}`,
    );
    expect(lines(old.body).some((r) => r.startsWith(`${p.jobId},`))).toBe(false);
  });

  it('exports payments and users of the range', async () => {
    const p = await person('payer');
    const pkg = await t.ctx.db.selectFrom('packages').select('id').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('payments')
      .values({
        reference: `PAY-${p.id}`,
        user_id: p.id,
        payer_email: '@SUM(1+1)*cmd@example.com',
        package_id: pkg.id,
        provider: 'sandbox',
        method: 'card',
        // Failed: a completed one would need its grant (the ledger check after the file).
        status: 'failed',
        failure_code: 'card_declined',
        amount_minor: 1999,
        currency: 'PLN',
        pages: 50,
        validity_days: 30,
        idempotency_key: `idem-${p.id}`,
        locale: 'pl',
      })
      .execute();
    const payments = await admin.get(`/api/admin/exports/payments.csv?${range}`);
    expect(payments.statusCode).toBe(200);
    const row = lines(payments.body).find((r) => r.startsWith(`PAY-${p.id},`));
    expect(row).toContain(',failed,card_declined,');
    expect(row).toContain(",'@SUM(1+1)*cmd@example.com,sandbox,");
    expect(row).toContain(',card,19.99,PLN,');

    await admin.post(`/api/admin/users/${p.id}/grants`, { pages: 7, reason: 'csv' });
    const users = await admin.get(`/api/admin/exports/users.csv?${range}`);
    const usersRows = lines(users.body);
    expect(usersRows[0]).toBe(
      'id,email,role,locale,created_at,email_confirmed_at,last_login_at,last_login_mobile,blocked_at,premium,facebook,referred_by_user_id,remaining_pages',
    );
    const userRow = usersRows.find((r) => r.startsWith(`${p.id},`));
    expect(userRow).toMatch(new RegExp(`^${p.id},${p.email.replace(/\./g, '\\.')},user,en,`));
    expect(userRow!.endsWith(',false,false,,7')).toBe(true);
    // The seeded admin was created before… today too; guests never appear.
    expect(usersRows.some((r) => r.includes(',guest,'))).toBe(false);

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['subject_id', 'details'])
      .where('action', '=', 'export.downloaded')
      .execute();
    expect(audit.map((a) => a.subject_id)).toEqual(expect.arrayContaining(['payments', 'users']));
  });

  it('checks the range and lets only admins download', async () => {
    let res = await admin.get('/api/admin/exports/users.csv?from=2025-02-01&to=2025-01-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.to).toEqual(['must not be before the start date']);
    res = await admin.get('/api/admin/exports/users.csv?from=2023-01-01&to=2025-01-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.to).toEqual(['covers at most 366 days']);
    res = await admin.get('/api/admin/exports/users.csv?from=2025-01-01');
    expect(res.statusCode).toBe(422);
    expect((await admin.get(`/api/admin/exports/secrets.csv?${range}`)).statusCode).toBe(422);

    const p = await person('nosy');
    expect((await p.agent.get(`/api/admin/exports/users.csv?${range}`)).statusCode).toBe(403);
    expect(
      (await new TestAgent(t.app).get(`/api/admin/exports/users.csv?${range}`)).statusCode,
    ).toBe(401);
  });
});
