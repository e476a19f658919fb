import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomCode, randomToken } from '../src/lib/tokens';
import { hashPassword } from '../src/modules/auth/passwords';
import { findUserByEmail, insertUser } from '../src/modules/users';
import { linkFrom, type TCapturedMail } from './helpers/smtp';
import {
  createTestApp,
  registerAndSignIn,
  TestAgent,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    PASSWORD_RESET_TTL_MINUTES: '30',
    RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '3/1h',
    RATE_LIMIT_PASSWORD_RESET_PER_IP: '6/1h',
  });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new password';

// Every test asks from its own client address, so the per-address limit of one never stops another.
let lastIp = 0;
function browser(): TestAgent {
  const agent = new TestAgent(t.app);
  lastIp += 1;
  agent.remoteAddress = `198.51.100.${lastIp}`;
  return agent;
}

const isResetMail = (m: TCapturedMail) => m.text.includes('/reset-password?token=');

async function resetLinkFor(email: string, from = browser()): Promise<string> {
  const seen = t.smtp.mails.filter((m) => m.to.includes(email) && isResetMail(m)).length;
  const res = await from.post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  await waitUntil(
    () => t.smtp.mails.filter((m) => m.to.includes(email) && isResetMail(m)).length > seen,
  );
  const mails = t.smtp.mails.filter((m) => m.to.includes(email) && isResetMail(m));
  return linkFrom(mails[mails.length - 1] as TCapturedMail, '/reset-password');
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

function reset(agent: TestAgent, link: string, password = NEW_PASSWORD) {
  return agent.post('/api/auth/reset-password', {
    token: tokenOf(link),
    password,
    password_confirmation: password,
  });
}

/**
 * Waits until the queue has sent every mail asked for so far: a mail is queued before the request
 * answers, so "no mail to this address" after this means none was sent.
 */
async function mailQueueDrained(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const pending = await t.ctx.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'mail.send')
      .where('status', 'in', ['pending', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(pending.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('mail queue not drained');
}

describe('asking for a reset link', () => {
  it('answers the same for known and unknown addresses, and mails only the account', async () => {
    const { email } = await registerAndSignIn(new TestAgent(t.app));
    const unknown = uniqueEmail('nobody');
    const known = await browser().post('/api/auth/forgot-password', { email });
    const stranger = await browser().post('/api/auth/forgot-password', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.json()).toEqual(known.json());
    expect(known.json()).toEqual({ ok: true });

    const mail = await t.smtp.waitFor(email, isResetMail);
    expect(mail.subject).toBe('Choose a new Printomat password');
    expect(mail.text).toContain('The link works once and for 30 minutes.');
    expect(linkFrom(mail, '/reset-password')).toMatch(
      /^http:\/\/printomat\.test\/reset-password\?token=[\w-]{43}$/,
    );
    // Only the token's hash is stored.
    const stored = await t.ctx.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(linkFrom(mail, 'reset')));
    await mailQueueDrained();
    expect(t.smtp.mails.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('refuses a malformed address in the person’s language', async () => {
    const agent = browser();
    agent.acceptLanguage = 'de';
    const res = await agent.post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['ist nicht gültig'] });
  });

  it('sends guest accounts (express orders) nothing', async () => {
    const email = uniqueEmail('guest');
    await insertUser(t.ctx.db, { email, role: 'guest', referral_code: randomCode(8) });
    const res = await browser().post('/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await mailQueueDrained();
    expect(t.smtp.mails.filter((m) => m.to.includes(email))).toEqual([]);
    const links = await t.ctx.db.selectFrom('password_resets').select('email').execute();
    expect(links.map((l) => l.email)).not.toContain(email);
  });

  it('mails in the account’s language, whatever the browser asking speaks', async () => {
    const agent = new TestAgent(t.app);
    agent.acceptLanguage = 'pl';
    const { email } = await registerAndSignIn(agent);
    const asker = browser();
    asker.acceptLanguage = 'en';
    await asker.post('/api/auth/forgot-password', { email });
    const mail = await t.smtp.waitFor(email, isResetMail);
    expect(mail.subject).toBe('Ustaw nowe hasło w Printomat');
    expect(mail.text).toContain('Link działa jeden raz przez 30 minut.');
  });

  it('limits links per address (known or not, same answer) and per client address', async () => {
    const from = browser();
    const { email } = await registerAndSignIn(new TestAgent(t.app));
    const unknown = uniqueEmail('nobody');
    for (const address of [email, unknown]) {
      for (let i = 0; i < 3; i++) {
        const res = await browser().post('/api/auth/forgot-password', { email: address });
        expect(res.statusCode).toBe(200);
      }
      const over = await browser().post('/api/auth/forgot-password', { email: address });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'rate_limited',
        message: 'Too many attempts. Try again in 60 minutes.',
      });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
    }
    await mailQueueDrained();
    expect(t.smtp.mails.filter((m) => m.to.includes(email) && isResetMail(m))).toHaveLength(3);

    // One client address sweeping through addresses: 6 per hour.
    for (let i = 0; i < 6; i++) {
      const res = await from.post('/api/auth/forgot-password', { email: uniqueEmail('sweep') });
      expect(res.statusCode).toBe(200);
    }
    const swept = await from.post('/api/auth/forgot-password', { email: uniqueEmail('sweep') });
    expect(swept.statusCode).toBe(429);
  });
});

describe('setting a new password through the link', () => {
  it('sets it once, ends every session, signs this browser in and says so by mail', async () => {
    const laptop = new TestAgent(t.app);
    const { email, password, id } = await registerAndSignIn(laptop);
    const phone = new TestAgent(t.app);
    expect((await phone.post('/api/auth/sign-in', { email, password })).statusCode).toBe(200);
    expect((await laptop.get('/ajax/user')).statusCode).toBe(200);

    const link = await resetLinkFor(email);
    const fresh = browser();
    const check = await fresh.post('/api/auth/reset-password/check', { token: tokenOf(link) });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email });

    const res = await reset(fresh, link);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id, email, email_confirmed: true });
    // This browser is signed in with a new session …
    const session = await fresh.get('/api/session');
    expect(session.json().user).toMatchObject({ id, email });
    // … and every session from before is gone.
    expect((await laptop.get('/ajax/user')).statusCode).toBe(401);
    expect((await phone.get('/ajax/user')).statusCode).toBe(401);
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(sessions).toHaveLength(1);

    const signIn = new TestAgent(t.app);
    expect((await signIn.post('/api/auth/sign-in', { email, password })).statusCode).toBe(401);
    const ok = await signIn.post('/api/auth/sign-in', { email, password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);

    const changed = await t.smtp.waitFor(email, (m) => m.subject.includes('was changed'));
    expect(changed.subject).toBe('Your Printomat password was changed');
    expect(linkFrom(changed, '/forgot-password')).toBe('http://printomat.test/forgot-password');

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', String(id))
      .where('action', 'like', 'user.password_reset%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'user.password_reset_requested', actor_user_id: null },
      { action: 'user.password_reset', actor_user_id: id },
    ]);

    // The link is used up: a second use is refused, and says why.
    const again = await reset(browser(), link, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'reset_link_used',
      message:
        'This password reset link was already used. If you still cannot sign in, ask for a new one.',
    });
    const recheck = await browser().post('/api/auth/reset-password/check', {
      token: tokenOf(link),
    });
    expect(recheck.json().code).toBe('reset_link_used');
    const still = await new TestAgent(t.app).post('/api/auth/sign-in', {
      email,
      password: NEW_PASSWORD,
    });
    expect(still.statusCode).toBe(200);
  });

  it('confirms the address: the link proved the mailbox', async () => {
    const { email } = await registerAndSignIn(new TestAgent(t.app));
    expect((await findUserByEmail(t.ctx.db, email))?.email_confirmed_at).toBeNull();
    const res = await reset(browser(), await resetLinkFor(email));
    expect(res.json().user.email_confirmed).toBe(true);
    expect((await findUserByEmail(t.ctx.db, email))?.email_confirmed_at).toBeInstanceOf(Date);
  });

  it('ends the account’s other open links when one is used', async () => {
    const { email } = await registerAndSignIn(new TestAgent(t.app));
    const first = await resetLinkFor(email);
    const second = await resetLinkFor(email);
    expect(first).not.toBe(second);
    expect((await reset(browser(), second)).statusCode).toBe(200);
    const old = await reset(browser(), first, 'an attacker password');
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('reset_link_used');
  });

  it('refuses an expired link, and an unknown one', async () => {
    const { email, password } = await registerAndSignIn(new TestAgent(t.app));
    const link = await resetLinkFor(email);
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + 31 * 60_000);
    try {
      const agent = browser();
      agent.acceptLanguage = 'pl';
      const check = await agent.post('/api/auth/reset-password/check', { token: tokenOf(link) });
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual({
        code: 'reset_link_expired',
        message: 'Ten link do resetowania hasła wygasł. Poproś o nowy.',
      });
      const res = await reset(agent, link);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('reset_link_expired');
    } finally {
      t.ctx.now = realNow;
    }
    const unknown = await browser().post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'reset_link_invalid',
      message: 'This password reset link is not valid. Ask for a new one.',
    });
    // Nothing changed: the old password still works.
    const signIn = await new TestAgent(t.app).post('/api/auth/sign-in', { email, password });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a made-up token before the costly hashing, and limits tries per client address', async () => {
    const madeUp = (agent: TestAgent) =>
      agent.post('/api/auth/reset-password', {
        token: randomToken(),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
    // Browsers with their CSRF cookie already, and the route warmed up.
    const agents = Array.from({ length: 8 }, () => browser());
    for (const agent of agents) await agent.get('/api/session');
    expect((await madeUp(browser())).statusCode).toBe(400);

    // Refusing eight made-up tokens takes far less than hashing eight passwords would.
    let started = performance.now();
    for (let i = 0; i < 8; i++) await hashPassword(NEW_PASSWORD);
    const hashing = performance.now() - started;
    started = performance.now();
    for (const agent of agents) {
      const res = await madeUp(agent);
      expect(res.json().code).toBe('reset_link_invalid');
    }
    const refusing = performance.now() - started;
    expect(refusing).toBeLessThan(hashing / 2);

    // One client address: 6 tries an hour here, then 429 (a valid link from there, too).
    const from = browser();
    for (let i = 0; i < 6; i++) expect((await madeUp(from)).statusCode).toBe(400);
    const over = await madeUp(from);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    const { email } = await registerAndSignIn(new TestAgent(t.app));
    expect((await reset(from, await resetLinkFor(email))).statusCode).toBe(429);
  });

  it('uses one of two links of an account used at the same moment, and says so of the other', async () => {
    const { email, id } = await registerAndSignIn(new TestAgent(t.app));
    const first = await resetLinkFor(email);
    const second = await resetLinkFor(email);
    // Using a link of this account takes a while (a slow disk): both are in flight at once.
    await sql`CREATE TABLE IF NOT EXISTS test_slow_resets (user_id int PRIMARY KEY)`.execute(
      t.ctx.db,
    );
    await sql`
      CREATE OR REPLACE FUNCTION test_slow_resets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_slow_resets WHERE user_id = NEW.user_id) THEN
          PERFORM pg_sleep(0.3);
        END IF;
        RETURN NEW;
      END $$`.execute(t.ctx.db);
    await sql`
      CREATE OR REPLACE TRIGGER test_slow_resets BEFORE UPDATE ON password_resets
      FOR EACH ROW EXECUTE FUNCTION test_slow_resets()`.execute(t.ctx.db);
    await sql`INSERT INTO test_slow_resets (user_id) VALUES (${id})`.execute(t.ctx.db);
    try {
      const answers = await Promise.all([
        reset(browser(), first, 'the first new password'),
        reset(browser(), second, 'the second new password'),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 400]);
      const refused = answers.find((a) => a.statusCode === 400);
      expect(refused?.json().code).toBe('reset_link_used');
      // The password is the one the successful link set.
      const winner = answers[0]?.statusCode === 200 ? 'the first' : 'the second';
      const signIn = await new TestAgent(t.app).post('/api/auth/sign-in', {
        email,
        password: `${winner} new password`,
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await sql`DELETE FROM test_slow_resets WHERE user_id = ${id}`.execute(t.ctx.db);
    }
  });

  it('holds the new password to the sign-up rules, leaving the link usable', async () => {
    const { email } = await registerAndSignIn(new TestAgent(t.app));
    const link = await resetLinkFor(email);
    const agent = browser();
    const short = await agent.post('/api/auth/reset-password', {
      token: tokenOf(link),
      password: 'short',
      password_confirmation: 'other',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      password: ['is too short (minimum is 8 characters)'],
      password_confirmation: ["doesn't match Password"],
    });
    expect((await reset(agent, link)).statusCode).toBe(200);
  });

  it('lets a Facebook-only account set a password', async () => {
    const email = uniqueEmail('fb');
    await insertUser(t.ctx.db, {
      email,
      password_hash: null,
      facebook_id: `fb-${email}`,
      email_confirmed_at: new Date(),
      referral_code: randomCode(8),
    });
    const signInBefore = await new TestAgent(t.app).post('/api/auth/sign-in', {
      email,
      password: NEW_PASSWORD,
    });
    expect(signInBefore.json().code).toBe('facebook_required');
    const res = await reset(browser(), await resetLinkFor(email));
    expect(res.json().user).toMatchObject({ has_password: true, has_facebook: true });
    const signIn = await new TestAgent(t.app).post('/api/auth/sign-in', {
      email,
      password: NEW_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('the account’s language after signing in from a browser in another language', () => {
  it('keeps a language picked just before signing in, for the account and its mail', async () => {
    const owner = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(owner);
    await owner.put('/api/account/locale', { locale: 'pl' });

    // Another browser, switched to German before signing in: it stays German, and so does the
    // account from now on.
    const borrowed = new TestAgent(t.app);
    await borrowed.put('/api/account/locale', { locale: 'de' });
    expect((await borrowed.get('/api/session')).json().locale).toBe('de');
    const signIn = await borrowed.post('/api/auth/sign-in', { email, password });
    expect(signIn.json().user.locale).toBe('de');
    expect(borrowed.cookies.get('lang')).toBe('de');
    expect((await borrowed.get('/api/session')).json()).toMatchObject({
      locale: 'de',
      user: { locale: 'de' },
    });
    expect((await findUserByEmail(t.ctx.db, email))?.locale).toBe('de');

    // Mail goes in that same language.
    const change = await borrowed.put('/api/account/password', {
      old_password: password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(change.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/forgot-password'));
    expect(mail.subject).toBe('Dein Printomat-Passwort wurde geändert');

    // A browser that never picked a language takes the account's.
    const phone = new TestAgent(t.app);
    phone.acceptLanguage = 'pl';
    await phone.post('/api/auth/sign-in', { email, password: NEW_PASSWORD });
    expect(phone.cookies.get('lang')).toBe('de');
    expect((await phone.get('/api/session')).json()).toMatchObject({
      locale: 'de',
      user: { locale: 'de' },
    });

    // Switching here, signed in, moves the account (and so the mails) along.
    await borrowed.put('/api/account/locale', { locale: 'en' });
    expect((await findUserByEmail(t.ctx.db, email))?.locale).toBe('en');

    // Signed out, the browser keeps the last language as a guest's choice.
    await borrowed.post('/api/auth/sign-out');
    expect((await borrowed.get('/api/session')).json().locale).toBe('en');
  });

  it('after a reset link too: the browser’s language, in pages and in the mail saying so', async () => {
    const agent = new TestAgent(t.app);
    const { email } = await registerAndSignIn(agent);
    await agent.put('/api/account/locale', { locale: 'de' });
    const borrowed = browser();
    await borrowed.put('/api/account/locale', { locale: 'pl' });
    const res = await reset(borrowed, await resetLinkFor(email));
    expect(res.json().user.locale).toBe('pl');
    expect(borrowed.cookies.get('lang')).toBe('pl');
    expect((await borrowed.get('/api/session')).json().locale).toBe('pl');
    const changed = await t.smtp.waitFor(email, (m) => m.text.includes('/forgot-password'));
    expect(changed.subject).toBe('Twoje hasło w Printomat zostało zmienione');

    // Without a picked language, the browser takes the account's.
    const other = browser();
    const again = await reset(other, await resetLinkFor(email), 'one more new password');
    expect(again.json().user.locale).toBe('pl');
    expect(other.cookies.get('lang')).toBe('pl');
  });
});
