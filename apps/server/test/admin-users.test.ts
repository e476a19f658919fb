import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import type { TBusEvent } from '../src/realtime/event-bus';
import { appWithDemoAdmin } from './helpers/admin';
import { makePdf } from './helpers/fixtures';
import { notifySandboxPayment } from './helpers/payments';
import { registerAndSignIn, TestAgent, uniqueEmail, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let admin: TestAgent;
let adminId: number;
const CODE = '418273';

beforeAll(async () => {
  ({ t, admin, adminId } = await appWithDemoAdmin());
});
afterAll(() => t?.close());

/** A person with pages, a printed-at-a-printer job waiting, and one more document uploaded. */
async function busyUser(prefix = 'busy') {
  const agent = new TestAgent(t.app);
  const { id, email } = await registerAndSignIn(agent, uniqueEmail(prefix));
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 30, validDays: 30 });
  await agent.upload('/ajax/documents/upload', 'first.pdf', await makePdf(2));
  const job = (await agent.get('/ajax/printjobs/current')).json();
  await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
  await t.ctx.db
    .updateTable('printers')
    .set({ agent_last_seen_at: new Date() })
    .where('direct_print_code', '=', CODE)
    .execute();
  const released = await agent.post(`/ajax/printjobs/${job.id}/print_with_code`, { code: CODE });
  expect(released.statusCode).toBe(200);
  return { agent, id, email, scheduledJobId: job.id as number };
}

describe('admin users: list and show', () => {
  it('searches by e-mail and filters by role, with the pages each one has left', async () => {
    const { email } = await busyUser('searchme');
    let res = await admin.get(`/api/admin/users?q=${encodeURIComponent(email.slice(0, 12))}`);
    expect(res.statusCode).toBe(200);
    const found = res.json().users.find((u: { email: string }) => u.email === email);
    expect(found).toMatchObject({ role: 'user', remaining_page_limit: 28, email_confirmed: false });

    res = await admin.get('/api/admin/users?role=admin');
    expect(res.json().users.map((u: { email: string }) => u.email)).toEqual([
      'admin@printomat.example',
    ]);
    res = await admin.get('/api/admin/users?q=nobody-has-this-address');
    expect(res.json()).toEqual({ users: [], paging: { page: 1, page_size: 25, total: 0 } });
    // A % typed in the search box is a character, not a wildcard.
    res = await admin.get('/api/admin/users?q=%25');
    expect(res.json().paging.total).toBe(0);
  });

  it('shows a user with the pages ledger and their print jobs', async () => {
    const { id, email, scheduledJobId } = await busyUser();
    const res = await admin.get(`/api/admin/users/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, email, remaining_page_limit: 28, has_facebook: false });
    expect(body.grants).toEqual([
      expect.objectContaining({ source: 'package', pages: 30, remaining: 28 }),
    ]);
    expect(body.printjobs).toEqual([
      expect.objectContaining({ id: scheduledJobId, status: 'scheduled', cost: 2 }),
    ]);
    expect((await admin.get('/api/admin/users/999999')).statusCode).toBe(404);
  });
});

describe('admin users: delete', () => {
  it('deletes the user with documents, files, jobs, pages and sessions; keeps payments; tells the agent', async () => {
    const { agent, id, email, scheduledJobId } = await busyUser('leaving');
    const docs = await t.ctx.db
      .selectFrom('documents')
      .select(['id', 'original_key', 'pdf_key'])
      .where('user_id', '=', id)
      .execute();
    expect(docs.length).toBe(1);
    const files = docs.flatMap((d) => [d.original_key, d.pdf_key]).filter((k) => k !== null);
    expect(files.length).toBeGreaterThan(0);
    for (const key of files) expect(await t.ctx.storage.exists(key), key).toBe(true);
    // The page previews the person looked at are files too.
    expect((await agent.get(`/api/documents/${docs[0]?.id}/pages/1.png`)).statusCode).toBe(200);
    const preview = `${docs[0]?.pdf_key}.pages/1.png`;
    expect(await t.ctx.storage.exists(preview)).toBe(true);
    const grantIds = (
      await t.ctx.db.selectFrom('page_grants').select('id').where('user_id', '=', id).execute()
    ).map((g) => g.id);
    const reservationIds = (
      await t.ctx.db
        .selectFrom('page_reservations')
        .select('id')
        .where('user_id', '=', id)
        .execute()
    ).map((r) => r.id);
    expect([grantIds.length, reservationIds.length]).toEqual([1, 1]);

    const pkg = await t.ctx.db.selectFrom('packages').select('id').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('payments')
      .values({
        reference: `test-${id}`,
        user_id: id,
        payer_email: email,
        package_id: pkg.id,
        provider: 'sandbox',
        method: 'card',
        status: 'completed',
        amount_minor: 1999,
        currency: 'PLN',
        pages: 100,
        validity_days: 30,
        idempotency_key: `key-${id}`,
        locale: 'en',
      })
      .execute();

    const printer = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', CODE)
      .executeTakeFirstOrThrow();
    const events: TBusEvent[] = [];
    const off = t.ctx.events.subscribe(`printer:${printer.id}`, (e) => events.push(e));
    const res = await admin.delete(`/api/admin/users/${id}`);
    await new Promise((r) => setTimeout(r, 20));
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, email });
    expect(events).toContainEqual({
      kind: 'job_cancelled',
      printerId: printer.id,
      jobId: scheduledJobId,
    });

    const count = async (
      table: 'documents' | 'printjobs' | 'page_grants' | 'sessions' | 'page_reservations',
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
    expect(await count('documents')).toBe(0);
    expect(await count('printjobs')).toBe(0);
    expect(await count('page_grants')).toBe(0);
    expect(await count('page_reservations')).toBe(0);
    expect(await count('sessions')).toBe(0);
    for (const key of files) expect(await t.ctx.storage.exists(key), key).toBe(false);
    expect(await t.ctx.storage.exists(preview)).toBe(false);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    // The pages ledger stays without the person: the withdrawn job's 2 pages went back.
    expect(
      await t.ctx.db
        .selectFrom('page_grants')
        .select(['user_id', 'pages', 'remaining'])
        .where('id', 'in', grantIds)
        .execute(),
    ).toEqual([{ user_id: null, pages: 30, remaining: 30 }]);
    expect(
      await t.ctx.db
        .selectFrom('page_reservations')
        .select(['user_id', 'printjob_id', 'status'])
        .where('id', 'in', reservationIds)
        .execute(),
    ).toEqual([{ user_id: null, printjob_id: null, status: 'voided' }]);

    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['user_id', 'payer_email', 'amount_minor'])
      .where('reference', '=', `test-${id}`)
      .executeTakeFirstOrThrow();
    // Kept for the accounts, without the person's address (account-erasure.service.ts).
    expect(payment).toEqual({
      user_id: null,
      payer_email: 'deleted-account@printomat.invalid',
      amount_minor: 1999,
    });

    // Their session is gone; the audit log names who was deleted (by id only) and by whom.
    expect((await agent.get('/ajax/user')).statusCode).toBe(401);
    const audit = await admin.get('/api/admin/audit-log?action=user.delete');
    expect(audit.json().entries[0]).toMatchObject({
      action: 'user.delete',
      subject_type: 'user',
      subject_id: String(id),
      details: { role: 'user', documents: 1, printjobs: 1 },
      actor: { id: adminId, email: 'admin@printomat.example' },
    });
    expect(JSON.stringify(audit.json().entries[0])).not.toContain(email);
    expect((await admin.delete(`/api/admin/users/${id}`)).statusCode).toBe(404);
  });

  it('does not wait for a purchase in progress; its late payment tells the team to refund it', async () => {
    const agent = new TestAgent(t.app);
    const { id, email } = await registerAndSignIn(agent, uniqueEmail('late-payer'));
    await t.ctx.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date() })
      .where('id', '=', id)
      .execute();
    const pkg = await t.ctx.db
      .selectFrom('packages')
      .select('id')
      .where('is_active', '=', true)
      .where('audience', '=', 'personal')
      .executeTakeFirstOrThrow();
    const started = await agent.post('/api/payments', {
      package_id: pkg.id,
      method: 'card',
      idempotency_key: `late-payer-${id}`,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = started.json<{ reference: string }>();

    expect((await admin.delete(`/api/admin/users/${id}`)).statusCode).toBe(200);

    // The provider confirms the payment afterwards.
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['id', 'provider_reference', 'amount_minor'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const hook = await notifySandboxPayment(
      t,
      {
        reference: reference,
        provider_reference: payment.provider_reference,
        amount_minor: payment.amount_minor,
      },
      'payment.completed',
      `evt_late_${id}`,
    );
    expect(hook.json()).toMatchObject({ outcome: 'completed' });
    expect(
      await t.ctx.db
        .selectFrom('payments')
        .select(['status', 'flag', 'payer_email', 'grant_id'])
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'completed',
      flag: 'payer_deleted',
      payer_email: 'deleted-account@printomat.invalid',
      grant_id: null,
    });
    // The team hears of it, in the audit log and by mail, to give the money back.
    const audit = await admin.get('/api/admin/audit-log?action=payment.payer_deleted');
    expect(audit.json().entries[0]).toMatchObject({
      subject_type: 'payment',
      subject_id: String(payment.id),
      details: { reference, amount_minor: payment.amount_minor, refund_needed: true },
    });
    const mail = await t.smtp.waitFor(t.ctx.config.teamEmail, (m) => m.subject.includes(reference));
    expect(mail.subject).toMatch(/^Refund needed: payment /);
    expect(mail.text).toContain('please refund the payment at the provider');
    expect(mail.text).not.toContain(email);
  });

  it('refuses to delete the signed-in admin themself', async () => {
    const res = await admin.delete(`/api/admin/users/${adminId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot delete your own account here.');
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('id', '=', adminId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('deletes another administrator while one remains', async () => {
    const other = new TestAgent(t.app);
    const { id } = await registerAndSignIn(other, uniqueEmail('second-admin'));
    await t.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', id).execute();
    const res = await admin.delete(`/api/admin/users/${id}`);
    expect(res.statusCode).toBe(200);
    const admins = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ id: adminId }]);
  });

  it('is refused to people who are not admins', async () => {
    const { agent } = await busyUser('notadmin');
    const res = await agent.delete(`/api/admin/users/${adminId}`);
    expect(res.statusCode).toBe(403);
  });
});
