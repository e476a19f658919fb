import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CLOSE } from '@printomat/shared';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, type TestAgent, type TTestApp } from './helpers/test-app';

// Admin fixes of issue 18 point 7: a minion id typed on a printer before its agent ever
// connected, and attaching a detected agent to a printer that had another minion id.

let t: TTestApp;
let serverUrl: string;
let admin: TestAgent;
let printers: Array<{ id: number; name: string }>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signInDemoAdmin(t.app);
  printers = await t.ctx.db
    .selectFrom('printers')
    .select(['id', 'name'])
    .where('minion_id', 'is', null)
    .orderBy('id')
    .limit(3)
    .execute();
  expect(printers).toHaveLength(3);
});
afterAll(() => t?.close());

/** What the printer form saves when an admin types a minion id (no agent secret comes with it). */
const typeMinionId = (printerId: number, minionId: string) =>
  t.ctx.db
    .updateTable('printers')
    .set({ minion_id: minionId })
    .where('id', '=', printerId)
    .execute();

const auditOf = (printerId: number) =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_type', '=', 'printer')
    .where('subject_id', '=', String(printerId))
    .where('action', '=', 'printer.register_agent')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('a minion id typed on a printer before its agent connected', () => {
  it('shows the agent as detected, naming the printer, and attaching it there lets it in', async () => {
    const [typed, other] = printers as [(typeof printers)[0], (typeof printers)[0]];
    await typeMinionId(typed.id, 'kiosk-typed-early');

    // The agent is not locked out: it waits as a detected printer.
    const agent = await rawAgent(serverUrl, 'kiosk-typed-early', 'the-secret-of-this-kiosk');
    expect((await agent.next('detected')).heartbeatMs).toBeGreaterThan(0);

    const listed = (await admin.get('/api/admin/printers/detected')).json().detected;
    expect(listed).toContainEqual(
      expect.objectContaining({
        minion_id: 'kiosk-typed-early',
        claimed_by: { id: typed.id, name: typed.name },
      }),
    );

    // Attaching it to another printer is refused, naming the printer that has the id.
    const elsewhere = await admin.post(`/api/admin/printers/${other.id}/register_agent`, {
      minion_id: 'kiosk-typed-early',
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(
      `Minion ID kiosk-typed-early is set on ${typed.name}: attach the agent to that printer, or remove the minion ID there first.`,
    );

    const attached = await admin.post(`/api/admin/printers/${typed.id}/register_agent`, {
      minion_id: 'kiosk-typed-early',
    });
    expect(attached.json()).toEqual({
      id: typed.id,
      minion_id: 'kiosk-typed-early',
      api_version: 3,
    });
    expect(await agent.closed).toBe(AGENT_CLOSE.registered);
    const again = await rawAgent(serverUrl, 'kiosk-typed-early', 'the-secret-of-this-kiosk');
    expect((await again.next('welcome')).printerId).toBe(typed.id);
    again.close();
    expect((await auditOf(typed.id)).details).toEqual({
      minion_id: 'kiosk-typed-early',
      previous_minion_id: 'kiosk-typed-early',
    });
    expect((await admin.get('/api/admin/printers/detected')).json().detected).not.toContainEqual(
      expect.objectContaining({ minion_id: 'kiosk-typed-early' }),
    );
  });

  it('still refuses a wrong secret once the printer has its own agent secret', async () => {
    const printer = printers[2] as (typeof printers)[0];
    await issueAgentSecret(t.ctx, null, printer.id, 'kiosk-with-secret');
    const intruder = await rawAgent(serverUrl, 'kiosk-with-secret', 'not-the-issued-secret');
    expect(await intruder.closed).toBe(AGENT_CLOSE.unauthorized);
    const listed = (await admin.get('/api/admin/printers/detected')).json().detected;
    expect(listed).not.toContainEqual(expect.objectContaining({ minion_id: 'kiosk-with-secret' }));
  });
});

describe('attaching a detected agent to a printer that has another minion id', () => {
  it('replaces the id, disconnects the old agent and names the old id in the audit row', async () => {
    const printer = printers[1] as (typeof printers)[0];
    const old = await issueAgentSecret(t.ctx, null, printer.id, 'kiosk-old-board');
    const oldAgent = await rawAgent(serverUrl, old.minionId, old.secret);
    expect((await oldAgent.next('welcome')).printerId).toBe(printer.id);
    const newAgent = await rawAgent(serverUrl, 'kiosk-new-board', 'secret-of-the-new-board');
    await newAgent.next('detected');

    const attached = await admin.post(`/api/admin/printers/${printer.id}/register_agent`, {
      minion_id: 'kiosk-new-board',
    });
    expect(attached.statusCode).toBe(200);
    expect(await oldAgent.closed).toBe(AGENT_CLOSE.unauthorized);
    expect((await auditOf(printer.id)).details).toEqual({
      minion_id: 'kiosk-new-board',
      previous_minion_id: 'kiosk-old-board',
    });
    // The old board can no longer sign in as the printer; the new one can.
    const stale = await rawAgent(serverUrl, old.minionId, old.secret);
    expect(await stale.next('detected')).toBeTruthy();
    stale.close();
    const fresh = await rawAgent(serverUrl, 'kiosk-new-board', 'secret-of-the-new-board');
    expect((await fresh.next('welcome')).printerId).toBe(printer.id);
    fresh.close();
  });
});

describe('a new agent secret with a minion id another printer holds', () => {
  const agentColumnsOf = (printerId: number) =>
    t.ctx.db
      .selectFrom('printers')
      .select(['minion_id', 'agent_secret_hash', 'api_version', 'updated_at'])
      .where('id', '=', printerId)
      .executeTakeFirstOrThrow();

  it('is refused in the admin’s language, naming that printer, and changes neither printer', async () => {
    const holder = printers[2] as (typeof printers)[0];
    const other = printers[1] as (typeof printers)[0];
    const holderBefore = await agentColumnsOf(holder.id);
    const otherBefore = await agentColumnsOf(other.id);
    expect(holderBefore.minion_id).toBe('kiosk-with-secret');

    const english = await admin.post(`/api/admin/printers/${other.id}/agent_secret`, {
      minion_id: 'kiosk-with-secret',
    });
    expect(english.statusCode).toBe(409);
    expect(english.json().message).toBe(
      `Minion ID kiosk-with-secret is set on ${holder.name}: attach the agent to that printer, or remove the minion ID there first.`,
    );
    const polishAdmin = await signInDemoAdmin(t.app, 'pl');
    const polish = await polishAdmin.post(`/api/admin/printers/${other.id}/agent_secret`, {
      minion_id: 'kiosk-with-secret',
    });
    expect(polish.statusCode).toBe(409);
    expect(polish.json().message).toBe(
      `Minion ID kiosk-with-secret jest ustawiony w drukarce ${holder.name}: przypisz agenta do tej drukarki albo najpierw usuń tam minion ID.`,
    );

    expect(await agentColumnsOf(holder.id)).toEqual(holderBefore);
    expect(await agentColumnsOf(other.id)).toEqual(otherBefore);
  });

  it('given to two printers at once, goes to one of them and is refused to the other', async () => {
    const [first, second] = [printers[0], printers[1]] as [
      (typeof printers)[0],
      (typeof printers)[0],
    ];
    const results = await Promise.allSettled([
      issueAgentSecret(t.ctx, null, first.id, 'kiosk-both-admins'),
      issueAgentSecret(t.ctx, null, second.id, 'kiosk-both-admins'),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      code: 'minion_id_taken',
    });
    const holders = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('minion_id', '=', 'kiosk-both-admins')
      .execute();
    expect(holders).toHaveLength(1);
  });
});
