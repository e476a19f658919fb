import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_VERSION, PrinterAgent, type TAgentLog } from '../../agent/src/agent';
import { runDoctor } from '../../agent/src/cli/doctor';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { seedDemoData } from '../src/seed/seed';
import { rawAgent } from './helpers/raw-agent';
import { until } from './helpers/http-session';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

const quiet: TAgentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CODE = '418273'; // Złote Tarasy in the demo data

let t: TTestApp;
let serverUrl: string;
let printerId: number;
let stateDir: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const row = await t.ctx.db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', CODE)
    .executeTakeFirstOrThrow();
  printerId = row.id;
  stateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-agent-version-'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(stateDir, { recursive: true, force: true });
});

async function adminPrinter(admin: TestAgent): Promise<{ agent_version: string | null }> {
  const res = await admin.get(`/api/admin/printers/${printerId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('agent version', () => {
  it('is stored from the hello and shown in the admin printer API', async () => {
    const admin = new TestAgent(t.app);
    const signIn = await admin.post('/api/auth/sign-in', {
      email: 'admin@printomat.example',
      password: 'admin-demo-2026',
    });
    expect(signIn.statusCode).toBe(200);
    // No agent has connected yet.
    expect((await adminPrinter(admin)).agent_version).toBeNull();

    const credentials = await issueAgentSecret(t.ctx, null, printerId, 'kiosk-version');
    const agent = new PrinterAgent({
      serverUrl,
      // Nothing listens there: the agent still says hello (its printer unreachable).
      printerUri: 'ipp://127.0.0.1:9/ipp/print',
      stateDir,
      minionId: credentials.minionId,
      secret: credentials.secret,
      log: quiet,
    });
    await agent.start();
    try {
      await agent.waitFor('online');
      expect((await adminPrinter(admin)).agent_version).toBe(AGENT_VERSION);
    } finally {
      await agent.stop();
    }

    // An agent upgraded (or downgraded) at the kiosk: the next hello's version replaces it.
    const raw = await rawAgent(serverUrl, credentials.minionId, credentials.secret);
    await raw.next('welcome');
    await until(async () =>
      (await adminPrinter(admin)).agent_version === 'test' ? true : undefined,
    );
    raw.close();
  });

  it("doctor checks the link with the agent's credentials", async () => {
    const credentials = await issueAgentSecret(t.ctx, null, printerId, 'kiosk-doctor');
    const settings = {
      serverUrl,
      minionId: credentials.minionId,
      secret: credentials.secret,
      printerUri: 'ipp://127.0.0.1:9/ipp/print',
      stateDir,
      configFile: null,
    };
    const link = async (secret: string) =>
      (await runDoctor({ ...settings, secret }, { out: () => undefined })).checks.find(
        (c) => c.title === 'server link',
      );
    expect(await link(credentials.secret)).toEqual({
      status: 'ok',
      title: 'server link',
      detail: expect.stringMatching(new RegExp(`knows this agent as printer #${printerId} "`)),
    });
    expect(await link('not-the-secret-of-this-printer')).toEqual({
      status: 'fail',
      title: 'server link',
      detail: `${serverUrl} refused this agent: its minion id (kiosk-doctor) or secret does not match`,
    });
  });
});
