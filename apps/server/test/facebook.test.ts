import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  createTestApp,
  registerAndSignIn,
  TestAgent,
  TEST_PUBLIC_URL,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';
import { LocalHttpServer } from './helpers/local-server';
import { linkFrom } from './helpers/smtp';

const APP_ID = 'test-app-id';
const APP_SECRET = 'test-app-secret';
const CALLBACK = `${TEST_PUBLIC_URL}/auth/facebook/callback`;
const FAILED = '/sign-in?error=facebook_failed';

interface TProfile {
  id: string;
  email?: string;
}

/**
 * A local stand-in for Facebook's OAuth 2 endpoints. It checks what a real provider checks
 * (client id and secret, redirect_uri, single-use codes) and answers 400 on anything wrong, so a
 * mistake in the app shows up as a failed sign-in rather than passing silently.
 */
class FakeFacebook extends LocalHttpServer {
  private readonly codes = new Map<string, TProfile>();
  private readonly tokens = new Map<string, TProfile>();
  /** The profile the next person to pass the dialog will have. */
  nextProfile: TProfile = { id: '0' };
  tokenFails = false;
  readonly seen = { dialog: 0, token: 0, me: 0 };
  readonly rejected: string[] = [];

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.origin);
    const q = url.searchParams;
    const reject = (why: string) => {
      this.rejected.push(`${url.pathname}: ${why}`);
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: why } }));
    };
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };

    if (req.method === 'GET' && url.pathname === '/dialog/oauth') {
      this.seen.dialog += 1;
      if (q.get('client_id') !== APP_ID) return reject('bad client_id');
      if (q.get('redirect_uri') !== CALLBACK)
        return reject(`bad redirect_uri ${q.get('redirect_uri')}`);
      if (q.get('response_type') !== 'code') return reject('bad response_type');
      const state = q.get('state');
      if (!state) return reject('no state');
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, this.nextProfile);
      const back = new URL(CALLBACK);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }

    if (req.method === 'GET' && url.pathname === '/oauth/access_token') {
      this.seen.token += 1;
      if (this.tokenFails) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'internal error' } }));
        return;
      }
      if (q.get('client_id') !== APP_ID) return reject('bad client_id');
      if (q.get('client_secret') !== APP_SECRET) return reject('bad client_secret');
      if (q.get('redirect_uri') !== CALLBACK) return reject('bad redirect_uri');
      const code = q.get('code') ?? '';
      const profile = this.codes.get(code);
      if (!profile) return reject('unknown or used code');
      this.codes.delete(code);
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, profile);
      return json({ access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }

    if (req.method === 'GET' && url.pathname === '/me') {
      this.seen.me += 1;
      const profile = this.tokens.get(q.get('access_token') ?? '');
      if (!profile) return reject('bad access_token');
      const fields = (q.get('fields') ?? '').split(',');
      if (!fields.includes('id') || !fields.includes('email')) return reject('fields missing');
      return json(profile);
    }

    res.writeHead(404);
    res.end();
  }
}

const fb = new FakeFacebook();
let t: TTestApp;

beforeAll(async () => {
  await fb.start();
  t = await createTestApp({
    FACEBOOK_APP_ID: APP_ID,
    FACEBOOK_APP_SECRET: APP_SECRET,
    FACEBOOK_AUTH_URL: `${fb.origin}/dialog/oauth`,
    FACEBOOK_TOKEN_URL: `${fb.origin}/oauth/access_token`,
    FACEBOOK_PROFILE_URL: `${fb.origin}/me`,
  });
});
afterAll(async () => {
  await t?.close();
  await fb.stop();
});
beforeEach(() => {
  fb.tokenFails = false;
});

const facebookId = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Starts the flow in the app and passes the (fake) Facebook dialog; returns the callback URL. */
async function throughDialog(agent: TestAgent, profile: TProfile): Promise<URL> {
  fb.nextProfile = profile;
  const start = await agent.get('/auth/facebook');
  expect(start.statusCode).toBe(302);
  const dialogUrl = new URL(String(start.headers.location));
  expect(`${dialogUrl.origin}${dialogUrl.pathname}`).toBe(`${fb.origin}/dialog/oauth`);
  const state = dialogUrl.searchParams.get('state');
  expect(state).toBeTruthy();
  expect(agent.cookies.get('fb_state')).toBe(state);

  const dialog = await fetch(dialogUrl, { redirect: 'manual' });
  expect(dialog.status, fb.rejected.join('; ')).toBe(302);
  const back = new URL(dialog.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe(state);
  return back;
}

async function signInWithFacebook(
  agent: TestAgent,
  profile: TProfile,
): Promise<LightMyRequestResponse> {
  const back = await throughDialog(agent, profile);
  return agent.get(`${back.pathname}${back.search}`);
}

async function sessionUser(agent: TestAgent) {
  return (await agent.get('/api/session')).json().user;
}

describe('sign-in with Facebook', () => {
  it('sets a short-lived HttpOnly state cookie scoped to the callback', async () => {
    const agent = new TestAgent(t.app);
    const res = await agent.get('/auth/facebook');
    expect(res.statusCode).toBe(302);
    const cookie = res.cookies.find((c) => c.name === 'fb_state');
    expect(cookie).toMatchObject({ path: '/auth/facebook/callback', httpOnly: true });
    expect(cookie?.sameSite?.toLowerCase()).toBe('lax');
    expect(cookie?.maxAge).toBeLessThanOrEqual(600);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get('state')).toBe(cookie?.value);
    expect(location.searchParams.get('scope')).toContain('email');
  });

  it('creates a new, confirmed account without a password and signs it in', async () => {
    const agent = new TestAgent(t.app);
    const email = uniqueEmail('fbnew');
    const id = facebookId();
    const tokenCallsBefore = fb.seen.token;
    const res = await signInWithFacebook(agent, { id, email });
    expect(res.statusCode, fb.rejected.join('; ')).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(fb.seen.token).toBe(tokenCallsBefore + 1);
    expect(agent.cookies.has('fb_state')).toBe(false);
    expect(agent.cookies.get('sid')).toBeTruthy();

    const user = await sessionUser(agent);
    expect(user).toMatchObject({
      email,
      role: 'user',
      has_facebook: true,
      email_confirmed: true,
      has_password: false,
    });
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['facebook_id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ facebook_id: id, password_hash: null });

    // The same Facebook person again, from another browser: the same account, not a new one.
    const again = new TestAgent(t.app);
    expect((await signInWithFacebook(again, { id, email })).headers.location).toBe('/');
    expect((await sessionUser(again)).id).toBe(user.id);
    const count = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('finds a returning person by Facebook id even if their Facebook e-mail changed', async () => {
    const id = facebookId();
    const first = uniqueEmail('fbfirst');
    const agent = new TestAgent(t.app);
    await signInWithFacebook(agent, { id, email: first });
    const userId = (await sessionUser(agent)).id;

    const later = new TestAgent(t.app);
    const res = await signInWithFacebook(later, { id, email: uniqueEmail('fbchanged') });
    expect(res.headers.location).toBe('/');
    const user = await sessionUser(later);
    expect(user).toMatchObject({ id: userId, email: first });
  });

  it('links an existing password account with the same e-mail, which keeps its password', async () => {
    const owner = new TestAgent(t.app);
    const { email, password, id } = await registerAndSignIn(owner, uniqueEmail('fblink'));
    // The owner confirms the address first, as a real owner would.
    const link = new URL(linkFrom(await t.smtp.waitFor(email), '/confirm-email'));
    const confirm = await owner.post('/api/auth/confirm-email', {
      token: link.searchParams.get('token'),
    });
    expect(confirm.statusCode).toBe(200);

    const browser = new TestAgent(t.app);
    const fbId = facebookId();
    // Facebook may spell the address in another case: still the same person.
    const res = await signInWithFacebook(browser, { id: fbId, email: email.toUpperCase() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(await sessionUser(browser)).toMatchObject({
      id,
      email,
      has_facebook: true,
      has_password: true,
      email_confirmed: true,
    });
    const users = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'facebook_id'])
      .where('email', '=', email)
      .execute();
    expect(users).toEqual([{ id, facebook_id: fbId }]);

    const withPassword = new TestAgent(t.app);
    const signIn = await withPassword.post('/api/auth/sign-in', { email, password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id, has_facebook: true, has_password: true });
  });

  it('takes an unconfirmed sign-up with the same e-mail away from whoever registered it', async () => {
    // Someone registers the victim's address with their own password and never confirms it.
    const squatter = new TestAgent(t.app);
    const { email, password, id } = await registerAndSignIn(squatter, uniqueEmail('squat'));
    expect((await squatter.get('/ajax/user')).statusCode).toBe(200);

    const owner = new TestAgent(t.app);
    const res = await signInWithFacebook(owner, { id: facebookId(), email });
    expect(res.headers.location).toBe('/');
    expect(await sessionUser(owner)).toMatchObject({
      id,
      has_password: false,
      email_confirmed: true,
    });

    // The squatter's session and password are gone.
    expect((await squatter.get('/ajax/user')).statusCode).toBe(401);
    const again = await new TestAgent(t.app).post('/api/auth/sign-in', { email, password });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('facebook_required');
  });

  it('tells a Facebook-only account to use the Facebook button when a password is tried', async () => {
    const email = uniqueEmail('fbonly');
    await signInWithFacebook(new TestAgent(t.app), { id: facebookId(), email });

    const agent = new TestAgent(t.app);
    agent.acceptLanguage = 'en';
    const res = await agent.post('/api/auth/sign-in', { email, password: 'any password at all' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'facebook_required',
      message: 'This account signs in with Facebook. Use the Facebook button.',
    });
    expect(await sessionUser(agent)).toBeNull();

    // An unknown address still gets the ordinary answer: no hint about Facebook.
    const unknown = await agent.post('/api/auth/sign-in', {
      email: uniqueEmail('nobody'),
      password: 'any password at all',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('invalid_credentials');
  });

  it('refuses a callback with a wrong or missing state, without asking Facebook for a token', async () => {
    const email = uniqueEmail('fbstate');
    const agent = new TestAgent(t.app);
    const tokenCallsBefore = fb.seen.token;

    const back = await throughDialog(agent, { id: facebookId(), email });
    const code = back.searchParams.get('code') ?? '';
    const wrong = await agent.get(
      `/auth/facebook/callback?code=${encodeURIComponent(code)}&state=${'x'.repeat(43)}`,
    );
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe(FAILED);
    expect(await sessionUser(agent)).toBeNull();

    // The state cookie is gone after one try, so even the right state no longer works.
    const replay = await agent.get(`${back.pathname}${back.search}`);
    expect(replay.headers.location).toBe(FAILED);
    expect(await sessionUser(agent)).toBeNull();

    const again = await throughDialog(agent, { id: facebookId(), email });
    const missing = await agent.get(
      `/auth/facebook/callback?code=${encodeURIComponent(again.searchParams.get('code') ?? '')}`,
    );
    expect(missing.headers.location).toBe(FAILED);
    expect(await sessionUser(agent)).toBeNull();

    // A forged callback into a browser that never started the flow (login CSRF).
    const victim = new TestAgent(t.app);
    const third = await throughDialog(new TestAgent(t.app), { id: facebookId(), email });
    const forged = await victim.get(`${third.pathname}${third.search}`);
    expect(forged.headers.location).toBe(FAILED);
    expect(await sessionUser(victim)).toBeNull();

    expect(fb.seen.token).toBe(tokenCallsBefore);
    const created = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(created).toEqual([]);
  });

  it('sends the person to the error page when the token endpoint fails', async () => {
    const email = uniqueEmail('fb500');
    const agent = new TestAgent(t.app);
    fb.tokenFails = true;
    const tokenCallsBefore = fb.seen.token;
    const res = await signInWithFacebook(agent, { id: facebookId(), email });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(FAILED);
    expect(fb.seen.token).toBe(tokenCallsBefore + 1);
    expect(agent.cookies.has('sid')).toBe(false);
    expect(await sessionUser(agent)).toBeNull();
    const created = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(created).toEqual([]);
  });

  it('refuses a Facebook profile without an e-mail address for a new account', async () => {
    const agent = new TestAgent(t.app);
    const res = await signInWithFacebook(agent, { id: facebookId() });
    expect(res.headers.location).toBe(FAILED);
    expect(await sessionUser(agent)).toBeNull();
  });

  it('says Facebook is enabled in the session answer', async () => {
    const res = await new TestAgent(t.app).get('/api/session');
    expect(res.json().facebook_enabled).toBe(true);
  });
});

describe('when Facebook is not configured', () => {
  let plain: TTestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('says so in the session answer and sends /auth/facebook to the error page', async () => {
    const agent = new TestAgent(plain.app);
    const session = await agent.get('/api/session');
    expect(session.json()).toMatchObject({ facebook_enabled: false, user: null });

    const dialogsBefore = fb.seen.dialog;
    const res = await agent.get('/auth/facebook');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(FAILED);
    expect(agent.cookies.has('fb_state')).toBe(false);

    const callback = await agent.get('/auth/facebook/callback?code=abc&state=def');
    expect(callback.headers.location).toBe(FAILED);
    expect((await agent.get('/api/session')).json().user).toBeNull();
    expect(fb.seen.dialog).toBe(dialogsBefore);
  });
});
