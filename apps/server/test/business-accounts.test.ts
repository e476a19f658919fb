import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBusinessPackageList, TBusinessProfile } from '@printomat/shared';
import { seedPackages } from '../src/seed/packages-seed';
import { signInNewAdmin } from './helpers/admin';
import { linkFrom } from './helpers/smtp';
import {
  createTestApp,
  registerAndSignIn,
  TestAgent,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  // Many sign-ups from one test address: the per-address limit is rate-limits.test.ts's business.
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: '1000/1h' });
  await seedPackages(t.ctx.db);
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
let nipSeed = 100_000_000 + Math.floor(Math.random() * 800_000_000);

/** A NIP no other test (or run) of this database has used: 10 digits, right check digit. */
function freshNip(): string {
  for (;;) {
    nipSeed += 1;
    const first9 = String(nipSeed);
    const check = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first9[i]), 0) % 11;
    if (check !== 10) return `${first9}${check}`;
  }
}
const dashed = (nip: string) =>
  `${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`;

const company = (nip: string, overrides: Record<string, unknown> = {}) => ({
  business_name: 'Drukarnia Testowa sp. z o.o.',
  address: 'ul. Prosta 5/2',
  city: 'Kraków',
  postcode: '31-042',
  country: 'PL',
  nip_number: nip,
  ...overrides,
});

const signUpBody = (email: string, nip: string, overrides: Record<string, unknown> = {}) => ({
  email,
  email_confirmation: email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...company(nip),
  ...overrides,
});

async function signUp(nip: string, overrides: Record<string, unknown> = {}) {
  const agent = new TestAgent(t.app);
  const email = uniqueEmail('firma');
  const res = await agent.post('/api/business/sign-up', signUpBody(email, nip, overrides));
  return { agent, email, res };
}

/** Follows the confirmation link of the account's mail (as the person would). */
async function confirm(email: string) {
  const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/confirm-email'));
  const token = new URL(linkFrom(mail, '/confirm-email')).searchParams.get('token');
  const res = await new TestAgent(t.app).post('/api/auth/confirm-email', { token });
  expect(res.statusCode, res.body).toBe(200);
}

/** A business sign-up whose e-mail is then confirmed: answers its agent and account id. */
async function confirmedSignUp(nip: string) {
  const { agent, email, res } = await signUp(nip);
  expect(res.statusCode, res.body).toBe(201);
  await confirm(email);
  return { agent, email, id: res.json().user.id as number };
}

const profileOf = async (agent: TestAgent) =>
  (await agent.get('/api/business/profile')).json<TBusinessProfile>();

const remaining = async (agent: TestAgent) =>
  (await agent.get('/ajax/user')).json<{ remaining_page_limit: number }>().remaining_page_limit;

const trialsOf = (nip: string) =>
  t.ctx.db
    .selectFrom('business_trials')
    .selectAll()
    .where('tax_country', '=', 'PL')
    .where('tax_id', '=', nip)
    .execute();

const DAY_MS = 86_400_000;

describe('business sign-up', () => {
  it('creates a signed-in business account; its 50 test pages for 14 days come with the e-mail confirmation', async () => {
    const nip = freshNip();
    const { agent, email, res } = await signUp(nip, { locale: 'pl' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({
      email,
      role: 'business',
      email_confirmed: false,
      locale: 'pl',
      remaining_page_limit: 0,
    });
    expect(res.cookies.some((c) => c.name === 'sid' && c.value !== '')).toBe(true);

    const profile = await agent.get('/api/business/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json<TBusinessProfile>()).toMatchObject({
      business_name: 'Drukarnia Testowa sp. z o.o.',
      address: 'ul. Prosta 5/2',
      city: 'Kraków',
      postcode: '31-042',
      country: 'PL',
      nip_number: nip,
      trial: null,
      trial_status: 'awaiting_confirmation',
    });
    // Nothing is claimed yet: an unconfirmed sign-up cannot take a company's trial.
    expect(await trialsOf(nip)).toHaveLength(0);

    // Confirmed like any account: the mail in the chosen language.
    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toBe('Potwierdź swój adres e-mail w Printomat');
    await confirm(email);
    expect(await remaining(agent)).toBe(50);
    const body = await profileOf(agent);
    expect(body).toMatchObject({ trial: { pages: 50 }, trial_status: 'granted' });
    const expiresIn = Date.parse(body.trial?.expires_at ?? '') - Date.now();
    expect(Math.abs(expiresIn - 14 * DAY_MS)).toBeLessThan(60_000);
    expect(await trialsOf(nip)).toMatchObject([{ user_id: res.json().user.id, pages: 50 }]);

    // The link is used up: it cannot be followed for more pages.
    const again = await new TestAgent(t.app).post('/api/auth/confirm-email', {
      token: new URL(linkFrom(mail, '/confirm-email')).searchParams.get('token'),
    });
    expect(again.statusCode).toBe(400);
    expect(await remaining(agent)).toBe(50);
  });

  it('gives the pages when an admin vouches for the address, or a password reset proves it', async () => {
    const byAdmin = await signUp(freshNip());
    const admin = await signInNewAdmin(t);
    const id = byAdmin.res.json().user.id as number;
    expect((await admin.post(`/api/admin/users/${id}/confirm-email`, {})).statusCode).toBe(200);
    expect(await remaining(byAdmin.agent)).toBe(50);
    expect((await profileOf(byAdmin.agent)).trial_status).toBe('granted');

    const byReset = await signUp(freshNip());
    const asked = await new TestAgent(t.app).post('/api/auth/forgot-password', {
      email: byReset.email,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await t.smtp.waitFor(byReset.email, (m) => m.text.includes('/reset-password'));
    const token = new URL(linkFrom(mail, '/reset-password')).searchParams.get('token');
    const reset = await new TestAgent(t.app).post('/api/auth/reset-password', {
      token,
      password: 'another horse battery',
      password_confirmation: 'another horse battery',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = new TestAgent(t.app);
    expect(
      (
        await signedIn.post('/api/auth/sign-in', {
          email: byReset.email,
          password: 'another horse battery',
        })
      ).statusCode,
    ).toBe(200);
    expect(await remaining(signedIn)).toBe(50);
  });

  it('answers invalid NIP and postcode, and blank fields, in Polish', async () => {
    const agent = new TestAgent(t.app);
    agent.acceptLanguage = 'pl-PL,pl;q=0.9';
    const email = uniqueEmail('firma');
    let res = await agent.post(
      '/api/business/sign-up',
      signUpBody(email, '526-104-00-02', { postcode: '31042' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      nip_number: ['jest nieprawidłowe'],
      postcode: ['jest nieprawidłowe'],
    });

    res = await agent.post(
      '/api/business/sign-up',
      signUpBody(email, '', { business_name: ' ', address: '', city: '', postcode: '' }),
    );
    expect(res.json().errors).toEqual({
      business_name: ['nie może być puste'],
      address: ['nie może być puste'],
      city: ['nie może być puste'],
      postcode: ['nie może być puste'],
      nip_number: ['nie może być puste'],
    });

    // A German company gives its USt-IdNr. (checksum checked), with a German postcode.
    res = await agent.post(
      '/api/business/sign-up',
      signUpBody(email, 'DE136695978', { country: 'DE', postcode: '10115' }),
    );
    expect(res.json().errors).toEqual({ nip_number: ['jest nieprawidłowe'] });
    // A NIP for a company outside Poland does not fit either.
    res = await agent.post(
      '/api/business/sign-up',
      signUpBody(email, freshNip(), { country: 'DE', postcode: '10115' }),
    );
    expect(res.json().errors).toEqual({ nip_number: ['jest nieprawidłowe'] });
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute(),
    ).toHaveLength(0);
  });

  it('accepts an EU company by its VAT number', async () => {
    const { agent, res } = await signUp('DE 136 695 976', {
      country: 'DE',
      postcode: '10115',
      city: 'Berlin',
    });
    expect(res.statusCode, res.body).toBe(201);
    const profile = (await agent.get('/api/business/profile')).json<TBusinessProfile>();
    expect(profile).toMatchObject({ country: 'DE', nip_number: 'DE136695976' });
  });

  it('refuses an address that has an account, and keeps nothing of the attempt', async () => {
    const personal = new TestAgent(t.app);
    const { email } = await registerAndSignIn(personal);
    const nip = freshNip();
    const agent = new TestAgent(t.app);
    const res = await agent.post('/api/business/sign-up', signUpBody(email, nip));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['has already been taken'] });
    // The NIP's test pages are still there for the company's real sign-up.
    expect(await trialsOf(nip)).toHaveLength(0);
    const later = await confirmedSignUp(nip);
    expect(await remaining(later.agent)).toBe(50);
  });

  it('gives the test pages once per NIP, however it is typed, and says so', async () => {
    const nip = freshNip();
    const first = await confirmedSignUp(nip);
    expect(await remaining(first.agent)).toBe(50);

    const second = await signUp(dashed(nip));
    expect(second.res.statusCode, second.res.body).toBe(201);
    // Told before the confirmation, so the company does not wait for pages that will not come.
    expect(await profileOf(second.agent)).toMatchObject({
      nip_number: nip,
      trial: null,
      trial_status: 'tax_number_used',
    });
    await confirm(second.email);
    expect(await remaining(second.agent)).toBe(0);
    expect((await profileOf(second.agent)).trial_status).toBe('tax_number_used');

    const third = await confirmedSignUp(`PL${nip}`);
    expect(await remaining(third.agent)).toBe(0);
    expect(await trialsOf(nip)).toMatchObject([{ user_id: first.id }]);
  });

  it('gives the trial to whichever company confirms first, not to whichever signed up first', async () => {
    const nip = freshNip();
    const squatter = await signUp(nip);
    const company = await confirmedSignUp(dashed(nip));
    expect(await remaining(company.agent)).toBe(50);
    await confirm(squatter.email);
    expect(await remaining(squatter.agent)).toBe(0);
    expect((await profileOf(squatter.agent)).trial_status).toBe('tax_number_used');
  });

  it('gives exactly one trial to two confirmations racing with one NIP', async () => {
    const nip = freshNip();
    const signUps = [await signUp(nip), await signUp(dashed(nip))];
    for (const { res } of signUps) expect(res.statusCode, res.body).toBe(201);
    await Promise.all(signUps.map(({ email }) => confirm(email)));
    const pages = (await Promise.all(signUps.map(({ agent }) => remaining(agent)))).sort();
    expect(pages).toEqual([0, 50]);
    const trials = await trialsOf(nip);
    expect(trials).toHaveLength(1);
    const grants = await t.ctx.db
      .selectFrom('page_grants')
      .select(['user_id', 'pages'])
      .where('source', '=', 'business_trial')
      .where('id', '=', trials[0]?.grant_id ?? -1)
      .execute();
    expect(grants).toHaveLength(1);
    expect(grants[0]?.pages).toBe(50);
  });

  it('never gives the trial again after the account is deleted', async () => {
    const nip = freshNip();
    const { agent, id } = await confirmedSignUp(nip);
    const deleted = await agent.request('DELETE', '/api/account', { confirmation: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.ctx.db
        .selectFrom('business_profiles')
        .select('user_id')
        .where('user_id', '=', id)
        .execute(),
    ).toHaveLength(0);
    expect(await trialsOf(nip)).toMatchObject([{ user_id: null, pages: 50 }]);

    const again = await confirmedSignUp(nip);
    expect(await remaining(again.agent)).toBe(0);
  });
});

describe('turning a personal account into a business one', () => {
  it('makes a confirmed account a business one with its company and, at once, the test pages', async () => {
    const agent = new TestAgent(t.app);
    const { email } = await registerAndSignIn(agent);
    await confirm(email);
    expect((await agent.get('/api/business/profile')).statusCode).toBe(404);

    const nip = freshNip();
    const res = await agent.post('/api/business/convert', company(dashed(nip)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nip_number: nip,
      trial: { pages: 50 },
      trial_status: 'granted',
    });
    expect((await agent.get('/api/session')).json().user.role).toBe('business');
    expect(await remaining(agent)).toBe(50);
    expect((await agent.get('/api/business/profile')).json()).toMatchObject({ nip_number: nip });

    agent.cookies.set('lang', 'pl'); // the language switch (wins over the account's)
    const again = await agent.post('/api/business/convert', company(freshNip()));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'already_business',
      message: 'To konto jest już kontem firmowym.',
    });
  });

  it('gives an unconfirmed account its test pages when it confirms its e-mail', async () => {
    const agent = new TestAgent(t.app);
    const { email } = await registerAndSignIn(agent);
    const nip = freshNip();
    const res = await agent.post('/api/business/convert', company(nip));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ trial: null, trial_status: 'awaiting_confirmation' });
    expect(await remaining(agent)).toBe(0);
    expect(await trialsOf(nip)).toHaveLength(0);

    await confirm(email);
    expect(await remaining(agent)).toBe(50);
    expect(await profileOf(agent)).toMatchObject({ trial: { pages: 50 }, trial_status: 'granted' });
  });

  it('gives no test pages when the NIP already had them', async () => {
    const nip = freshNip();
    await confirmedSignUp(nip);
    const agent = new TestAgent(t.app);
    const { email } = await registerAndSignIn(agent);
    await confirm(email);
    const res = await agent.post('/api/business/convert', company(nip));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ trial: null, trial_status: 'tax_number_used' });
    expect(await remaining(agent)).toBe(0);
  });

  it('is refused to admins and to people not signed in', async () => {
    const admin = await signInNewAdmin(t);
    expect((await admin.post('/api/business/convert', company(freshNip()))).statusCode).toBe(403);
    const stranger = new TestAgent(t.app);
    expect((await stranger.post('/api/business/convert', company(freshNip()))).statusCode).toBe(
      401,
    );
    // Invalid details are refused before anything happens.
    const agent = new TestAgent(t.app);
    await registerAndSignIn(agent);
    const bad = await agent.post('/api/business/convert', company('1234567890'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ nip_number: ['is invalid'] });
    expect((await agent.get('/api/session')).json().user.role).toBe('user');
  });
});

describe('the company details', () => {
  const auditOf = (userId: number) =>
    t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', String(userId))
      .where('action', 'like', 'business.%')
      .orderBy('id')
      .execute();

  it('are changed by their owner; a new NIP is audited and brings no test pages', async () => {
    const nip = freshNip();
    const { agent, id } = await confirmedSignUp(nip);

    const moved = await agent.put(
      '/api/business/profile',
      company(nip, { city: 'Gdańsk', postcode: '80-001' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ city: 'Gdańsk', postcode: '80-001', nip_number: nip });

    const newNip = freshNip();
    const renumbered = await agent.put(
      '/api/business/profile',
      company(`PL ${dashed(newNip)}`, { city: 'Gdańsk', postcode: '80-001' }),
    );
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    expect(renumbered.json()).toMatchObject({ nip_number: newNip, trial: { pages: 50 } });
    expect(await remaining(agent)).toBe(50);
    expect(await trialsOf(newNip)).toHaveLength(0);

    const audit = await auditOf(id);
    const details = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d);
    expect(audit.map((a) => ({ action: a.action, details: details(a.details) }))).toEqual([
      { action: 'business.trial_granted', details: { pages: 50, days: 14 } },
      { action: 'business.profile_updated', details: { fields: ['city', 'postcode'] } },
      { action: 'business.tax_id_changed', details: { old: nip, new: newNip } },
    ]);

    // The same details again change nothing and write nothing.
    await agent.put(
      '/api/business/profile',
      company(newNip, { city: 'Gdańsk', postcode: '80-001' }),
    );
    expect(await auditOf(id)).toHaveLength(3);

    agent.cookies.set('lang', 'pl'); // the language switch (wins over the account's)
    const bad = await agent.put('/api/business/profile', company('5261040002'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ nip_number: ['jest nieprawidłowe'] });
  });

  it('do not exist for a personal account or an admin (404)', async () => {
    const agent = new TestAgent(t.app);
    await registerAndSignIn(agent);
    expect((await agent.get('/api/business/profile')).statusCode).toBe(404);
    expect((await agent.put('/api/business/profile', company(freshNip()))).statusCode).toBe(404);
    const admin = await signInNewAdmin(t);
    expect((await admin.get('/api/business/profile')).statusCode).toBe(404);
    expect((await new TestAgent(t.app).get('/api/business/profile')).statusCode).toBe(401);
  });
});

describe('business packages', () => {
  it('are listed publicly with net, 23 % VAT and gross, payable by card or transfer', async () => {
    const res = await new TestAgent(t.app).get('/api/business/packages');
    expect(res.statusCode).toBe(200);
    const list = res.json<TBusinessPackageList>();
    expect(list.packages.map((p) => p.code)).toEqual(['S', 'M', 'L', 'XL']);
    expect(list.packages[0]).toMatchObject({
      code: 'S',
      pages: 500,
      net_minor: 9900,
      vat_minor: 2277,
      gross_minor: 12177,
      vat_rate: 23,
      currency: 'PLN',
    });
    expect(list.packages[1]).toMatchObject({
      net_minor: 34900,
      vat_minor: 8027,
      gross_minor: 42927,
    });
    for (const p of list.packages) {
      expect(p.gross_minor).toBe(p.net_minor + p.vat_minor);
      expect(p.vat_minor).toBe(Math.round((p.net_minor * 23) / 100));
    }
    // The sandbox takes card, transfer, BLIK and SMS: a business pays by card or transfer only.
    expect(list.payment_methods).toEqual(['card', 'transfer']);
  });
});
