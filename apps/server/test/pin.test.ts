import type * as NodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPinState } from '@printomat/shared';
import { setPin, verifyDevicePin } from '../src/modules/users';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 16, Deliver 4: PIN and ID for copying and scanning (the account's PIN page, and the
// check a printer's panel goes through).

// The IDs handed out, steerable: a queued value is given before random ones (collision tests).
const { queuedUids } = vi.hoisted(() => ({ queuedUids: [] as number[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof NodeCrypto>();
  const randomInt = ((min: number, max: number) =>
    queuedUids.shift() ?? original.randomInt(min, max)) as typeof original.randomInt;
  return { ...original, default: { ...original, randomInt }, randomInt };
});

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function person(locale?: 'en' | 'de' | 'pl') {
  const agent = new TestAgent(t.app);
  const user = await registerAndSignIn(agent);
  if (locale) expect((await agent.put('/api/account/locale', { locale })).statusCode).toBe(200);
  return { agent, ...user };
}

const userRow = (id: number) =>
  t.ctx.db
    .selectFrom('users')
    .select(['pin_uid', 'pin_hash', 'pin_set_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditOf = (id: number) =>
  t.ctx.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', String(id))
    .where('action', 'like', 'pin.%')
    .orderBy('id')
    .execute();

describe('the PIN page', () => {
  it('is for signed-in people only', async () => {
    const guest = new TestAgent(t.app);
    for (const res of [
      await guest.get('/ajax/user/pin'),
      await guest.put('/ajax/user/pin', { pin_code: '4829', pin_code_confirmation: '4829' }),
      await guest.post('/ajax/user/pin/reset'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('sets the first PIN with the password, gives a 6-digit ID and stores only a hash', async () => {
    const p = await person();
    expect((await p.agent.get('/ajax/user/pin')).json()).toEqual({
      pin_uid: null,
      pin_set: false,
      pin_set_at: null,
      password_required: true,
    });

    const res = await p.agent.put('/ajax/user/pin', {
      pin_code: '4829',
      pin_code_confirmation: '4829',
      old_password: p.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json<TPinState>();
    expect(state).toMatchObject({ pin_set: true, password_required: true });
    expect(state.pin_uid).toBeGreaterThanOrEqual(100000);
    expect(state.pin_uid).toBeLessThanOrEqual(999999);
    expect(Date.parse(state.pin_set_at ?? '')).not.toBeNaN();
    expect((await p.agent.get('/ajax/user/pin')).json()).toEqual(state);

    const row = await userRow(p.id);
    expect(row.pin_uid).toBe(state.pin_uid);
    expect(row.pin_hash).toMatch(/^scrypt\$/);
    expect(row.pin_hash).not.toContain('4829');
    expect(await verifyDevicePin(t.ctx.db, String(state.pin_uid), '4829')).toEqual({
      userId: p.id,
    });
    expect(await verifyDevicePin(t.ctx.db, String(state.pin_uid), '4828')).toBeNull();
    expect((await auditOf(p.id)).map((a) => a.action)).toEqual(['pin.set']);
  });

  it('changes the PIN only with the right current password, and keeps the ID', async () => {
    const p = await person();
    const first = (await setPin(t.ctx, p.id, '5071')).pin_uid;
    const change = (body: Record<string, string>) =>
      p.agent.put('/ajax/user/pin', { pin_code: '7305', pin_code_confirmation: '7305', ...body });

    let res = await change({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      code: 'validation',
      errors: { old_password: ["can't be blank"] },
    });
    res = await change({ old_password: 'not my password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ old_password: ['is incorrect'] });
    expect(await verifyDevicePin(t.ctx.db, String(first), '5071')).toEqual({ userId: p.id });

    res = await change({ old_password: p.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPinState>().pin_uid).toBe(first);
    expect(await verifyDevicePin(t.ctx.db, String(first), '5071')).toBeNull();
    expect(await verifyDevicePin(t.ctx.db, String(first), '7305')).toEqual({ userId: p.id });
  });

  it('answers every validation message at its field, all at once, in English', async () => {
    const p = await person('en');
    const put = (pin_code: string, pin_code_confirmation: string, old_password = 'wrong one') =>
      p.agent.put('/ajax/user/pin', { pin_code, pin_code_confirmation, old_password });

    let res = await put('', 'x', '');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      pin_code: ["can't be blank"],
      pin_code_confirmation: ["doesn't match PIN"],
      old_password: ["can't be blank"],
    });
    res = await put('12a', '12a');
    expect(res.json().errors).toEqual({
      pin_code: ['is not a number', 'is too short (minimum is 4 characters)'],
      old_password: ['is incorrect'],
    });
    res = await put('123456789', '123456789', p.password);
    expect(res.json().errors).toEqual({ pin_code: ['is too long (maximum is 8 characters)'] });
    res = await put('1234', '1234', p.password);
    expect(res.json().errors).toEqual({
      pin_code: ['is too easy to guess (all the same digit or a straight run such as 1234)'],
    });
    res = await put('0000', '0000', p.password);
    expect(res.json().errors.pin_code).toHaveLength(1);
    res = await put('4829', '4892', p.password);
    expect(res.json().errors).toEqual({ pin_code_confirmation: ["doesn't match PIN"] });
    expect((await userRow(p.id)).pin_hash).toBeNull();
  });

  it('answers them in Polish (and German) for a person who uses Polish', async () => {
    const p = await person('pl');
    let res = await p.agent.put('/ajax/user/pin', {
      pin_code: '',
      pin_code_confirmation: '1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Popraw zaznaczone pola.',
      code: 'validation',
      errors: {
        pin_code: ['nie może być puste'],
        pin_code_confirmation: ['nie zgadza się z polem PIN'],
        old_password: ['nie może być puste'],
      },
    });
    res = await p.agent.put('/ajax/user/pin', {
      pin_code: 'abc',
      pin_code_confirmation: 'abc',
      old_password: 'zupełnie nie to',
    });
    expect(res.json().errors).toEqual({
      pin_code: ['nie jest liczbą', 'jest za krótkie (minimum 4 znaki)'],
      old_password: ['jest nieprawidłowe'],
    });
    res = await p.agent.put('/ajax/user/pin', {
      pin_code: '987654321',
      pin_code_confirmation: '987654321',
      old_password: p.password,
    });
    expect(res.json().errors).toEqual({ pin_code: ['jest za długie (maksimum 8 znaków)'] });
    res = await p.agent.put('/ajax/user/pin', {
      pin_code: '9876',
      pin_code_confirmation: '9876',
      old_password: p.password,
    });
    expect(res.json().errors).toEqual({
      pin_code: [
        'jest zbyt łatwy do odgadnięcia (same jednakowe cyfry lub kolejne cyfry, np. 1234)',
      ],
    });

    const de = await person('de');
    res = await de.agent.put('/ajax/user/pin', {
      pin_code: '12x4',
      pin_code_confirmation: '1234',
      old_password: de.password,
    });
    expect(res.json().errors).toEqual({
      pin_code: ['ist keine Zahl'],
      pin_code_confirmation: ['stimmt nicht mit PIN überein'],
    });
  });

  it('lets an account without a password (Facebook sign-in) set its PIN without one', async () => {
    const p = await person();
    await t.ctx.db
      .updateTable('users')
      .set({ password_hash: null, facebook_id: `fb-${p.id}` })
      .where('id', '=', p.id)
      .execute();
    expect((await p.agent.get('/ajax/user/pin')).json().password_required).toBe(false);
    const res = await p.agent.put('/ajax/user/pin', {
      pin_code: '31415',
      pin_code_confirmation: '31415',
    });
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json<TPinState>().pin_uid;
    expect(await verifyDevicePin(t.ctx.db, String(uid), '31415')).toEqual({ userId: p.id });
  });

  it('resets: the PIN is gone, the ID is new, and the old ID stops working at once', async () => {
    const p = await person();
    const old = (await setPin(t.ctx, p.id, '2580')).pin_uid;
    expect(await verifyDevicePin(t.ctx.db, String(old), '2580')).toEqual({ userId: p.id });

    const res = await p.agent.post('/ajax/user/pin/reset');
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json<TPinState>();
    expect(state).toMatchObject({ pin_set: false, pin_set_at: null });
    expect(state.pin_uid).not.toBe(old);
    expect(state.pin_uid).toBeGreaterThanOrEqual(100000);
    expect(await verifyDevicePin(t.ctx.db, String(old), '2580')).toBeNull();
    expect(await verifyDevicePin(t.ctx.db, String(state.pin_uid), '2580')).toBeNull();
    expect(await userRow(p.id)).toMatchObject({ pin_hash: null, pin_set_at: null });

    // The next PIN keeps the new ID.
    const again = await p.agent.put('/ajax/user/pin', {
      pin_code: '2580',
      pin_code_confirmation: '2580',
      old_password: p.password,
    });
    expect(again.json<TPinState>().pin_uid).toBe(state.pin_uid);
    expect(await verifyDevicePin(t.ctx.db, String(state.pin_uid), '2580')).toEqual({
      userId: p.id,
    });
    const audit = await auditOf(p.id);
    expect(audit.map((a) => a.action)).toEqual(['pin.set', 'pin.reset', 'pin.set']);
    expect(JSON.stringify(audit)).not.toContain('2580');
  });

  it('refuses wrong passwords after 10 tries in 15 minutes, in the person’s language', async () => {
    const p = await person('pl');
    const body = { pin_code: '4829', pin_code_confirmation: '4829', old_password: 'zgaduję' };
    for (let i = 0; i < 10; i += 1) {
      expect((await p.agent.put('/ajax/user/pin', body)).statusCode).toBe(422);
    }
    const res = await p.agent.put('/ajax/user/pin', { ...body, old_password: p.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Zbyt wiele prób\. Spróbuj ponownie za \d+ minut/);
    expect((await userRow(p.id)).pin_hash).toBeNull();
  });

  it('gives the data download the ID and when the PIN was set, never its hash', async () => {
    const p = await person();
    const row = await setPin(t.ctx, p.id, '6149');
    const data = (await p.agent.get('/api/account/export')).json();
    expect(data.account.pin_uid).toBe(row.pin_uid);
    expect(data.account.pin_set_at).toBe(row.pin_set_at?.toISOString());
    expect(JSON.stringify(data)).not.toContain(row.pin_hash);
    expect(JSON.stringify(data)).not.toContain('pin_hash');
  });
});

describe('IDs', () => {
  it('are unique: a taken ID is passed over for another', async () => {
    const a = await person();
    const taken = (await setPin(t.ctx, a.id, '3917')).pin_uid as number;
    const b = await person();
    queuedUids.push(taken, taken, 654321);
    const given = (await setPin(t.ctx, b.id, '3917')).pin_uid;
    expect(given).toBe(654321);
    expect(queuedUids).toEqual([]);
    const uids = await t.ctx.db
      .selectFrom('users')
      .select('pin_uid')
      .where('pin_uid', 'is not', null)
      .execute();
    expect(new Set(uids.map((u) => u.pin_uid)).size).toBe(uids.length);
  });

  it('grow to 7 digits after five collisions in a row', async () => {
    const a = await person();
    const taken = (await setPin(t.ctx, a.id, '3917')).pin_uid as number;
    const b = await person();
    queuedUids.push(taken, taken, taken, taken, taken);
    const given = (await setPin(t.ctx, b.id, '3917')).pin_uid as number;
    expect(String(given)).toHaveLength(7);
  });
});

describe('verifyDevicePin (the printer panel)', () => {
  it('says null for malformed input, unknown IDs, no PIN, blocked and guest accounts', async () => {
    const p = await person();
    const uid = String((await setPin(t.ctx, p.id, '8264')).pin_uid);
    expect(await verifyDevicePin(t.ctx.db, ` ${uid} `, ' 8264 ')).toEqual({ userId: p.id });
    for (const [id, pin] of [
      ['', '8264'],
      ['12345', '8264'],
      ['0' + uid, '8264'],
      [`${uid}x`, '8264'],
      [uid, '826'],
      [uid, '826a'],
      [uid, '123456789'],
      ['999999999', '8264'],
    ] as const) {
      expect(await verifyDevicePin(t.ctx.db, id, pin), `${id} / ${pin}`).toBeNull();
    }
    // An ID nobody has: null, after the same scrypt work as a known one.
    let unknown = 100000;
    while (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('pin_uid', '=', unknown)
        .executeTakeFirst()
    )
      unknown += 1;
    expect(await verifyDevicePin(t.ctx.db, String(unknown), '8264')).toBeNull();

    await t.ctx.db
      .updateTable('users')
      .set({ blocked_at: new Date() })
      .where('id', '=', p.id)
      .execute();
    expect(await verifyDevicePin(t.ctx.db, uid, '8264')).toBeNull();
    await t.ctx.db
      .updateTable('users')
      .set({ blocked_at: null, role: 'guest' })
      .where('id', '=', p.id)
      .execute();
    expect(await verifyDevicePin(t.ctx.db, uid, '8264')).toBeNull();
  });

  it('spends a scrypt on an unknown ID as on a known one (no timing oracle)', async () => {
    const p = await person();
    const uid = String((await setPin(t.ctx, p.id, '5931')).pin_uid);
    await verifyDevicePin(t.ctx.db, '100000', '5931'); // the dummy hash made once
    const time = async (id: string) => {
      const start = performance.now();
      await verifyDevicePin(t.ctx.db, id, '1111');
      return performance.now() - start;
    };
    const known = await time(uid);
    const unknown = await time('99999998');
    // scrypt at N=2^15 takes tens of milliseconds; a skipped one would take ~1 ms.
    expect(unknown).toBeGreaterThan(known / 4);
    expect(unknown).toBeGreaterThan(10);
  });
});
