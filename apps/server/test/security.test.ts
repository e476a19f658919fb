import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, routeKey } from '../src/http/public-routes';
import { signInNewAdmin } from './helpers/admin';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  // No SMTP_URL: the development mailbox is registered too, so the sweep covers it.
  t = await createTestApp({ SMTP_URL: '' });
});
afterAll(() => t.close());

const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
const routes = () => t.app.routeList.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');

describe('deny by default', () => {
  it('answers 401 to a guest on every route outside the reviewed public list', async () => {
    const guest = new TestAgent(t.app);
    await guest.get('/api/session'); // a valid anonymous CSRF token, so CSRF is not what refuses
    expect(routes().length).toBeGreaterThan(15);
    const leaks: string[] = [];
    for (const route of routes()) {
      if (PUBLIC_ROUTES.has(routeKey(route.method, route.url))) continue;
      const res = await guest.request(
        route.method as 'GET',
        concreteUrl(route.url),
        route.method === 'GET' ? undefined : {},
      );
      if (res.statusCode !== 401) leaks.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });

  it('lists no public route that does not exist', () => {
    const registered = new Set(routes().map((r) => routeKey(r.method, r.url)));
    // The web app's static files are only served once the web app is built; tests run without it.
    const onlyWithWebBuild = new Set(['GET /*']);
    const stale = [...PUBLIC_ROUTES].filter(
      (key) => !key.startsWith('HEAD ') && !onlyWithWebBuild.has(key) && !registered.has(key),
    );
    expect(stale).toEqual([]);
  });

  it('answers 403 to a signed-in user on every admin route, and lets an admin in', async () => {
    const user = new TestAgent(t.app);
    await registerAndSignIn(user);
    const adminRoutes = routes().filter((r) => r.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const res = await user.request(
        route.method as 'GET',
        concreteUrl(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({
        code: 'forbidden',
        message: 'You do not have access to this page.',
      });
    }
    const admin = await signInNewAdmin(t);
    const audit = await admin.get('/api/admin/audit-log');
    expect(audit.statusCode).toBe(200);
    expect(
      audit.json().entries.some((e: { action: string }) => e.action === 'user.registered'),
    ).toBe(true);
  });

  it('answers unknown API paths with a JSON 404 in the person’s language', async () => {
    const guest = new TestAgent(t.app);
    guest.acceptLanguage = 'de';
    const res = await guest.get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Diese Seite gibt es nicht.' });
  });
});

describe('anti-forgery', () => {
  it('refuses a state-changing request without the token, with a wrong one, or from a foreign origin', async () => {
    const agent = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(agent);
    const body = { email, password };

    const missing = await agent.post('/api/auth/sign-in', body, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({
      code: 'csrf',
      message: 'Your session has expired. Reload the page and try again.',
    });

    const wrong = await agent.post('/api/auth/sign-in', body, {
      csrf: false,
      headers: { 'x-csrf-token': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);

    agent.origin = 'https://evil.example';
    const foreign = await agent.post('/api/auth/sign-in', body);
    expect(foreign.statusCode).toBe(403);

    agent.origin = 'http://printomat.test';
    expect((await agent.post('/api/auth/sign-in', body)).statusCode).toBe(200);
  });

  it('binds the token to the session: a pre-sign-in token stops working after sign-in', async () => {
    const agent = new TestAgent(t.app);
    const anonymousToken = (await agent.get('/api/session')).json().csrf_token as string;
    const { email } = await registerAndSignIn(agent);
    expect(agent.csrfToken).not.toBe(anonymousToken);
    const res = await agent.post(
      '/api/auth/resend-confirmation',
      {},
      { csrf: false, headers: { 'x-csrf-token': anonymousToken } },
    );
    expect(res.statusCode).toBe(403);
    expect(email).toContain('@');
  });

  it('serves the token readable by the page (not HttpOnly) and to apps at GET /ajax/csrf', async () => {
    const guest = new TestAgent(t.app);
    const res = await guest.get('/ajax/csrf');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/csrf_token=/);
    expect(setCookie).not.toMatch(/csrf_token=[^,]*HttpOnly/i);
    expect(res.json().csrf_token).toBe(guest.csrfToken);
  });

  it('honours the method override field, still behind the token', async () => {
    const agent = new TestAgent(t.app);
    await registerAndSignIn(agent);
    const forged = await agent.post('/ajax/session?_method=DELETE', {}, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await agent.get('/ajax/user')).statusCode).toBe(200);
    const ok = await agent.post('/ajax/session?_method=DELETE', 'ignored=1&_method=DELETE', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await agent.get('/ajax/user')).statusCode).toBe(401);
  });
});

describe('limits', () => {
  it('refuses a body over the configured limit with a clear message', async () => {
    const guest = new TestAgent(t.app);
    const res = await guest.post('/api/auth/sign-in', {
      email: 'a@b.cd',
      password: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: 'The request is too large.' });
  });

  it('reports health with the database kind', async () => {
    const res = await new TestAgent(t.app).get('/healthz');
    expect(res.json()).toEqual({ status: 'ok', database: t.ctx.database.kind });
  });
});
