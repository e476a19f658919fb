import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let clock: Date;
beforeAll(async () => {
  t = await createTestApp({ MIN_APP_VERSION: '3.0.0', OLD_APP_EXTRA_PAGES: '10' });
  t.ctx.now = () => clock;
});
beforeEach(() => {
  clock = new Date();
});
afterAll(() => t.close());

const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

async function signedIn(locale = 'en') {
  const agent = new TestAgent(t.app);
  agent.acceptLanguage = locale;
  const account = await registerAndSignIn(agent);
  return { agent, ...account };
}

/** The code in the latest SMS the sandbox "sent" to this number. */
async function lastCode(to: string): Promise<string> {
  const sms = await t.ctx.db
    .selectFrom('sms_outbox')
    .selectAll()
    .where('to_number', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no code in ${sms.body}`);
  return code;
}

const outboxCount = async (to: string) =>
  (await t.ctx.db.selectFrom('sms_outbox').select('id').where('to_number', '=', to).execute())
    .length;

const fieldMessage = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { phone_number?: string[] } }).errors?.phone_number;

describe('phone number', () => {
  it('needs a session', async () => {
    const guest = new TestAgent(t.app);
    expect((await guest.get('/api/phone')).statusCode).toBe(401);
    expect((await guest.post('/api/phone', { phone_number: '+48501000000' })).statusCode).toBe(401);
  });

  it('adds a number, texts a code and verifies it', async () => {
    const { agent } = await signedIn();
    let res = await agent.post('/api/phone', { phone_number: '+48 501 100 200' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phone_number: null,
      pending: { phone_number: '+48501100200' },
    });
    const sms = await t.ctx.db
      .selectFrom('sms_outbox')
      .selectAll()
      .where('to_number', '=', '+48501100200')
      .executeTakeFirstOrThrow();
    expect(sms.body).toMatch(
      /^Printomat: your verification code is \d{6}\. It is valid for 10 minutes\.$/,
    );
    // Stored hashed: the code itself is nowhere in the database.
    const row = await t.ctx.db
      .selectFrom('phone_verifications')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(await lastCode('+48501100200'));

    res = await agent.post('/api/phone/verify', {
      sms_verification_code: await lastCode('+48501100200'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone_number: '+48501100200', pending: null });
    expect((await agent.get('/api/phone')).json()).toMatchObject({ phone_number: '+48501100200' });
  });

  it("says can't be blank, is invalid, is not supported and is blacklisted", async () => {
    const { agent } = await signedIn();
    const cases: [string, string][] = [
      ['', "can't be blank"],
      ['12', 'is invalid'],
      ['phone me', 'is invalid'],
      ['+48 12345', 'is invalid'],
      ['+1 212 555 0100', 'is not supported'],
      ['+7 912 345 67 89', 'is not supported'],
      ['+48 700 123 456', 'is blacklisted'],
    ];
    for (const [input, message] of cases) {
      const res = await agent.post('/api/phone', { phone_number: input });
      expect(res.statusCode, input).toBe(422);
      expect(res.json(), input).toMatchObject({
        message: 'Please correct the highlighted fields.',
        errors: { phone_number: [message] },
      });
    }
    expect(await outboxCount('+48700123456')).toBe(0);
  });

  it('answers in the person’s language', async () => {
    const { agent } = await signedIn('pl');
    let res = await agent.post('/api/phone', { phone_number: '+1 212 555 0100' });
    expect(fieldMessage(res)).toEqual(['nie jest obsługiwany']);
    res = await agent.post('/api/phone/verify', { sms_verification_code: '000000' });
    expect(res.json()).toMatchObject({ message: 'Nieprawidłowy kod' });
  });

  it('says "has already been taken" when another account verified the number', async () => {
    const first = await signedIn();
    await first.agent.post('/api/phone', { phone_number: '+48 501 300 400' });
    await first.agent.post('/api/phone/verify', {
      sms_verification_code: await lastCode('+48501300400'),
    });
    advance(31);
    const second = await signedIn();
    const res = await second.agent.post('/api/phone', { phone_number: '0048501300400' });
    expect(res.statusCode).toBe(422);
    expect(fieldMessage(res)).toEqual(['has already been taken']);
  });

  it('says "has already been taken" at verification when another account verified it meanwhile', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await a.agent.post('/api/phone', { phone_number: '+48 501 300 500' });
    const codeForA = await lastCode('+48501300500');
    advance(31);
    await b.agent.post('/api/phone', { phone_number: '+48 501 300 500' });
    await b.agent.post('/api/phone/verify', {
      sms_verification_code: await lastCode('+48501300500'),
    });
    const res = await a.agent.post('/api/phone/verify', { sms_verification_code: codeForA });
    expect(res.statusCode).toBe(422);
    expect(fieldMessage(res)).toEqual(['has already been taken']);
    expect((await a.agent.get('/api/phone')).json()).toMatchObject({ phone_number: null });
    expect((await b.agent.get('/api/phone')).json()).toMatchObject({
      phone_number: '+48501300500',
    });
  });

  it('says "was checked less than 30s ago" for a number texted in the last 30 s', async () => {
    const { agent } = await signedIn();
    expect((await agent.post('/api/phone', { phone_number: '+48 501 500 600' })).statusCode).toBe(
      200,
    );
    advance(10);
    let res = await agent.post('/api/phone', { phone_number: '+48 501 500 600' });
    expect(res.statusCode).toBe(422);
    expect(fieldMessage(res)).toEqual(['was checked less than 30s ago']);
    // Someone else cannot make us text the same person either.
    const other = await signedIn();
    res = await other.agent.post('/api/phone', { phone_number: '+48501500600' });
    expect(fieldMessage(res)).toEqual(['was checked less than 30s ago']);
    expect(await outboxCount('+48501500600')).toBe(1);
    advance(21);
    res = await agent.post('/api/phone', { phone_number: '+48 501 500 600' });
    expect(res.statusCode).toBe(200);
    expect(await outboxCount('+48501500600')).toBe(2);
  });

  it('says "Wait at least 30 seconds" for a resend too soon, then sends a new code', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/phone', { phone_number: '+49 151 23456789' });
    const firstCode = await lastCode('+4915123456789');
    advance(29);
    let res = await agent.post('/api/phone/resend');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: 'Wait at least 30 seconds', code: 'sms_wait' });
    expect(await outboxCount('+4915123456789')).toBe(1);
    advance(2);
    res = await agent.post('/api/phone/resend');
    expect(res.statusCode).toBe(200);
    const secondCode = await lastCode('+4915123456789');
    expect(await outboxCount('+4915123456789')).toBe(2);
    if (firstCode !== secondCode) {
      res = await agent.post('/api/phone/verify', { sms_verification_code: firstCode });
      expect(res.json()).toMatchObject({ message: 'Invalid code' });
    }
    res = await agent.post('/api/phone/verify', { sms_verification_code: secondCode });
    expect(res.json()).toMatchObject({ phone_number: '+4915123456789' });
  });

  it('says "Invalid code" for a wrong, expired or over-tried code', async () => {
    const { agent } = await signedIn();
    let res = await agent.post('/api/phone/verify', { sms_verification_code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Invalid code', code: 'invalid_code' });

    await agent.post('/api/phone', { phone_number: '+43 664 1234567' });
    const code = await lastCode('+436641234567');
    const wrong = code === '000000' ? '000001' : '000000';
    res = await agent.post('/api/phone/verify', { sms_verification_code: wrong });
    expect(res.json()).toMatchObject({ message: 'Invalid code' });
    res = await agent.post('/api/phone/verify', { sms_verification_code: '' });
    expect(res.json().errors).toEqual({ sms_verification_code: ["can't be blank"] });
    // Five wrong tries use the code up: even the right one is refused afterwards.
    for (let i = 0; i < 4; i += 1) {
      await agent.post('/api/phone/verify', { sms_verification_code: wrong });
    }
    res = await agent.post('/api/phone/verify', { sms_verification_code: code });
    expect(res.json()).toMatchObject({ message: 'Invalid code' });

    // Expired after 10 minutes.
    advance(31);
    await agent.post('/api/phone/resend');
    const fresh = await lastCode('+436641234567');
    advance(10 * 60 + 1);
    res = await agent.post('/api/phone/verify', { sms_verification_code: fresh });
    expect(res.json()).toMatchObject({ message: 'Invalid code' });
    expect((await agent.get('/api/phone')).json()).toMatchObject({ phone_number: null });
  });

  it('says "Unable to send SMS. Try again later." when the gateway fails, losing nothing', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/phone', { phone_number: '+48 501 700 800' });
    await agent.post('/api/phone/verify', {
      sms_verification_code: await lastCode('+48501700800'),
    });
    advance(31);
    let res = await agent.post('/api/phone', { phone_number: '+44 7700 900123' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'Unable to send SMS. Try again later.',
      code: 'sms_failed',
    });
    // The verified number stays; the failed send used up no limit.
    expect((await agent.get('/api/phone')).json()).toMatchObject({
      phone_number: '+48501700800',
      pending: null,
    });
    res = await agent.post('/api/phone', { phone_number: '+44 7911 123456' });
    expect(res.statusCode).toBe(200);
    expect(await outboxCount('+447911123456')).toBe(1);
  });

  it('limits the codes per day', async () => {
    const { agent } = await signedIn();
    for (let i = 0; i < 10; i += 1) {
      const res = await agent.post('/api/phone', { phone_number: `+48 502 000 0${10 + i}` });
      expect(res.statusCode).toBe(200);
      advance(31);
    }
    const res = await agent.post('/api/phone', { phone_number: '+48 502 000 099' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'sms_daily_limit' });
  });

  it('is removed with the account', async () => {
    const { agent, id } = await signedIn();
    await agent.post('/api/phone', { phone_number: '+48 503 000 111' });
    await agent.post('/api/phone/verify', {
      sms_verification_code: await lastCode('+48503000111'),
    });
    await t.ctx.db.deleteFrom('users').where('id', '=', id).execute();
    expect(
      await t.ctx.db.selectFrom('user_data').select('user_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.ctx.db.selectFrom('sms_sends').select('id').where('user_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('old app version', () => {
  async function phoneAppSignIn(
    agent: TestAgent,
    email: string,
    password: string,
    version?: string,
  ) {
    return agent.post(
      '/ajax/session',
      { email, password, is_mobile_app: true },
      version ? { headers: { 'x-app-version': version } } : {},
    );
  }
  const pagesOf = async (agent: TestAgent) =>
    (await agent.get('/ajax/user')).json<{ remaining_page_limit: number }>().remaining_page_limit;

  it('makes an outdated app verify a Polish mobile number before printing, then credits the extra once', async () => {
    const { agent, email, password } = await signedIn();
    const app = new TestAgent(t.app);
    app.acceptLanguage = 'en';
    expect((await phoneAppSignIn(app, email, password, '2.9.1')).statusCode).toBe(200);

    let res = await app.post('/ajax/printjobs/1/print', { printer_id: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'old_app_verification_required',
      message:
        'Your phone app is out of date. Verify your account by SMS to a Polish mobile number before printing.',
    });
    expect((await agent.get('/api/phone')).json()).toMatchObject({
      old_app_verification_required: true,
      old_app_extra_pages: 10,
    });

    // Only a Polish operator's mobile number will do.
    res = await agent.post('/api/phone', { phone_number: '+49 151 11112222' });
    expect(fieldMessage(res)).toEqual(['is not supported']);
    res = await agent.post('/api/phone', { phone_number: '+48 22 123 45 67' });
    expect(fieldMessage(res)).toEqual(['is not supported']);

    const before = await pagesOf(agent);
    await agent.post('/api/phone', { phone_number: '+48 600 100 200' });
    res = await agent.post('/api/phone/verify', {
      sms_verification_code: await lastCode('+48600100200'),
    });
    expect(res.json()).toMatchObject({
      phone_number: '+48600100200',
      old_app_verification_required: false,
      credited_pages: 10,
    });
    expect(await pagesOf(agent)).toBe(before + 10);

    res = await app.post('/ajax/printjobs/1/print', { printer_id: 1 });
    expect(res.json().code).not.toBe('old_app_verification_required');

    // Signing in again with the old app neither restricts nor credits again.
    expect((await phoneAppSignIn(app, email, password, '2.9.1')).statusCode).toBe(200);
    expect((await agent.get('/api/phone')).json()).toMatchObject({
      old_app_verification_required: false,
    });
    expect(await pagesOf(agent)).toBe(before + 10);
  });

  it('leaves current apps, apps that send no version and the web alone', async () => {
    const { agent, email, password } = await signedIn();
    const app = new TestAgent(t.app);
    await phoneAppSignIn(app, email, password, '3.0.0');
    await phoneAppSignIn(app, email, password);
    await app.post('/ajax/session', { email, password, is_mobile_app: true, app_version: '3.4' });
    expect((await agent.get('/api/phone')).json()).toMatchObject({
      old_app_verification_required: false,
    });
    const res = await app.post('/ajax/printjobs/1/print', { printer_id: 1 });
    expect(res.json().code).not.toBe('old_app_verification_required');
    // The version may also come in the body.
    await app.post('/ajax/session', { email, password, is_mobile_app: true, app_version: '1.0' });
    expect((await agent.get('/api/phone')).json()).toMatchObject({
      old_app_verification_required: true,
    });
  });

  it('counts an already verified Polish mobile number at once', async () => {
    const { agent, email, password } = await signedIn();
    await agent.post('/api/phone', { phone_number: '+48 790 100 200' });
    await agent.post('/api/phone/verify', {
      sms_verification_code: await lastCode('+48790100200'),
    });
    const before = await pagesOf(agent);
    const app = new TestAgent(t.app);
    await phoneAppSignIn(app, email, password, '2.0');
    expect((await agent.get('/api/phone')).json()).toMatchObject({
      old_app_verification_required: false,
    });
    expect(await pagesOf(agent)).toBe(before + 10);
  });
});
