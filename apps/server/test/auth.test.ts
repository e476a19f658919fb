import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerAndSignIn,
  TestAgent,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';
import { linkFrom } from './helpers/smtp';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const register = (agent: TestAgent, body: Record<string, unknown>) =>
  agent.post('/api/auth/register', body);

describe('registration', () => {
  it('answers every spec validation message in the person’s language', async () => {
    const agent = new TestAgent(t.app);
    agent.acceptLanguage = 'en';
    let res = await register(agent, {
      email: '',
      email_confirmation: '',
      password: '',
      password_confirmation: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation',
      message: 'Please correct the highlighted fields.',
      errors: { email: ["can't be blank"], password: ["can't be blank"] },
    });

    res = await register(agent, {
      email: 'not-an-address',
      email_confirmation: 'x@y.pl',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.json().errors).toEqual({
      email: ['is invalid'],
      email_confirmation: ["doesn't match Email"],
      password: ['is too short (minimum is 8 characters)'],
      password_confirmation: ["doesn't match Password"],
    });

    const long = 'x'.repeat(129);
    res = await register(agent, {
      email: `${'a'.repeat(250)}@example.com`,
      email_confirmation: '',
      password: long,
      password_confirmation: long,
    });
    expect(res.json().errors.email).toEqual(['is too long (maximum is 254 characters)']);
    expect(res.json().errors.password).toEqual(['is too long (maximum is 128 characters)']);
  });

  it('uses real Polish plurals and German texts', async () => {
    const pl = new TestAgent(t.app);
    pl.acceptLanguage = 'pl-PL,pl;q=0.9';
    const res = await register(pl, {
      email: '',
      email_confirmation: 'a',
      password: 'abc',
      password_confirmation: 'abc',
    });
    expect(res.json().errors).toMatchObject({
      email: ['nie może być puste'],
      password: ['jest za krótkie (minimum 8 znaków)'],
    });
    const de = new TestAgent(t.app);
    de.acceptLanguage = 'de';
    const resDe = await register(de, {
      email: 'bad',
      email_confirmation: 'bad',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgX',
    });
    expect(resDe.json().errors).toEqual({
      email: ['ist nicht gültig'],
      password_confirmation: ['stimmt nicht mit Passwort überein'],
    });
  });

  it('refuses an address already taken, in any letter case', async () => {
    const agent = new TestAgent(t.app);
    const { email } = await registerAndSignIn(agent);
    const other = new TestAgent(t.app);
    const res = await register(other, {
      email: email.toUpperCase(),
      email_confirmation: email.toUpperCase(),
      password: 'another password',
      password_confirmation: 'another password',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['has already been taken'] });
  });

  it('signs the person in, mails a confirmation link over SMTP, and confirms once', async () => {
    const agent = new TestAgent(t.app);
    agent.acceptLanguage = 'pl';
    const email = uniqueEmail('confirm');
    const res = await register(agent, {
      email,
      email_confirmation: email,
      password: 'haslo-testowe-1',
      password_confirmation: 'haslo-testowe-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email,
      email_confirmed: false,
      role: 'user',
      locale: 'pl',
      remaining_page_limit: 0,
    });

    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toBe('Potwierdź swój adres e-mail w Printomat');
    const link = new URL(linkFrom(mail, '/confirm-email'));
    expect(link.origin).toBe('http://printomat.test');
    const token = link.searchParams.get('token') ?? '';

    // The link works from any browser, signed in or not.
    const stranger = new TestAgent(t.app);
    const confirmed = await stranger.post('/api/auth/confirm-email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email });
    const session = await agent.get('/api/session');
    expect(session.json().user.email_confirmed).toBe(true);

    const again = await stranger.post('/api/auth/confirm-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This confirmation link is invalid or has expired.');
  });

  it('sends a new confirmation link on request', async () => {
    const agent = new TestAgent(t.app);
    const { email } = await registerAndSignIn(agent);
    await t.smtp.waitFor(email);
    const res = await agent.post('/api/auth/resend-confirmation');
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => t.smtp.mails.filter((m) => m.to.includes(email)).length, { timeout: 10_000 })
      .toBe(2);
  });
});

describe('sign in and out', () => {
  it('rotates the session at sign-in and ends it at sign-out', async () => {
    const first = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(first);
    const sidAtRegistration = first.cookies.get('sid');
    expect(sidAtRegistration).toBeDefined();
    expect(sidAtRegistration?.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const res = await first.post('/api/auth/sign-in', { email, password });
    expect(res.statusCode).toBe(200);
    const sid = first.cookies.get('sid');
    expect(sid).not.toBe(sidAtRegistration);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    // The old session id no longer works.
    const stale = new TestAgent(t.app);
    stale.cookies.set('sid', sidAtRegistration ?? '');
    expect((await stale.get('/ajax/user')).statusCode).toBe(401);

    expect((await first.post('/api/auth/sign-out')).statusCode).toBe(200);
    const replay = new TestAgent(t.app);
    replay.cookies.set('sid', sid ?? '');
    expect((await replay.get('/ajax/user')).statusCode).toBe(401);
    expect((await first.get('/api/session')).json().user).toBeNull();
  });

  it('says "Invalid email or password" for a wrong password or an unknown address', async () => {
    const agent = new TestAgent(t.app);
    const { email } = await registerAndSignIn(agent);
    const guest = new TestAgent(t.app);
    for (const body of [
      { email, password: 'wrong password' },
      { email: 'nobody@example.com', password: 'whatever1' },
    ]) {
      const res = await guest.post('/api/auth/sign-in', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid email or password',
      });
    }
    guest.acceptLanguage = 'pl';
    const pl = await guest.post('/api/auth/sign-in', {
      email: 'nobody2@example.com',
      password: 'x',
    });
    expect(pl.json().message).toBe('Nieprawidłowy adres e-mail lub hasło');
  });

  it('limits sign-in attempts per account', async () => {
    const agent = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(agent);
    const attacker = new TestAgent(t.app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await attacker.post('/api/auth/sign-in', { email, password: `guess-${i}` })).statusCode,
      ).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/sign-in', { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('phone apps sign in with JSON, which sets last_login_mobile, and sign out with DELETE', async () => {
    const web = new TestAgent(t.app);
    const { email, password, id } = await registerAndSignIn(web);
    const phone = new TestAgent(t.app);
    phone.origin = undefined; // not a browser
    const csrf = await phone.get('/ajax/csrf');
    expect(csrf.json().csrf_token).toBe(phone.csrfToken);

    const res = await phone.post('/ajax/session', { email, password, is_mobile_app: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'id',
      'is_premium',
      'last_login_mobile',
      'remaining_page_limit',
    ]);
    expect(body).toMatchObject({ id, remaining_page_limit: 0, is_premium: false });
    expect(new Date(body.last_login_mobile).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await phone.get('/ajax/user')).json()).toEqual(body);

    expect((await phone.delete('/ajax/session')).statusCode).toBe(200);
    expect((await phone.get('/ajax/user')).statusCode).toBe(401);
  });

  it('a web sign-in leaves last_login_mobile unset', async () => {
    const agent = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(agent);
    const res = await agent.post('/ajax/session', { email, password });
    expect(res.json().last_login_mobile).toBeNull();
  });
});

describe('account', () => {
  it('changes the password only with the old one, and signs out other sessions', async () => {
    const agent = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(agent);
    const laptop = new TestAgent(t.app);
    await laptop.post('/api/auth/sign-in', { email, password });

    const wrong = await agent.put('/api/account/password', {
      old_password: 'not it',
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ old_password: ['is incorrect'] });

    const mismatch = await agent.put('/api/account/password', {
      old_password: password,
      password: 'new password 1',
      password_confirmation: 'new password 2',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["doesn't match Password"] });

    const ok = await agent.put('/api/account/password', {
      old_password: password,
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await agent.get('/ajax/user')).statusCode).toBe(200);
    expect((await laptop.get('/ajax/user')).statusCode).toBe(401);

    const guest = new TestAgent(t.app);
    expect((await guest.post('/api/auth/sign-in', { email, password })).statusCode).toBe(401);
    expect(
      (await guest.post('/api/auth/sign-in', { email, password: 'new password 1' })).statusCode,
    ).toBe(200);
    const notice = await t.smtp.waitFor(email, (m) => m.subject.includes('password'));
    expect(notice.subject).toBe('Your Printomat password was changed');
  });

  it('remembers the language in a cookie, and in the profile when signed in', async () => {
    const guest = new TestAgent(t.app);
    const res = await guest.put('/api/account/locale', { locale: 'de' });
    expect(res.json()).toEqual({ locale: 'de' });
    expect(guest.cookies.get('lang')).toBe('de');
    expect((await guest.get('/api/session')).json().locale).toBe('de');
    const bad = await guest.put('/api/account/locale', { locale: 'fr' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ locale: ['ist nicht gültig'] });

    const agent = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(agent);
    await agent.put('/api/account/locale', { locale: 'pl' });
    // A new device without the cookie gets the profile's language, in answers and in mail.
    const phone = new TestAgent(t.app);
    await phone.post('/api/auth/sign-in', { email, password });
    expect((await phone.get('/api/session')).json()).toMatchObject({
      locale: 'pl',
      user: { locale: 'pl' },
    });
    const err = await phone.put('/api/account/password', {
      old_password: 'nope',
      password: 'abc',
      password_confirmation: 'abc',
    });
    expect(err.json().errors.password).toEqual(['jest za krótkie (minimum 8 znaków)']);
  });
});
