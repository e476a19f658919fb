import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_SESSION_MINUTES,
  MAX_USAGE_PAGES_PER_REPORT,
  SCAN_UPLOAD_GRACE_MINUTES,
  ZServerMessage,
  type TDeviceAuthorization,
} from '@printomat/shared';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import {
  DEVICE_PIN_LIMITS,
  recordScanUsage,
  verifyScanUpload,
} from '../src/modules/agents/device-sessions.service';
import { checkLedger } from '../src/modules/payments/ledger-check';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { setPin } from '../src/modules/users';
import { seedDemoData } from '../src/seed/seed';
import { signInNewAdmin } from './helpers/admin';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Copying and scanning at the device (issue 16): the panel signs a person in with ID + PIN
// through the agent link, and copies reported in that device session are charged on the ledger.
// A bare WebSocket plays the agent against the real app.

let t: TTestApp;
let serverUrl: string;
let printerIds: number[] = [];
const links: Array<Awaited<ReturnType<typeof rawAgent>>> = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  printerIds = (
    await t.ctx.db.selectFrom('printers').select('id').orderBy('id').limit(12).execute()
  ).map((p) => p.id);
  expect(printerIds.length).toBe(12);
});
afterAll(async () => {
  for (const link of links) link.close();
  await t?.close();
});

type TLink = Awaited<ReturnType<typeof rawAgent>>;
let nextPrinter = 0;

/** The next seeded printer, made what the test needs, with its agent connected. */
async function printerWith(flags: { is_color: boolean; is_copier: boolean }) {
  const printerId = printerIds[nextPrinter++];
  if (printerId === undefined) throw new Error('out of seeded printers');
  await t.ctx.db
    .updateTable('printers')
    .set({ ...flags, is_enabled: true, maintenance_mode: false })
    .where('id', '=', printerId)
    .execute();
  const credentials = await issueAgentSecret(t.ctx, null, printerId, `kiosk-device-${printerId}`);
  const link = await rawAgent(serverUrl, credentials.minionId, credentials.secret);
  links.push(link);
  await link.next('welcome');
  return { printerId, link };
}

/** A signed-in person with `pages` pages and a PIN; answers their ID as typed at the panel. */
async function personWithPin(pages: number, pin = '4821') {
  const agent = new TestAgent(t.app);
  const { id: userId } = await registerAndSignIn(agent);
  if (pages > 0) await grantPages(t.ctx.db, { userId, source: 'package', pages, validDays: 30 });
  const user = await setPin(t.ctx, userId, pin);
  expect(user.pin_uid).not.toBeNull();
  return { agent, userId, uid: String(user.pin_uid), pin };
}

let requestCounter = 0;
async function authorize(
  link: TLink,
  uid: string,
  pin: string,
  action: 'copy' | 'scan',
): Promise<TDeviceAuthorization> {
  const requestId = `req-${++requestCounter}`;
  link.send({ type: 'authorize', requestId, uid, pin, action });
  const answer = ZServerMessage.parse(await link.next('authorization'));
  if (answer.type !== 'authorization') throw new Error('not an authorization');
  expect(answer.requestId).toBe(requestId);
  return answer.result;
}

async function session(link: TLink, uid: string, pin: string, action: 'copy' | 'scan') {
  const result = await authorize(link, uid, pin, action);
  if (!result.ok) throw new Error(`not authorised: ${result.reason}`);
  return result;
}

let reportCounter = 0;
async function reportCopies(
  link: TLink,
  usage: { sessionId?: number; colorPages: number; monoPages: number; reportId?: string },
) {
  const reportId = usage.reportId ?? `copy-${++reportCounter}`;
  link.send({ type: 'usage', kind: 'copy', reportId, ...usage });
  const ack = await link.next('usage_ack');
  expect(ack.reportId).toBe(reportId);
  return ack;
}

const remaining = async (person: { agent: TestAgent }) =>
  (await person.agent.get('/ajax/user')).json().remaining_page_limit as number;

const sessionRow = (id: number) =>
  t.ctx.db.selectFrom('device_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const reservationsOfSession = (id: number) =>
  t.ctx.db
    .selectFrom('page_reservations')
    .select(['printjob_id', 'usage_report_id', 'pages', 'charged', 'status', 'user_id'])
    .where('device_session_id', '=', id)
    .orderBy('id')
    .execute();

describe('authorising at the panel with ID and PIN', () => {
  let colour: { printerId: number; link: TLink };
  let mono: { printerId: number; link: TLink };

  beforeAll(async () => {
    colour = await printerWith({ is_color: true, is_copier: true });
    mono = await printerWith({ is_color: false, is_copier: true });
  });

  it('opens a copy session with the pages left and colour on a colour copier', async () => {
    const person = await personWithPin(20);
    const before = Date.now();
    const result = await session(colour.link, person.uid, person.pin, 'copy');
    expect(result).toMatchObject({
      ok: true,
      userId: person.userId,
      action: 'copy',
      remainingPages: 20,
      colorAllowed: true,
    });
    expect(result.uploadPath).toBeUndefined();
    const row = await sessionRow(result.sessionId);
    expect(row).toMatchObject({
      printer_id: colour.printerId,
      user_id: person.userId,
      action: 'copy',
      color_allowed: true,
      upload_token_hash: null,
      ended_at: null,
    });
    const lasts = row.expires_at.getTime() - before;
    expect(lasts).toBeGreaterThan(DEVICE_SESSION_MINUTES * 60_000 - 5_000);
    expect(lasts).toBeLessThanOrEqual(DEVICE_SESSION_MINUTES * 60_000 + 5_000);
    expect(new Date(result.expiresAt).getTime()).toBe(row.expires_at.getTime());
  });

  it('allows no colour on a mono copier, nor to someone with fewer pages than a colour page costs', async () => {
    const rich = await personWithPin(20);
    expect(await session(mono.link, rich.uid, rich.pin, 'copy')).toMatchObject({
      remainingPages: 20,
      colorAllowed: false,
    });
    const poor = await personWithPin(2);
    expect(await session(colour.link, poor.uid, poor.pin, 'copy')).toMatchObject({
      remainingPages: 2,
      colorAllowed: false,
    });
  });

  it('gives a scan session an upload path whose token the scans module can verify', async () => {
    const person = await personWithPin(20);
    const result = await session(colour.link, person.uid, person.pin, 'scan');
    expect(result.action).toBe('scan');
    const match = /^\/agent\/scans\/(\d+)\?token=([A-Za-z0-9_-]+)$/.exec(result.uploadPath ?? '');
    expect(match?.[1]).toBe(String(result.sessionId));
    const token = match?.[2] ?? '';
    // 256 random bits (43 base64url characters); only its sha256 is stored.
    expect(token).toHaveLength(43);
    const row = await sessionRow(result.sessionId);
    expect(row.upload_token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    const now = new Date();
    expect(await verifyScanUpload(t.ctx.db, result.sessionId, token, now)).toEqual({
      sessionId: result.sessionId,
      userId: person.userId,
      printerId: colour.printerId,
    });
    expect(await verifyScanUpload(t.ctx.db, result.sessionId, `${token}x`, now)).toBeNull();
    expect(await verifyScanUpload(t.ctx.db, result.sessionId + 1000, token, now)).toBeNull();
    const graceEnds = row.expires_at.getTime() + SCAN_UPLOAD_GRACE_MINUTES * 60_000;
    expect(await verifyScanUpload(t.ctx.db, result.sessionId, token, new Date(graceEnds))).not.toBe(
      null,
    );
    expect(
      await verifyScanUpload(t.ctx.db, result.sessionId, token, new Date(graceEnds + 1_000)),
    ).toBeNull();
    // A copy session has no token to upload with.
    const copy = await session(colour.link, person.uid, person.pin, 'copy');
    expect(await verifyScanUpload(t.ctx.db, copy.sessionId, token, now)).toBeNull();
  });

  it('refuses a wrong PIN and an unknown ID alike', async () => {
    const person = await personWithPin(20);
    expect(await authorize(colour.link, person.uid, '9999', 'copy')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await authorize(colour.link, '99999999', person.pin, 'copy')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await authorize(colour.link, 'abc', 'x', 'scan')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it(`locks an ID after ${DEVICE_PIN_LIMITS.perId.max} wrong PINs, even with the right PIN and at another printer`, async () => {
    const person = await personWithPin(20);
    for (let i = 0; i < DEVICE_PIN_LIMITS.perId.max; i++)
      expect(await authorize(colour.link, person.uid, '0000', 'copy')).toEqual({
        ok: false,
        reason: 'invalid',
      });
    const locked = await authorize(colour.link, person.uid, person.pin, 'copy');
    expect(locked).toMatchObject({ ok: false, reason: 'locked' });
    const retry = locked.ok ? 0 : (locked.retryAfterSeconds ?? 0);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(DEVICE_PIN_LIMITS.perId.windowMs / 1000);
    expect(await authorize(mono.link, person.uid, person.pin, 'scan')).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    // No session was opened for them, and the lockout is in the audit log.
    expect(
      await t.ctx.db
        .selectFrom('device_sessions')
        .select('id')
        .where('user_id', '=', person.userId)
        .execute(),
    ).toEqual([]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['subject_id', 'details'])
      .where('action', '=', 'device.pin_locked')
      .execute();
    expect(
      audit.some(
        (row) =>
          row.subject_id === String(colour.printerId) &&
          JSON.stringify(row.details).includes(person.uid),
      ),
    ).toBe(true);
    // Someone else at the same printer is not affected.
    const other = await personWithPin(20);
    expect((await authorize(colour.link, other.uid, other.pin, 'copy')).ok).toBe(true);
  });

  it('a right PIN does not count towards the limit', async () => {
    const person = await personWithPin(20);
    for (let i = 0; i < DEVICE_PIN_LIMITS.perId.max + 3; i++)
      expect((await authorize(mono.link, person.uid, person.pin, 'scan')).ok).toBe(true);
  });
});

describe('the printer-wide limit', () => {
  it(`locks a printer after ${DEVICE_PIN_LIMITS.perPrinter.max} wrong PINs across IDs, not the people elsewhere`, async () => {
    const target = await printerWith({ is_color: true, is_copier: true });
    const elsewhere = await printerWith({ is_color: true, is_copier: true });
    const perId = DEVICE_PIN_LIMITS.perId.max - 1; // no single ID reaches its own limit
    let wrong = 0;
    while (wrong < DEVICE_PIN_LIMITS.perPrinter.max) {
      const victim = await personWithPin(20);
      for (let i = 0; i < perId && wrong < DEVICE_PIN_LIMITS.perPrinter.max; i++, wrong++)
        expect((await authorize(target.link, victim.uid, '1111', 'copy')).ok).toBe(false);
    }
    const person = await personWithPin(20);
    const locked = await authorize(target.link, person.uid, person.pin, 'copy');
    expect(locked).toMatchObject({ ok: false, reason: 'locked' });
    expect(locked.ok ? 0 : (locked.retryAfterSeconds ?? 0)).toBeGreaterThan(0);
    // The person was not tried there: they sign in at another printer.
    expect((await authorize(elsewhere.link, person.uid, person.pin, 'copy')).ok).toBe(true);
  });
});

describe('what the printer cannot do', () => {
  it('says no_pages for a copy with no pages left, and still lets them scan', async () => {
    const { link } = await printerWith({ is_color: true, is_copier: true });
    const person = await personWithPin(0);
    expect(await authorize(link, person.uid, person.pin, 'copy')).toEqual({
      ok: false,
      reason: 'no_pages',
    });
    expect(await session(link, person.uid, person.pin, 'scan')).toMatchObject({
      remainingPages: 0,
      action: 'scan',
    });
  });

  it('says not_supported on a printer that does not copy or scan', async () => {
    const { link } = await printerWith({ is_color: true, is_copier: false });
    const person = await personWithPin(20);
    expect(await authorize(link, person.uid, person.pin, 'copy')).toEqual({
      ok: false,
      reason: 'not_supported',
    });
    expect(await authorize(link, person.uid, person.pin, 'scan')).toEqual({
      ok: false,
      reason: 'not_supported',
    });
  });

  it('says unavailable in maintenance or disabled, and signs in again once back', async () => {
    const { printerId, link } = await printerWith({ is_color: true, is_copier: true });
    const person = await personWithPin(20);
    const admin = await signInNewAdmin(t);
    const on = await admin.post(`/api/admin/printers/${printerId}/maintenance`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await authorize(link, person.uid, person.pin, 'copy')).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    const off = await admin.post(`/api/admin/printers/${printerId}/maintenance`, {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await authorize(link, person.uid, person.pin, 'copy')).ok).toBe(true);
    await t.ctx.db
      .updateTable('printers')
      .set({ is_enabled: false })
      .where('id', '=', printerId)
      .execute();
    expect(await authorize(link, person.uid, person.pin, 'scan')).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    await t.ctx.db
      .updateTable('printers')
      .set({ is_enabled: true })
      .where('id', '=', printerId)
      .execute();
  });
});

describe('copies charged through the session', () => {
  it('charges a 5-page colour copy 15 pages, once, and counts it in the statistics', async () => {
    const { printerId, link } = await printerWith({ is_color: true, is_copier: true });
    const other = await printerWith({ is_color: true, is_copier: true });
    const person = await personWithPin(40);
    const copy = await session(link, person.uid, person.pin, 'copy');

    const ack = await reportCopies(link, {
      sessionId: copy.sessionId,
      colorPages: 5,
      monoPages: 0,
      reportId: 'copy-five-colour',
    });
    expect(ack).toEqual({
      type: 'usage_ack',
      reportId: 'copy-five-colour',
      charged: 15,
      remainingPages: 25,
    });
    expect(await remaining(person)).toBe(25);
    expect(await reservationsOfSession(copy.sessionId)).toEqual([
      {
        printjob_id: null,
        usage_report_id: 'copy-five-colour',
        pages: 15,
        charged: 15,
        status: 'posted',
        user_id: person.userId,
      },
    ]);

    // The same report again (the agent lost the ack): the first charge, nothing more.
    expect(
      await reportCopies(link, {
        sessionId: copy.sessionId,
        colorPages: 5,
        monoPages: 0,
        reportId: 'copy-five-colour',
      }),
    ).toMatchObject({ charged: 15, remainingPages: 25 });
    expect(await remaining(person)).toBe(25);
    expect(await reservationsOfSession(copy.sessionId)).toHaveLength(1);

    // Statistics: the colour copies and one copying person.
    const admin = await signInNewAdmin(t);
    const stats = async () =>
      (await admin.get(`/api/admin/printers/${printerId}/statistics`)).json().months[0];
    expect(await stats()).toMatchObject({
      copy_color_pages: 5,
      copy_mono_pages: 0,
      copying_users: 1,
      scanned_pages: 0,
      scanning_users: 0,
    });

    // The panel signs the person out; their copies reported afterwards are still charged.
    link.send({ type: 'session_end', sessionId: copy.sessionId });
    await expect.poll(async () => (await sessionRow(copy.sessionId)).ended_at).not.toBeNull();
    expect(
      await reportCopies(link, { sessionId: copy.sessionId, colorPages: 0, monoPages: 2 }),
    ).toMatchObject({ charged: 2, remainingPages: 23 });
    expect(await remaining(person)).toBe(23);
    expect(await stats()).toMatchObject({
      copy_color_pages: 5,
      copy_mono_pages: 2,
      copying_users: 1,
    });

    // Another printer cannot end the session, nor charge copies to it.
    const elsewhere = await session(link, person.uid, person.pin, 'copy');
    other.link.send({ type: 'session_end', sessionId: elsewhere.sessionId });
    const foreign = await reportCopies(other.link, {
      sessionId: elsewhere.sessionId,
      colorPages: 3,
      monoPages: 0,
    });
    expect(foreign.charged).toBeUndefined();
    expect(foreign.remainingPages).toBeUndefined();
    expect(await remaining(person)).toBe(23);
    expect((await sessionRow(elsewhere.sessionId)).ended_at).toBeNull();
    expect(await reservationsOfSession(elsewhere.sessionId)).toEqual([]);

    // A scan session charges no copies.
    const scan = await session(link, person.uid, person.pin, 'scan');
    const scanAck = await reportCopies(link, {
      sessionId: scan.sessionId,
      colorPages: 1,
      monoPages: 1,
    });
    expect(scanAck.charged).toBeUndefined();
    expect(await remaining(person)).toBe(23);
    expect(await reservationsOfSession(scan.sessionId)).toEqual([]);

    // Reported more than a day after the session ended (here: expired): not charged.
    await sql`UPDATE device_sessions SET created_at = now() - interval '24 hours 20 minutes',
                expires_at = now() - interval '24 hours 5 minutes'
              WHERE id = ${elsewhere.sessionId}`.execute(t.ctx.db);
    // (The PIN still predates the session: it is the late report that is refused.)
    await sql`UPDATE users SET pin_set_at = now() - interval '2 days'
              WHERE id = ${person.userId}`.execute(t.ctx.db);
    expect(
      (await reportCopies(link, { sessionId: elsewhere.sessionId, colorPages: 0, monoPages: 4 }))
        .charged,
    ).toBeUndefined();
    expect(await remaining(person)).toBe(23);

    // Those uncharged copies (1 + 1 in the scan session, 4 late) count without a person.
    expect(await stats()).toMatchObject({
      copy_color_pages: 6,
      copy_mono_pages: 7,
      copying_users: 1,
    });
    expect(
      (await admin.get(`/api/admin/printers/${other.printerId}/statistics`)).json().months[0],
    ).toMatchObject({ copy_color_pages: 3, copying_users: 0 });

    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('charges what the person has when the copies cost more, never below zero', async () => {
    const { link } = await printerWith({ is_color: true, is_copier: true });
    const person = await personWithPin(4);
    const copy = await session(link, person.uid, person.pin, 'copy');
    expect(copy.colorAllowed).toBe(true);
    expect(
      await reportCopies(link, { sessionId: copy.sessionId, colorPages: 2, monoPages: 0 }),
    ).toMatchObject({ charged: 4, remainingPages: 0 });
    expect(await remaining(person)).toBe(0);
    // Nothing left: a further report is acknowledged, charged 0, and no reservation is made.
    expect(
      await reportCopies(link, { sessionId: copy.sessionId, colorPages: 0, monoPages: 1 }),
    ).toMatchObject({ charged: 0, remainingPages: 0 });
    expect(await reservationsOfSession(copy.sessionId)).toEqual([
      expect.objectContaining({ pages: 4, charged: 4, status: 'posted' }),
    ]);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });
});

// One printer shared by the tests below (they look at charges, or at differences in statistics).
describe('when a session stops being charged', () => {
  let shared: { printerId: number; link: TLink };
  let admin: TestAgent;
  const statsOf = async (printerId: number) => {
    const month = (await admin.get(`/api/admin/printers/${printerId}/statistics`)).json().months[0];
    return {
      copy_color_pages: month?.copy_color_pages ?? 0,
      copy_mono_pages: month?.copy_mono_pages ?? 0,
    };
  };
  beforeAll(async () => {
    shared = await printerWith({ is_color: false, is_copier: true });
    admin = await signInNewAdmin(t);
  });

  describe('how long after its end a session takes copy reports', () => {
    it('counts a day from sign-out or expiry, whichever came first, not from sign-in', async () => {
      const { link } = shared;
      const person = await personWithPin(40);
      // The sessions below are moved back a day: so is the PIN (it must predate them).
      await sql`UPDATE users SET pin_set_at = now() - interval '2 days'
                WHERE id = ${person.userId}`.execute(t.ctx.db);
      const reportOn = async (sessionId: number) =>
        (await reportCopies(link, { sessionId, colorPages: 0, monoPages: 1 })).charged;

      // Signed in 24 h 10 min ago, expired 23 h 55 min ago: still charged.
      const expired = await session(link, person.uid, person.pin, 'copy');
      await sql`UPDATE device_sessions SET created_at = now() - interval '24 hours 10 minutes',
                  expires_at = now() - interval '23 hours 55 minutes'
                WHERE id = ${expired.sessionId}`.execute(t.ctx.db);
      expect(await reportOn(expired.sessionId)).toBe(1);

      // Signed out 24 h 1 min ago though it would have expired later: no longer charged.
      const signedOut = await session(link, person.uid, person.pin, 'copy');
      await sql`UPDATE device_sessions SET created_at = now() - interval '24 hours 3 minutes',
                  ended_at = now() - interval '24 hours 1 minute',
                  expires_at = now() - interval '23 hours 48 minutes'
                WHERE id = ${signedOut.sessionId}`.execute(t.ctx.db);
      expect(await reportOn(signedOut.sessionId)).toBeUndefined();

      // A session_end sent long after the session expired does not stretch the day.
      const lateEnd = await session(link, person.uid, person.pin, 'copy');
      await sql`UPDATE device_sessions SET created_at = now() - interval '24 hours 20 minutes',
                  expires_at = now() - interval '24 hours 5 minutes',
                  ended_at = now() - interval '1 hour'
                WHERE id = ${lateEnd.sessionId}`.execute(t.ctx.db);
      expect(await reportOn(lateEnd.sessionId)).toBeUndefined();

      expect(await remaining(person)).toBe(39);
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    });
  });

  describe('a session opened before the PIN was changed or reset', () => {
    it('charges no copies once the person changed their PIN, and the new PIN’s sessions are charged', async () => {
      const { link } = shared;
      const person = await personWithPin(30, '4821');
      const before = await session(link, person.uid, '4821', 'copy');
      await setPin(t.ctx, person.userId, '7306');
      expect(
        await reportCopies(link, { sessionId: before.sessionId, colorPages: 0, monoPages: 3 }),
      ).toEqual({ type: 'usage_ack', reportId: expect.any(String) });
      expect(await reservationsOfSession(before.sessionId)).toEqual([]);
      expect(await remaining(person)).toBe(30);

      const after = await session(link, person.uid, '7306', 'copy');
      expect(
        await reportCopies(link, { sessionId: after.sessionId, colorPages: 0, monoPages: 3 }),
      ).toMatchObject({ charged: 3, remainingPages: 27 });
      expect(await remaining(person)).toBe(27);
    });

    it('after a reset: copies not charged and the scan session’s upload refused', async () => {
      const { link } = shared;
      const person = await personWithPin(30);
      const copy = await session(link, person.uid, person.pin, 'copy');
      const scan = await session(link, person.uid, person.pin, 'scan');
      const token = /token=([A-Za-z0-9_-]+)$/.exec(scan.uploadPath ?? '')?.[1] ?? '';
      expect(await verifyScanUpload(t.ctx.db, scan.sessionId, token, new Date())).not.toBeNull();

      const reset = await person.agent.post('/ajax/user/pin/reset');
      expect(reset.statusCode, reset.body).toBe(200);

      const ack = await reportCopies(link, {
        sessionId: copy.sessionId,
        colorPages: 2,
        monoPages: 0,
      });
      expect(ack.charged).toBeUndefined();
      expect(await remaining(person)).toBe(30);
      expect(await reservationsOfSession(copy.sessionId)).toEqual([]);
      expect(await verifyScanUpload(t.ctx.db, scan.sessionId, token, new Date())).toBeNull();
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    });
  });

  describe(`a copy report over ${MAX_USAGE_PAGES_PER_REPORT} pages`, () => {
    it('is charged in a session (what the person has), and not counted in the statistics', async () => {
      const { printerId, link } = shared;
      const person = await personWithPin(50);
      const copy = await session(link, person.uid, person.pin, 'copy');
      const before = await statsOf(printerId);
      const huge = { colorPages: 0, monoPages: MAX_USAGE_PAGES_PER_REPORT + 1 };
      expect(
        await reportCopies(link, { sessionId: copy.sessionId, ...huge, reportId: 'huge-copy' }),
      ).toEqual({ type: 'usage_ack', reportId: 'huge-copy', charged: 50, remainingPages: 0 });
      expect(await remaining(person)).toBe(0);
      // Sent again: the first charge, nothing more.
      expect(
        await reportCopies(link, { sessionId: copy.sessionId, ...huge, reportId: 'huge-copy' }),
      ).toMatchObject({ charged: 50, remainingPages: 0 });
      expect(await reservationsOfSession(copy.sessionId)).toEqual([
        expect.objectContaining({ usage_report_id: 'huge-copy', pages: 50, charged: 50 }),
      ]);

      // Without a session it is refused as before: no charge, nothing counted.
      expect((await reportCopies(link, huge)).charged).toBeUndefined();

      expect(await statsOf(printerId)).toEqual(before);
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    });
  });
});

describe('scans counted for the scans module', () => {
  it('adds the scanned pages and the scanning person to the month', async () => {
    const { printerId } = await printerWith({ is_color: false, is_copier: true });
    const person = await personWithPin(0);
    await recordScanUsage(t.ctx.db, printerId, person.userId, 3, new Date());
    await recordScanUsage(t.ctx.db, printerId, person.userId, 2, new Date());
    const admin = await signInNewAdmin(t);
    expect(
      (await admin.get(`/api/admin/printers/${printerId}/statistics`)).json().months[0],
    ).toMatchObject({ scanned_pages: 5, scanning_users: 1, copying_users: 0 });
  });
});
