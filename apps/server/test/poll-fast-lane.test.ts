import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { personChanged } from '../src/realtime/person-changed';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 19: the poll fast lane answers an unchanged poll 304 right after routing, and only when
// the ordinary way would have answered exactly the same.

const POLLS = ['/ajax/printjobs/current', '/ajax/user', '/ajax/user.html'] as const;
const CACHED = {
  POLL_CACHE_SECONDS: '60',
  SESSION_CACHE_SECONDS: '60',
  INSTANCE_NAME: 'lane-test',
};
/** Headers that differ between any two answers. */
const PER_RESPONSE = new Set(['date', 'content-security-policy']);

function etagOf(response: LightMyRequestResponse): string {
  const etag = response.headers.etag;
  if (typeof etag !== 'string') throw new Error(`no ETag on ${response.statusCode}`);
  return etag;
}

const comparable = (response: LightMyRequestResponse) =>
  Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_RESPONSE.has(name)));

describe('poll fast lane', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(CACHED);
  }, 60_000);
  afterAll(() => t?.close());

  /** A signed-in person holding the current ETag of every poll answer. */
  async function person() {
    const agent = new TestAgent(t.app);
    const { id } = await registerAndSignIn(agent);
    const held: Record<string, string> = {};
    for (const url of POLLS) {
      const first = await agent.get(url);
      expect(first.statusCode).toBe(200);
      held[url] = etagOf(first);
    }
    return { agent, id, held };
  }

  /** A poll with exactly these headers (the agent would put its own cookies in). */
  function send(url: string, headers: Record<string, string>) {
    return t.app.inject({ method: 'GET', url, headers });
  }

  /** How many polls were answered by a route's handler (the lane never computes or asks). */
  function handled() {
    const answer = vi.spyOn(t.ctx.pollCache, 'answer');
    return {
      count: () => answer.mock.calls.length,
      done: () => answer.mockRestore(),
    };
  }

  it('answers an unchanged poll without the handler, with the same headers as the handler', async () => {
    const { agent, held } = await person();
    for (const url of POLLS) {
      const spy = handled();
      try {
        const lane = await agent.get(url, { headers: { 'if-none-match': held[url]! } });
        expect(lane.statusCode).toBe(304);
        expect(lane.body).toBe('');
        expect(spy.count()).toBe(0);
        // A cookie the lane does not know sends the same poll the ordinary way.
        const ordinary = await send(url, {
          'if-none-match': held[url]!,
          cookie: `${cookieHeader(agent)}; other=1`,
        });
        expect(ordinary.statusCode).toBe(304);
        expect(spy.count()).toBe(1);
        expect(comparable(lane)).toEqual(comparable(ordinary));
        expect(lane.headers['x-instance']).toBe('lane-test');
        expect(lane.headers['x-frame-options']).toBe('DENY');
        expect(lane.headers['content-security-policy']).toMatch(
          /script-src 'self' 'nonce-[\w+/=]{24}'/,
        );
        expect(lane.headers['content-security-policy']).not.toBe(
          ordinary.headers['content-security-policy'],
        );
      } finally {
        spy.done();
      }
    }
  });

  it('counts its answers in the request metrics like any other', async () => {
    const { agent, held } = await person();
    const before = await t.ctx.metrics.registry.getSingleMetricAsString(
      'printomat_http_request_duration_seconds',
    );
    const countOf = (text: string) =>
      Number(
        /printomat_http_request_duration_seconds_count\{[^}]*route="\/ajax\/user"[^}]*status_class="3xx"[^}]*\} (\d+)/.exec(
          text,
        )?.[1] ?? 0,
      );
    for (let i = 0; i < 3; i++)
      expect(
        (await agent.get('/ajax/user', { headers: { 'if-none-match': held['/ajax/user']! } }))
          .statusCode,
      ).toBe(304);
    const after = await t.ctx.metrics.registry.getSingleMetricAsString(
      'printomat_http_request_duration_seconds',
    );
    expect(countOf(after) - countOf(before)).toBe(3);
  });

  it('leaves to the ordinary way whatever it cannot answer exactly alike', async () => {
    const { agent, held } = await person();
    const url = '/ajax/user';
    const etag = held[url]!;
    const spy = handled();
    try {
      // A query string, another ETag, a HEAD request: the handler.
      expect(
        (await agent.get(`${url}?t=1`, { headers: { 'if-none-match': etag } })).statusCode,
      ).toBe(304);
      expect(spy.count()).toBe(1);
      expect((await agent.get(url, { headers: { 'if-none-match': '"other"' } })).statusCode).toBe(
        200,
      );
      expect(spy.count()).toBe(2);
      // A CSRF cookie that is not the session's: the ordinary way puts the right one back.
      const stale = await send(url, {
        'if-none-match': etag,
        cookie: `sid=${agent.cookies.get('sid')}; csrf_token=${'x'.repeat(43)}`,
      });
      expect(stale.statusCode).toBe(304);
      expect(spy.count()).toBe(3);
      expect(String(stale.headers['set-cookie'])).toContain(
        `csrf_token=${agent.cookies.get('csrf_token')}`,
      );
      // Another language cookie: the panel in that language (computed, then kept).
      const job = '/ajax/user.html';
      const german = await send(job, {
        'if-none-match': held[job]!,
        cookie: `${signedIn(agent)}; lang=de`,
      });
      expect(german.statusCode).toBe(200);
      expect(german.body).toContain('Seiten');
      expect(spy.count()).toBe(4);
      const germanAgain = await send(job, {
        'if-none-match': etagOf(german),
        cookie: `${signedIn(agent)}; lang=de`,
      });
      expect(germanAgain.statusCode).toBe(304);
      expect(spy.count()).toBe(4);
    } finally {
      spy.done();
    }
  });

  it('answers nothing for a changed person, a session due for its touch, or one signed out', async () => {
    const { agent, id, held } = await person();
    const url = '/ajax/user';
    const etag = held[url]!;
    const spy = handled();
    try {
      // New pages: the change drops the kept answer, the handler answers 200 with the new sum.
      await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 7, validDays: 30 });
      await personChanged(t.ctx, id);
      const changed = await agent.get(url, { headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(spy.count()).toBe(1);
      const current = etagOf(changed);

      // Six minutes later the session is due for its touch (last seen, expiry moved): the
      // ordinary way writes it, then the lane answers again.
      const realNow = t.ctx.now;
      const later = new Date(realNow().getTime() + 6 * 60_000);
      t.ctx.now = () => later;
      try {
        const touched = await agent.get(url, { headers: { 'if-none-match': current } });
        expect(touched.statusCode).toBe(304);
        expect(spy.count()).toBe(2);
        const session = await t.ctx.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(session.last_seen_at.getTime()).toBe(later.getTime());
        expect((await agent.get(url, { headers: { 'if-none-match': current } })).statusCode).toBe(
          304,
        );
        expect(spy.count()).toBe(2);
      } finally {
        t.ctx.now = realNow;
      }

      // Signed out: the same cookie gets 401 at once, never a 304 from memory.
      const cookie = cookieHeader(agent);
      expect((await agent.request('DELETE', '/ajax/session')).statusCode).toBe(200);
      const after = await send(url, { cookie, 'if-none-match': current });
      expect(after.statusCode).toBe(401);
    } finally {
      spy.done();
    }
  });

  it('ends a session deleted elsewhere without a word at its next touch', async () => {
    const { agent, id, held } = await person();
    const url = '/ajax/user';
    const cookie = signedIn(agent);
    // Gone from the database only (another instance whose announcement was lost): still cached.
    await t.ctx.db.deleteFrom('sessions').where('user_id', '=', id).execute();
    expect((await agent.get(url, { headers: { 'if-none-match': held[url]! } })).statusCode).toBe(
      304,
    );
    const realNow = t.ctx.now;
    const later = new Date(realNow().getTime() + 6 * 60_000);
    t.ctx.now = () => later;
    try {
      expect((await agent.get(url, { headers: { 'if-none-match': held[url]! } })).statusCode).toBe(
        401,
      );
    } finally {
      t.ctx.now = realNow;
    }
    // And stays ended now for the same cookie, without waiting for the cache's time.
    expect((await send(url, { cookie, 'if-none-match': held[url]! })).statusCode).toBe(401);
  });
});

/** The session and CSRF cookies alone. */
function signedIn(agent: TestAgent): string {
  return `sid=${agent.cookies.get('sid')}; csrf_token=${agent.cookies.get('csrf_token')}`;
}

function cookieHeader(agent: TestAgent): string {
  return [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
