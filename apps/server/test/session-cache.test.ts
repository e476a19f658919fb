import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import type { TDatabase } from '../src/db/database';
import type { TUserRow } from '../src/db/schema';
import { PersonAnswerCache } from '../src/http/person-cache';
import { SessionCache, sessionCacheOf, type TCachedSession } from '../src/http/session-cache';
import { hashToken } from '../src/lib/tokens';
import { resumeSession } from '../src/modules/auth/auth.service';
import { hashPassword } from '../src/modules/auth/passwords';
import { createPostgresEventBus, type TBusEvent } from '../src/realtime/event-bus';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { createTestDatabase, testDatabaseKind } from './helpers/database';
import { freshNip } from './helpers/invoice-fixtures';
import { linkFrom, type TCapturedMail } from './helpers/smtp';
import {
  createTestApp,
  registerAndSignIn,
  TestAgent,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';

// Sessions and users are cached per instance and dropped on every instance through the event
// bus. On PostgreSQL: two instances on one database, each with its own LISTEN/NOTIFY bus. On
// PGlite (one process by construction) "A" and "B" are the same instance: the same code path
// over the local bus.
const twoInstances = testDatabaseKind() === 'postgres';
const CACHE = { SESSION_CACHE_SECONDS: '300' };

let database: TDatabase | undefined;
let a: TTestApp;
let b: TTestApp;

beforeAll(async () => {
  database = twoInstances ? await createTestDatabase() : undefined;
  a = await createTestApp(CACHE, database ? { database } : {});
  b = twoInstances ? await createTestApp(CACHE, database ? { database } : {}) : a;
  await seedDemoData(a.ctx.db);
}, 60_000);

afterAll(async () => {
  await a?.close();
  if (b !== a) await b?.close();
  await database?.close();
});

/** The same browser (its cookies) talking to instance B. */
function onB(agent: TestAgent): TestAgent {
  const other = new TestAgent(b.app);
  for (const [name, value] of agent.cookies) other.cookies.set(name, value);
  return other;
}

let markers = 0;
/**
 * Resolves when B's bus delivered an event matching `match`. A marker published first, and
 * waited for, lets every earlier event arrive (NOTIFY delivers in commit order), so an event of
 * an earlier step cannot be taken for the one the next step causes.
 */
async function nextEventOnB(
  match: (event: TBusEvent) => boolean,
): Promise<{ arrived: Promise<void> }> {
  markers += 1;
  const marker: TBusEvent = { kind: 'user_changed', userId: -markers };
  await new Promise<void>((resolve) => {
    const stop = b.ctx.events.subscribe('sessions', (event) => {
      if (event.kind === 'user_changed' && event.userId === marker.userId) {
        stop();
        resolve();
      }
    });
    void a.ctx.events.publish('sessions', marker);
  });
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the event did not reach B')), 5_000);
    const stop = b.ctx.events.subscribe('sessions', (event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
  // Returned in an object: an async function would wait for a returned promise itself.
  return { arrived };
}

const sessionIdOf = (agent: TestAgent) => hashToken(agent.cookies.get('sid') ?? '');

/** Counts B's queries that read or write the `sessions` table while `fn` runs. */
async function sessionQueriesOnB(fn: () => Promise<void>): Promise<number> {
  let count = 0;
  const counter: KyselyPlugin = {
    transformQuery(args) {
      if (JSON.stringify(args.node).includes('"name":"sessions"')) count += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const original = b.ctx.db;
  b.ctx.db = original.withPlugin(counter);
  try {
    await fn();
  } finally {
    b.ctx.db = original;
  }
  return count;
}

async function signedInPerson() {
  const agent = new TestAgent(a.app);
  const person = await registerAndSignIn(agent, uniqueEmail('cached'));
  return { ...person, agent, onB: onB(agent) };
}

describe('the session cache', () => {
  it('answers repeated polls without reading the session from the database', async () => {
    const { onB: browser, id } = await signedInPerson();
    const first = await sessionQueriesOnB(async () => {
      expect((await browser.get('/api/session')).json().user.id).toBe(id);
    });
    expect(first).toBe(1);
    const later = await sessionQueriesOnB(async () => {
      for (let i = 0; i < 5; i++) {
        const res = await browser.get('/api/session');
        expect(res.json().user.id).toBe(id);
      }
    });
    expect(later).toBe(0);
  });

  it('a sign-out on A ends the session on B at once, not after the cache time', async () => {
    const { agent, onB: browser } = await signedInPerson();
    expect((await browser.get('/api/account/history')).statusCode).toBe(200);
    const sessionId = sessionIdOf(agent);
    const { arrived } = await nextEventOnB(
      (e) => e.kind === 'session_ended' && e.sessionId === sessionId,
    );
    expect((await agent.post('/api/auth/sign-out')).statusCode).toBe(200);
    await arrived;
    expect((await browser.get('/api/account/history')).statusCode).toBe(401);
    expect((await browser.get('/api/session')).json().user).toBeNull();
    // Signing out on A answered A's next request signed out too (dropped before the answer).
    expect(sessionCacheOf(a.ctx).get(sessionId, Date.now())).toBeUndefined();
  });

  it('a password change on A ends the other sessions on B; the one that changed it stays', async () => {
    const { agent, onB: changer, email, password, id } = await signedInPerson();
    const other = new TestAgent(a.app);
    await other.post('/api/auth/sign-in', { email, password });
    const otherOnB = onB(other);
    expect((await otherOnB.get('/api/session')).json().user.id).toBe(id);
    expect((await changer.get('/api/session')).json().user.has_password).toBe(true);

    const { arrived } = await nextEventOnB((e) => e.kind === 'user_changed' && e.userId === id);
    const res = await agent.put('/api/account/password', {
      old_password: password,
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    await arrived;
    expect((await otherOnB.get('/api/account/history')).statusCode).toBe(401);
    expect((await changer.get('/api/account/history')).statusCode).toBe(200);
    // B reads the new row: the old password no longer confirms anything there.
    const wrong = await changer.request('DELETE', '/api/account', { confirmation: password });
    expect(wrong.statusCode).toBe(422);
  });

  it('an account deleted on A is signed out on B at once', async () => {
    const { agent, onB: browser, password, id } = await signedInPerson();
    expect((await browser.get('/api/session')).json().user.id).toBe(id);
    const { arrived } = await nextEventOnB((e) => e.kind === 'user_changed' && e.userId === id);
    const res = await agent.request('DELETE', '/api/account', { confirmation: password });
    expect(res.statusCode, res.body).toBe(200);
    await arrived;
    expect((await browser.get('/api/account/history')).statusCode).toBe(401);
  });

  it('a language or role change on A shows on B at once', async () => {
    const { agent, onB: browser, id } = await signedInPerson();
    expect((await browser.get('/api/session')).json().user).toMatchObject({
      locale: 'en',
      role: 'user',
    });

    let { arrived } = await nextEventOnB((e) => e.kind === 'user_changed' && e.userId === id);
    expect((await agent.put('/api/account/locale', { locale: 'pl' })).statusCode).toBe(200);
    await arrived;
    expect((await browser.get('/api/session')).json().user.locale).toBe('pl');

    ({ arrived } = await nextEventOnB((e) => e.kind === 'user_changed' && e.userId === id));
    const converted = await agent.post('/api/business/convert', {
      business_name: 'Cache Test sp. z o.o.',
      address: 'ul. Prosta 5/2',
      city: 'Kraków',
      postcode: '31-042',
      country: 'PL',
      nip_number: freshNip(),
    });
    expect(converted.statusCode, converted.body).toBe(200);
    await arrived;
    expect((await browser.get('/api/session')).json().user.role).toBe('business');
  });

  it('an account an admin blocks on A loses its sessions on B at once', async () => {
    const admin = await signInDemoAdmin(a.app);
    const { onB: browser, id } = await signedInPerson();
    expect((await browser.get('/api/account/history')).statusCode).toBe(200);
    const { arrived } = await nextEventOnB((e) => e.kind === 'user_changed' && e.userId === id);
    const res = await admin.post(`/api/admin/users/${id}/block`, { reason: 'cache test' });
    expect(res.statusCode, res.body).toBe(200);
    await arrived;
    expect((await browser.get('/api/account/history')).statusCode).toBe(401);
  });

  it.runIf(twoInstances)(
    'drops everything as soon as the bus loses its connection and caches nothing until it is back',
    async () => {
      const { onB: browser, id } = await signedInPerson();
      await browser.get('/api/session');
      const cache = sessionCacheOf(b.ctx);
      expect(cache.size).toBeGreaterThan(0);
      expect(b.ctx.events.isHealthy()).toBe(true);
      // The poll answers of B go the same way.
      const polls = new PersonAnswerCache(b.ctx.events, { ttlMs: 60_000 });
      let computed = 0;
      const poll = () => polls.answer(id, 'user', '', () => Promise.resolve(String(++computed)));
      await poll();
      await poll();
      expect(computed).toBe(1);
      let sizeWhenLost = -1;
      let pollsWhenLost = -1;
      const lost = new Promise<void>((resolve) => {
        const stop = b.ctx.events.onLost(() => {
          stop();
          sizeWhenLost = cache.size;
          // Handlers run in order: the poll cache subscribed before this one.
          pollsWhenLost = polls.size;
          resolve();
        });
      });
      let resyncedYet = false;
      const resynced = new Promise<void>((resolve) => {
        const stop = b.ctx.events.onResync(() => {
          stop();
          resyncedYet = true;
          resolve();
        });
      });
      // Ends the LISTEN connections of this database (both instances'): events of the gap are lost.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %'
          AND pid <> pg_backend_pid()`.execute(b.ctx.db);
      await lost;
      // Dropped at the loss, not only at the reconnect (the back-off takes 500 ms at least).
      expect(sizeWhenLost).toBe(0);
      expect(pollsWhenLost).toBe(0);
      expect(b.ctx.events.isHealthy()).toBe(false);
      await poll();
      await poll();
      expect(computed).toBe(3);
      expect(polls.size).toBe(0);
      // In the gap every request reads the database and nothing is kept.
      const reads = await sessionQueriesOnB(async () => {
        for (let i = 0; i < 3; i++)
          expect((await browser.get('/api/session')).json().user.id).toBe(id);
      });
      expect(resyncedYet).toBe(false);
      expect(reads).toBe(3);
      expect(cache.size).toBe(0);
      await resynced;
      expect(b.ctx.events.isHealthy()).toBe(true);
      await browser.get('/api/session');
      expect(cache.size).toBeGreaterThan(0);
      await poll();
      await poll();
      expect(computed).toBe(4);
      polls.close();
    },
  );

  it.runIf(twoInstances)(
    'takes a connection that went silent (half-open) as lost by its missed heartbeat',
    async () => {
      // A proxy that can stop forwarding on the connections it holds without closing them, as a
      // NAT or balancer that forgot them would; connections opened later work.
      const held = new Set<net.Socket>();
      const frozen = new Set<net.Socket>();
      const target = new URL(database?.url ?? '');
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const dead = () => frozen.has(client);
        held.add(client);
        held.add(upstream);
        client.on('data', (data) => void (dead() || upstream.write(data)));
        upstream.on('data', (data) => void (dead() || client.write(data)));
        for (const [from, to] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          from.on('error', () => to.destroy());
          from.on('close', () => to.destroy());
        }
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const url = new URL(target.toString());
      url.hostname = '127.0.0.1';
      url.port = String((proxy.address() as net.AddressInfo).port);
      const bus = await createPostgresEventBus(url.toString(), a.ctx.log, {
        heartbeatMs: 100,
        lostAfterMs: 1_000,
      });
      try {
        const lost = new Promise<void>((resolve) => bus.onLost(resolve));
        const resynced = new Promise<void>((resolve) => bus.onResync(resolve));
        // The heartbeats keep a working connection healthy past the silence allowed.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(bus.isHealthy()).toBe(true);
        for (const socket of held) frozen.add(socket);
        const frozenAt = performance.now();
        await lost;
        expect(performance.now() - frozenAt).toBeLessThan(3_000);
        expect(bus.isHealthy()).toBe(false);
        // A new connection (not frozen) brings the bus back.
        await resynced;
      } finally {
        for (const socket of held) socket.destroy();
        await bus.close();
        await new Promise((resolve) => proxy.close(resolve));
      }
    },
  );

  it('a password reset by the mailed link on A ends every session on B at once', async () => {
    const { onB: browser, email, id } = await signedInPerson();
    expect((await browser.get('/api/account/history')).statusCode).toBe(200);
    const isResetTo = (m: TCapturedMail) =>
      m.to.includes(email) && m.text.includes('/reset-password?token=');
    const resetMails = () => [...a.smtp.mails, ...(b === a ? [] : b.smtp.mails)].filter(isResetTo);
    expect(
      (await new TestAgent(a.app).post('/api/auth/forgot-password', { email })).statusCode,
    ).toBe(200);
    const deadline = Date.now() + 10_000;
    while (resetMails().length === 0) {
      if (Date.now() > deadline) throw new Error('no reset mail');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const link = linkFrom(resetMails()[0] as TCapturedMail, '/reset-password');
    const { arrived } = await nextEventOnB((e) => e.kind === 'user_changed' && e.userId === id);
    const res = await new TestAgent(a.app).post('/api/auth/reset-password', {
      token: new URL(link).searchParams.get('token'),
      password: 'a password set by the link',
      password_confirmation: 'a password set by the link',
    });
    expect(res.statusCode, res.body).toBe(200);
    await arrived;
    expect((await browser.get('/api/account/history')).statusCode).toBe(401);
  });

  it('checks the current password against the row in the database, not the cached one', async () => {
    const { onB: browser, password, id } = await signedInPerson();
    expect((await browser.get('/api/session')).json().user.id).toBe(id);
    // Changed straight in the database: announced to nobody, so B's cached row keeps the old hash.
    await b.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('changed behind the cache') })
      .where('id', '=', id)
      .execute();
    const change = await browser.put('/api/account/password', {
      old_password: password,
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase',
    });
    expect(change.statusCode, change.body).toBe(422);
    const remove = await browser.request('DELETE', '/api/account', { confirmation: password });
    expect(remove.statusCode, remove.body).toBe(422);
    const still = await b.ctx.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(still?.id).toBe(id);
  });
});

describe('the signed-in user row', () => {
  it('is frozen with the cache off too, so a change in place fails in every test', async () => {
    const off = await createTestApp({ SESSION_CACHE_SECONDS: '0' }, database ? { database } : {});
    try {
      const agent = new TestAgent(off.app);
      await registerAndSignIn(agent, uniqueEmail('frozen'));
      const session = await resumeSession(off.ctx, agent.cookies.get('sid') ?? '');
      expect(session?.user.id).toBeGreaterThan(0);
      expect(Object.isFrozen(session?.user)).toBe(true);
      expect(sessionCacheOf(off.ctx).size).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('SessionCache', () => {
  const user = (id: number) => ({ id }) as TUserRow;
  const session = (
    id: string,
    userId: number,
    expiresAt = Date.now() + 60_000,
  ): TCachedSession => ({
    id,
    csrf_token: 'csrf',
    user: user(userId),
    expiresAt,
    lastSeenAt: Date.now(),
  });

  it('keeps entries for its time only, and never past the session’s expiry', () => {
    let clock = 0;
    const cache = new SessionCache(30_000, 10, () => clock);
    cache.put(session('s1', 1), cache.generation);
    cache.put(session('s2', 1, Date.now() - 1), cache.generation);
    expect(cache.get('s1', Date.now())?.id).toBe('s1');
    expect(cache.get('s2', Date.now())).toBeUndefined();
    clock = 30_000;
    expect(cache.get('s1', Date.now())).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: the least recently used session goes first', () => {
    const cache = new SessionCache(30_000, 3);
    for (const id of ['s1', 's2', 's3']) cache.put(session(id, 1), cache.generation);
    cache.get('s1', Date.now());
    cache.put(session('s4', 2), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('s2', Date.now())).toBeUndefined();
    expect(cache.get('s1', Date.now())?.id).toBe('s1');
  });

  it('does not keep a read that started before a drop (the row may be older than the drop)', () => {
    const cache = new SessionCache(30_000);
    const before = cache.generation;
    cache.apply({ kind: 'user_changed', userId: 7 });
    cache.put(session('s1', 1), before);
    expect(cache.get('s1', Date.now())).toBeUndefined();
  });

  it('drops a user’s every session on user_changed, one session on session_ended', () => {
    const cache = new SessionCache(30_000);
    for (const [id, userId] of [
      ['s1', 1],
      ['s2', 1],
      ['s3', 2],
    ] as const)
      cache.put(session(id, userId), cache.generation);
    cache.apply({ kind: 'user_changed', userId: 1 });
    expect(cache.size).toBe(1);
    cache.apply({ kind: 'session_ended', sessionId: 's3' });
    expect(cache.size).toBe(0);
  });

  it('keeps and answers nothing while suspended (the bus is down), afresh after resume', () => {
    const cache = new SessionCache(30_000);
    cache.put(session('s1', 1), cache.generation);
    const before = cache.generation;
    cache.suspend();
    expect(cache.size).toBe(0);
    cache.put(session('s2', 1), cache.generation);
    expect(cache.get('s2', Date.now())).toBeUndefined();
    cache.resume();
    // A read that started before the loss or during it does not enter either.
    cache.put(session('s3', 1), before);
    expect(cache.size).toBe(0);
    cache.put(session('s4', 1), cache.generation);
    expect(cache.get('s4', Date.now())?.id).toBe('s4');
  });

  it('is off with a time of 0', () => {
    const cache = new SessionCache(0);
    cache.put(session('s1', 1), cache.generation);
    expect(cache.size).toBe(0);
  });
});
