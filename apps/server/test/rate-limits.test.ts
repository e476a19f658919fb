import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../src/db/database';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { seedDemoData } from '../src/seed/seed';
import { createTestDatabase } from './helpers/database';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import {
  createTestApp,
  registerAndSignIn,
  TestAgent,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';

// Small limits, so each is reached in a few requests. Every test uses its own client addresses
// (app.inject's remoteAddress), so the per-address counters of one test do not touch another's.
const LIMITS = {
  RATE_LIMIT_CODE_PER_PERSON: '3/10m',
  RATE_LIMIT_CODE_PER_IP: '5/10m',
  RATE_LIMIT_RELEASE_PER_PERSON: '4/10m',
  RATE_LIMIT_SIGNUP_PER_IP: '3/1h',
  RATE_LIMIT_CONFIRMATION_MAIL_PER_ADDRESS: '2/1h',
  RATE_LIMIT_UPLOAD_PER_PERSON: '2/10m',
  RATE_LIMIT_AGENT_HELLO_PER_IP: '2/10m',
  SIGNIN_MAX_ATTEMPTS_PER_IP: '20',
};
const CODE = '418273'; // Złote Tarasy in the demo data
const WRONG = '000000';

let database: TDatabase;
let t: TTestApp;
/** A second server instance on the same database: limits must hold across instances. */
let other: TTestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(LIMITS, { database });
  other = await createTestApp(LIMITS, { database });
  await seedDemoData(t.ctx.db);
  await t.ctx.db
    .updateTable('printers')
    .set({ agent_last_seen_at: new Date(Date.now() + 3_600_000) })
    .where('direct_print_code', '=', CODE)
    .execute();
});
afterAll(async () => {
  await t?.close();
  await other?.close();
  await database?.close();
});

let addressCounter = 0;
/** A client address used by no other test. */
const freshIp = () => `198.51.100.${++addressCounter}`;

/** A person (from `ip`) with pages and a confirmed one-page job. */
async function personWithJob(ip: string, app = t) {
  const agent = new TestAgent(app.app);
  agent.remoteAddress = ip;
  const { id } = await registerAndSignIn(agent);
  await grantPages(app.ctx.db, { userId: id, source: 'package', pages: 20, validDays: 30 });
  const upload = await agent.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(1));
  expect(upload.statusCode, upload.body).toBe(201);
  const job = (await agent.get('/ajax/printjobs/current')).json();
  const submitted = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { agent, userId: id, jobId: job.id as number };
}

const withCode = (agent: TestAgent, jobId: number, code: string) =>
  agent.post(`/ajax/printjobs/${jobId}/print_with_code`, { code });

function expectLimited(res: Awaited<ReturnType<TestAgent['get']>>, message?: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().code).toBe('rate_limited');
  if (message) expect(res.json().message).toBe(message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('print codes', () => {
  it('refuses a person after 3 attempts, even the right code, in their language', async () => {
    const { agent, jobId } = await personWithJob(freshIp());
    await agent.put('/api/account/locale', { locale: 'pl' });
    for (let i = 0; i < 3; i++) expect((await withCode(agent, jobId, WRONG)).statusCode).toBe(404);
    const right = await withCode(agent, jobId, CODE);
    expectLimited(right, 'Zbyt wiele prób. Spróbuj ponownie za 10 minut.');
    await agent.put('/api/account/locale', { locale: 'de' });
    expectLimited(
      await withCode(agent, jobId, CODE),
      'Zu viele Versuche. Versuche es in 10 Minuten erneut.',
    );
    await agent.put('/api/account/locale', { locale: 'en' });
    expectLimited(
      await withCode(agent, jobId, CODE),
      'Too many attempts. Try again in 10 minutes.',
    );
    // The same person from another address is still limited: the limit is per person too.
    agent.remoteAddress = freshIp();
    expectLimited(await withCode(agent, jobId, CODE));

    // Someone else is not affected.
    const bystander = await personWithJob(freshIp());
    expect((await withCode(bystander.agent, bystander.jobId, CODE)).statusCode).toBe(200);

    // Once the window is over, the person may try again.
    await t.ctx.db
      .updateTable('rate_limits')
      .set({ window_ends_at: new Date(Date.now() - 1_000) })
      .where('bucket', 'like', 'print_code:%')
      .execute();
    expect((await withCode(agent, jobId, CODE)).statusCode).toBe(200);
  });

  it('refuses an address after 5 attempts, whoever tries', async () => {
    const ip = freshIp();
    const people = [await personWithJob(ip), await personWithJob(ip), await personWithJob(ip)];
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    for (const p of [a, a, b, b, c])
      expect((await withCode(p.agent, p.jobId, WRONG)).statusCode).toBe(404);
    expectLimited(await withCode(c.agent, c.jobId, CODE));
    // Person c from elsewhere is not limited by that address.
    c.agent.remoteAddress = freshIp();
    expect((await withCode(c.agent, c.jobId, CODE)).statusCode).toBe(200);
  });

  it('does not count a code that released the job against the address', async () => {
    const shared = freshIp(); // a campus or a mobile network: many people, one address
    const people = [];
    for (let i = 0; i < 7; i++) people.push(await personWithJob(freshIp()));
    for (const p of people.slice(0, 6)) {
      p.agent.remoteAddress = shared;
      expect((await withCode(p.agent, p.jobId, CODE)).statusCode).toBe(200);
    }
    const last = people[6]!;
    last.agent.remoteAddress = shared;
    for (let i = 0; i < 3; i++)
      expect((await withCode(last.agent, last.jobId, WRONG)).statusCode).toBe(404);
    // Wrong codes still count: the address has used 3 of its 5 (the successes were taken
    // back), the person all of their 3.
    expectLimited(await withCode(last.agent, last.jobId, CODE));
  });

  it('counts attempts on two server instances sharing the database together', async () => {
    const ip = freshIp();
    const { agent, jobId } = await personWithJob(ip);
    // The session lives in the database, so the same cookies work on the other instance.
    const elsewhere = new TestAgent(other.app);
    elsewhere.remoteAddress = ip;
    for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
    expect((await withCode(agent, jobId, WRONG)).statusCode).toBe(404);
    expect((await withCode(elsewhere, jobId, WRONG)).statusCode).toBe(404);
    expect((await withCode(agent, jobId, WRONG)).statusCode).toBe(404);
    expectLimited(await withCode(elsewhere, jobId, CODE));
    expectLimited(await withCode(agent, jobId, CODE));
  });

  it('counts a burst of concurrent attempts exactly', async () => {
    const { agent, jobId } = await personWithJob(freshIp());
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => withCode(agent, jobId, WRONG)),
    );
    expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });
});

describe('releasing from the phone', () => {
  it('limits release attempts per person', async () => {
    const { agent, jobId } = await personWithJob(freshIp());
    for (let i = 0; i < 4; i++) {
      const res = await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: 999_999 });
      expect(res.statusCode).toBe(404);
    }
    expectLimited(await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: 999_999 }));
  });
});

describe('sign-up and confirmation mails', () => {
  const signUp = (agent: TestAgent, email = uniqueEmail()) =>
    agent.post('/api/auth/register', {
      email,
      email_confirmation: email,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    });

  it('limits sign-ups per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const agent = new TestAgent(t.app);
      agent.remoteAddress = ip;
      expect((await signUp(agent)).statusCode).toBe(201);
    }
    const agent = new TestAgent(t.app);
    agent.remoteAddress = ip;
    expectLimited(await signUp(agent));
    // On the other instance too.
    const elsewhere = new TestAgent(other.app);
    elsewhere.remoteAddress = ip;
    expectLimited(await signUp(elsewhere));
    agent.remoteAddress = freshIp();
    expect((await signUp(agent)).statusCode).toBe(201);
  });

  it('sends at most 2 confirmation mails per address (sign-up included)', async () => {
    const agent = new TestAgent(t.app);
    agent.remoteAddress = freshIp();
    const { id, email } = await registerAndSignIn(agent);
    expect((await agent.post('/api/auth/resend-confirmation')).statusCode).toBe(200);
    expectLimited(await agent.post('/api/auth/resend-confirmation'));
    const confirmations = await t.ctx.db
      .selectFrom('email_confirmations')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(confirmations).toHaveLength(2);
    // The count is per address: a new sign-up with it (other case) is refused too.
    const again = new TestAgent(t.app);
    again.remoteAddress = freshIp();
    expectLimited(await signUp(again, email.toUpperCase()));
  });
});

describe('uploads', () => {
  it('limits uploads per person', async () => {
    const agent = new TestAgent(t.app);
    agent.remoteAddress = freshIp();
    await registerAndSignIn(agent);
    for (let i = 0; i < 2; i++)
      expect(
        (await agent.upload('/ajax/documents/upload', `doc${i}.pdf`, await makePdf(1))).statusCode,
      ).toBe(201);
    expectLimited(await agent.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(1)));
  });
});

describe('sign-in', () => {
  const signIn = (agent: TestAgent, email: string, password: string) =>
    agent.post('/api/auth/sign-in', { email, password });

  it('failures from one address never lock the owner out from another', async () => {
    const owner = new TestAgent(t.app);
    owner.remoteAddress = freshIp();
    const { email, password } = await registerAndSignIn(owner);
    const attacker = new TestAgent(t.app);
    attacker.remoteAddress = freshIp();
    for (let i = 0; i < 12; i++) {
      const res = await signIn(attacker, email, `guess-${i}`);
      expect([401, 429]).toContain(res.statusCode);
    }
    const refused = await signIn(attacker, email, password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    const fromHome = new TestAgent(t.app);
    fromHome.remoteAddress = owner.remoteAddress;
    expect((await signIn(fromHome, email, password)).statusCode).toBe(200);
  });

  it('limits failures per address across accounts (credential stuffing)', async () => {
    const owner = new TestAgent(t.app);
    owner.remoteAddress = freshIp();
    const { email, password } = await registerAndSignIn(owner);
    const stuffer = new TestAgent(t.app);
    stuffer.remoteAddress = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await signIn(stuffer, uniqueEmail('victim'), 'password1')).statusCode).toBe(401);
    expect((await signIn(stuffer, email, password)).statusCode).toBe(429);
    expect((await signIn(owner, email, password)).statusCode).toBe(200);
  });
});

describe('printer agents', () => {
  it('limits hellos with unknown minion ids per address, before anything is stored', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const minion = (i: number) => `rate-limit-test-${i}`;
    for (let i = 0; i < 2; i++) {
      const agent = await rawAgent(url, minion(i), `secret-${i}-0123456789abcdef`);
      await agent.next('detected');
      agent.close();
    }
    const third = await rawAgent(url, minion(2), 'secret-2-0123456789abcdef');
    expect(await third.closed).toBe(4401);
    const stored = await t.ctx.db
      .selectFrom('detected_printers')
      .select('minion_id')
      .where('minion_id', 'like', 'rate-limit-test-%')
      .execute();
    expect(stored.map((r) => r.minion_id).sort()).toEqual([minion(0), minion(1)]);

    // A registered printer's agent is not limited: its secret is checked instead.
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', CODE)
      .executeTakeFirstOrThrow();
    const { minionId, secret } = await issueAgentSecret(t.ctx, null, printer.id, 'kiosk-limits');
    const registered = await rawAgent(url, minionId, secret);
    await registered.next('welcome');
    registered.close();
  });
});
