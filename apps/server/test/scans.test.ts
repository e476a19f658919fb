import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMegabytes,
  MAX_SCAN_BYTES_PER_SESSION,
  MAX_SCANS_PER_SESSION,
  SCAN_MAX_BYTES,
  SCAN_UPLOAD_GRACE_MINUTES,
  translate,
  type TPrinterStatistics,
  type TScanList,
} from '@printomat/shared';
import { hashToken } from '../src/lib/tokens';
import { applyScanRetention } from '../src/modules/scans/scans-retention';
import { seedDemoData } from '../src/seed/seed';
import { signInNewAdmin } from './helpers/admin';
import { KIOSK_CODE } from './helpers/agent-harness';
import { makePdf } from './helpers/fixtures';
import { until } from './helpers/http-session';
import {
  createTestApp,
  registerAndSignIn,
  TEST_PUBLIC_URL,
  TestAgent,
  type TTestApp,
} from './helpers/test-app';

// Issue 16, Deliver 5 / Done-when 2: a scan made at a printer in a device session (ID + PIN) is
// uploaded by the agent, arrives in the person's account and by e-mail, counts in the printer's
// statistics, and its file goes after SCAN_RETENTION_DAYS (the row stays).

describe('scans', () => {
  let t: TTestApp;
  /** Whether a key is in the test app's storage. */
  const exists = (key: string) => t.ctx.storage.exists(key);
  let printer: { id: number; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.ctx.db);
    printer = await t.ctx.db
      .selectFrom('printers')
      .select(['id', 'name'])
      .where('direct_print_code', '=', KIOSK_CODE)
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t?.close());

  /** The scan's delivery mail (not the sign-up's confirmation). */
  const scanMailTo = (email: string) =>
    t.smtp.waitFor(email, (m) => !m.text.includes('/confirm-email'));

  /** A signed-in person (in `locale`, with a PIN) with a scan session at the kiosk printer, as authorize makes it. */
  async function personWithScanSession(
    locale: 'en' | 'de' | 'pl' = 'en',
    expiresInMs = 15 * 60_000,
  ) {
    const agent = new TestAgent(t.app);
    const person = await registerAndSignIn(agent);
    // A PIN set before the session opened (a session of an earlier PIN is refused).
    await t.ctx.db
      .updateTable('users')
      .set({
        locale,
        pin_hash: 'scrypt$set-for-the-test',
        pin_set_at: new Date(Date.now() - 3_600_000),
      })
      .where('id', '=', person.id)
      .execute();
    const session = await openScanSession(person.id, expiresInMs);
    return { agent, ...person, ...session };
  }

  async function openScanSession(userId: number, expiresInMs = 15 * 60_000) {
    const token = randomBytes(32).toString('base64url');
    const row = await t.ctx.db
      .insertInto('device_sessions')
      .values({
        printer_id: printer.id,
        user_id: userId,
        action: 'scan',
        color_allowed: false,
        upload_token_hash: hashToken(token),
        expires_at: new Date(Date.now() + expiresInMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { sessionId: row.id, token };
  }

  /** The agent's upload: no cookie, no CSRF token, the session token in the query. */
  const upload = (
    sessionId: number,
    token: string,
    body: Buffer | Readable,
    headers: Record<string, string> = { 'content-type': 'application/pdf' },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/agent/scans/${sessionId}?token=${token}`,
      headers,
      payload: body,
    });

  const scanRow = (id: number) =>
    t.ctx.db.selectFrom('scans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const rowsOfSession = (sessionId: number) =>
    t.ctx.db
      .selectFrom('scans')
      .select(['id', 'pages'])
      .where('device_session_id', '=', sessionId)
      .orderBy('id')
      .execute();

  /** How many delivery mails were ever queued (done jobs stay in the table). */
  const mailJobCount = async () =>
    (await t.ctx.db.selectFrom('jobs').select('id').where('name', '=', 'scans.mail').execute())
      .length;

  /** Waits until no delivery mail is pending or being sent. */
  const mailsSettled = () =>
    until(async () => {
      const open = await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', 'scans.mail')
        .where('status', 'in', ['pending', 'running'])
        .execute();
      return open.length === 0 ? true : undefined;
    });

  /** A scan of the session stored earlier (as far as the cap is concerned), without a file. */
  const storedScan = (person: { id: number; sessionId: number }, byteSize: number) => ({
    user_id: person.id,
    printer_id: printer.id,
    device_session_id: person.sessionId,
    file_key: null,
    file_name: 'scan-earlier.pdf',
    content_type: 'application/pdf',
    byte_size: byteSize,
    pages: 1,
  });

  const scanningStats = async () => {
    const admin = await signInNewAdmin(t);
    const res = await admin.get(`/api/admin/printers/${printer.id}/statistics`);
    expect(res.statusCode, res.body).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const row = res.json<TPrinterStatistics>().months.find((m) => m.month === month);
    return { pages: row?.scanned_pages ?? 0, users: row?.scanning_users ?? 0 };
  };

  it('delivers an uploaded scan to the account and by mail in the person’s language, counted in the statistics', async () => {
    const before = await scanningStats();
    const person = await personWithScanSession('pl');
    const pdf = await makePdf(3);

    const res = await upload(person.sessionId, person.token, pdf);
    expect(res.statusCode, res.body).toBe(201);
    const { scanId, pages } = res.json<{ scanId: number; pages: number }>();
    expect(pages).toBe(3);

    // The row and the file as uploaded.
    const row = await scanRow(scanId);
    expect(row).toMatchObject({
      user_id: person.id,
      printer_id: printer.id,
      device_session_id: person.sessionId,
      pages: 3,
      byte_size: pdf.length,
      content_type: 'application/pdf',
      deleted_at: null,
    });
    expect(row.file_name).toMatch(/^scan-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
    expect(await t.ctx.storage.read(row.file_key ?? 'missing')).toEqual(pdf);

    // The mail, in Polish, with the same bytes attached; mailed_at set.
    const mail = await scanMailTo(person.email);
    expect(mail.subject).toBe(translate('pl', 'scans.mail.subject', { printer: printer.name }));
    expect(mail.subject).toContain('Twój skan z drukarki');
    expect(mail.text).toContain('3 strony');
    expect(mail.attachments).toEqual([
      { filename: row.file_name, contentType: 'application/pdf', cid: undefined },
    ]);
    expect(mail.attachmentContents[0]).toEqual(pdf);
    await until(async () => ((await scanRow(scanId)).mailed_at ? true : undefined));

    // The person's list and download.
    const list = (await person.agent.get('/ajax/scans')).json<TScanList>();
    expect(list.scans).toEqual([
      {
        id: scanId,
        file_name: row.file_name,
        pages: 3,
        byte_size: pdf.length,
        created_at: row.created_at.toISOString(),
        printer_name: printer.name,
        download_url: `/ajax/scans/${scanId}/download`,
        expires_at: new Date(row.created_at.getTime() + 7 * 86_400_000).toISOString(),
      },
    ]);
    const download = await person.agent.get(`/ajax/scans/${scanId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${row.file_name}"`);
    expect(download.rawPayload).toEqual(pdf);

    // Someone else sees nothing of it, and cannot fetch or delete it.
    const other = new TestAgent(t.app);
    await registerAndSignIn(other);
    expect((await other.get('/ajax/scans')).json<TScanList>().scans).toEqual([]);
    expect((await other.get(`/ajax/scans/${scanId}/download`)).statusCode).toBe(404);
    expect((await other.delete(`/ajax/scans/${scanId}`)).statusCode).toBe(404);
    // Nor does a guest.
    expect((await new TestAgent(t.app).get(`/ajax/scans/${scanId}/download`)).statusCode).toBe(401);

    // The printer's statistics: the pages and one scanning user more.
    expect(await scanningStats()).toEqual({ pages: before.pages + 3, users: before.users + 1 });
  });

  it('keeps each upload of a session as its own scan (a job in parts)', async () => {
    const person = await personWithScanSession('de');
    const first = await upload(person.sessionId, person.token, await makePdf(2));
    const second = await upload(person.sessionId, person.token, await makePdf(1));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const list = (await person.agent.get('/ajax/scans')).json<TScanList>().scans;
    expect(list.map((s) => s.pages)).toEqual([1, 2]);
    expect(list[0]?.file_name).toMatch(/^scan-\d{4}-\d{2}-\d{2}-\d{4}-2\.pdf$/);
    expect(list[1]?.file_name).toMatch(/^scan-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
    const mails = await until(async () => {
      const found = t.smtp.mails.filter(
        (m) => m.to.includes(person.email) && m.subject.startsWith('Dein Scan'),
      );
      return found.length === 2 ? found : undefined;
    });
    expect(mails.map((m) => m.subject)).toEqual([
      `Dein Scan von ${printer.name}`,
      `Dein Scan von ${printer.name}`,
    ]);
  });

  it('refuses a wrong token, an unknown session and an expired one with the same 403', async () => {
    const person = await personWithScanSession();
    const pdf = await makePdf(1);
    const wrong = await upload(person.sessionId, randomBytes(32).toString('base64url'), pdf);
    const unknown = await upload(person.sessionId + 100_000, person.token, pdf);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/agent/scans/${person.sessionId}`,
      headers: { 'content-type': 'application/pdf' },
      payload: pdf,
    });
    // Expired longer ago than the upload grace.
    const late = await personWithScanSession('en', -(SCAN_UPLOAD_GRACE_MINUTES + 1) * 60_000);
    const expired = await upload(late.sessionId, late.token, pdf);
    for (const res of [wrong, unknown, noToken, expired]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        code: 'scan_refused',
        message: 'This scan session is unknown or has expired.',
      });
    }
    // Within the grace after the session's end the scan still arrives (the device was slow).
    const slow = await personWithScanSession('en', -(SCAN_UPLOAD_GRACE_MINUTES - 5) * 60_000);
    expect((await upload(slow.sessionId, slow.token, pdf)).statusCode).toBe(201);
    const none = await t.ctx.db
      .selectFrom('scans')
      .select('id')
      .where('user_id', 'in', [person.id, late.id])
      .execute();
    expect(none).toEqual([]);
  });

  it('refuses what is not a PDF, another content type and a scan over the size limit', async () => {
    const person = await personWithScanSession('de');
    const text = await upload(person.sessionId, person.token, Buffer.from('hello, not a pdf'));
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ code: 'not_a_pdf', message: 'The upload is not a PDF file.' });

    const broken = await upload(
      person.sessionId,
      person.token,
      Buffer.from('%PDF-1.7\nno objects here at all\n%%EOF\n'),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json<{ code: string }>().code).toBe('unreadable_pdf');

    const jpeg = await upload(person.sessionId, person.token, await makePdf(1), {
      'content-type': 'image/jpeg',
      'accept-language': 'pl',
    });
    expect(jpeg.statusCode).toBe(415);
    expect(jpeg.json()).toEqual({
      code: 'unsupported_media_type',
      message: 'Wyślij skan jako PDF (Content-Type: application/pdf).',
    });

    // Declared too large: refused before reading.
    const declared = await upload(person.sessionId, person.token, Buffer.from('%PDF-1.7'), {
      'content-type': 'application/pdf',
      'content-length': String(SCAN_MAX_BYTES + 1),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({
      code: 'payload_too_large',
      message: 'The scan is larger than 50 MB.',
    });

    // Sent in chunks without a length: cut off once past the limit.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const endless = new Readable({
      read() {
        sent += chunk.length;
        this.push(sent > SCAN_MAX_BYTES + 2 * chunk.length ? null : chunk);
      },
    });
    const streamed = await upload(person.sessionId, person.token, endless);
    expect(streamed.statusCode).toBe(413);

    const rows = await t.ctx.db
      .selectFrom('scans')
      .select('id')
      .where('user_id', '=', person.id)
      .execute();
    expect(rows).toEqual([]);
    // Nothing left behind in scratch.
    const scratch = await fs.readdir(t.ctx.storage.scratchRoot).catch(() => []);
    expect(scratch).toEqual([]);
  });

  it('mails a link instead of attaching a scan over 10 MB', async () => {
    const person = await personWithScanSession('en');
    const doc = await PDFDocument.load(await makePdf(2));
    // Random bytes do not compress: the file stays above 10 MB.
    await doc.attach(randomBytes(11 * 1024 * 1024), 'pad.bin', {
      mimeType: 'application/octet-stream',
    });
    const big = Buffer.from(await doc.save());
    const res = await upload(person.sessionId, person.token, big);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await scanMailTo(person.email);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('is too large to attach');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/account`);
    expect(mail.text).toContain('2 pages');
  });

  it(`refuses the upload past ${MAX_SCANS_PER_SESSION} scans of one session: no row, no mail`, async () => {
    const person = await personWithScanSession('en');
    await t.ctx.db
      .insertInto('scans')
      .values(Array.from({ length: MAX_SCANS_PER_SESSION }, () => storedScan(person, 1000)))
      .execute();
    const jobsBefore = await mailJobCount();

    const res = await upload(person.sessionId, person.token, await makePdf(1));
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({
      code: 'scan_limit_reached',
      message:
        'This scan session has reached its limit (20 scans or 200 MB in all). Sign in at the printer again to scan more.',
    });
    expect(await rowsOfSession(person.sessionId)).toHaveLength(MAX_SCANS_PER_SESSION);
    expect(await mailJobCount()).toBe(jobsBefore);
    await mailsSettled();
    expect(t.smtp.mails.filter((m) => m.to.includes(person.email) && m.attachments.length)).toEqual(
      [],
    );

    // A new session (the person signs in again) scans again.
    const next = await openScanSession(person.id);
    expect((await upload(next.sessionId, next.token, await makePdf(1))).statusCode).toBe(201);
  });

  it('refuses the upload that takes a session past its total bytes, in the agent’s language', async () => {
    const person = await personWithScanSession('pl');
    await t.ctx.db
      .insertInto('scans')
      .values(storedScan(person, MAX_SCAN_BYTES_PER_SESSION - 100))
      .execute();
    const jobsBefore = await mailJobCount();
    const res = await upload(person.sessionId, person.token, await makePdf(1), {
      'content-type': 'application/pdf',
      'accept-language': 'pl',
    });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({
      code: 'scan_limit_reached',
      message: translate('pl', 'scans.errors.limit_reached', {
        count: MAX_SCANS_PER_SESSION,
        size: formatMegabytes('pl', MAX_SCAN_BYTES_PER_SESSION),
      }),
    });
    expect(res.json<{ message: string }>().message).toContain('20 skanów');
    expect(await rowsOfSession(person.sessionId)).toHaveLength(1);
    expect(await mailJobCount()).toBe(jobsBefore);
    // Nothing left behind in scratch for the refused file.
    const scratch = await fs.readdir(t.ctx.storage.scratchRoot).catch(() => []);
    expect(scratch).toEqual([]);
  });

  it('answers a repeated X-Scan-Upload-Id with the stored scan and stores and mails nothing new', async () => {
    const before = await scanningStats();
    const person = await personWithScanSession('en');
    const id = randomUUID();
    const withId = (uploadId: string) => ({
      'content-type': 'application/pdf',
      'x-scan-upload-id': uploadId,
    });

    const first = await upload(person.sessionId, person.token, await makePdf(2), withId(id));
    expect(first.statusCode, first.body).toBe(201);
    const { scanId } = first.json<{ scanId: number }>();
    // The answer to the first one was lost: the agent sends the same scan again.
    const again = await upload(person.sessionId, person.token, await makePdf(2), withId(id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ scanId, pages: 2 });
    expect(await rowsOfSession(person.sessionId)).toEqual([{ id: scanId, pages: 2 }]);

    // One mail, and the statistics count the pages once.
    await scanMailTo(person.email);
    await mailsSettled();
    const mails = t.smtp.mails.filter(
      (m) => m.to.includes(person.email) && m.attachments.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(await scanningStats()).toEqual({ pages: before.pages + 2, users: before.users + 1 });

    // Two at once with one id: one scan, both answers name it.
    const twin = randomUUID();
    const pdf = await makePdf(1);
    const both = await Promise.all([
      upload(person.sessionId, person.token, pdf, withId(twin)),
      upload(person.sessionId, person.token, pdf, withId(twin)),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const twinId = both[0]?.json<{ scanId: number }>().scanId;
    expect(both[1]?.json<{ scanId: number }>().scanId).toBe(twinId);
    expect((await rowsOfSession(person.sessionId)).map((r) => r.id)).toEqual([scanId, twinId]);

    // The id is unique per session: the same id in the next session is a new scan.
    const next = await openScanSession(person.id);
    const other = await upload(next.sessionId, next.token, await makePdf(1), withId(id));
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json<{ scanId: number }>().scanId).not.toBe(scanId);

    // A malformed id is refused with a clear message, nothing stored.
    const bad = await upload(next.sessionId, next.token, await makePdf(1), {
      ...withId('not an id!'),
      'accept-language': 'de',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'bad_upload_id',
      message: translate('de', 'scans.errors.bad_upload_id'),
    });
    expect(await rowsOfSession(next.sessionId)).toHaveLength(1);
  });

  it('removes a deleted scan’s file later when removing it at once fails', async () => {
    const person = await personWithScanSession('en');
    const res = await upload(person.sessionId, person.token, await makePdf(1));
    const scanId = res.json<{ scanId: number }>().scanId;
    const key = (await scanRow(scanId)).file_key ?? 'missing';
    const file = key;

    const storage = t.ctx.storage;
    const remove = storage.remove.bind(storage);
    let failed = false;
    storage.remove = async (k) => {
      if (k === key && !failed) {
        failed = true;
        throw new Error('EIO: simulated');
      }
      return remove(k);
    };
    try {
      const deleted = await person.agent.delete(`/ajax/scans/${scanId}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(failed).toBe(true);
      expect(await scanRow(scanId)).toMatchObject({ file_key: null });
      // The removal queued with the mark takes the file.
      await until(async () => ((await exists(file)) ? undefined : true));
    } finally {
      storage.remove = remove;
    }
  });

  it('deletes files after the retention and keeps the rows; the person deletes one at once', async () => {
    const person = await personWithScanSession('en');
    const old = await upload(person.sessionId, person.token, await makePdf(2));
    const recent = await upload(person.sessionId, person.token, await makePdf(1));
    const oldId = old.json<{ scanId: number }>().scanId;
    const recentId = recent.json<{ scanId: number }>().scanId;
    const oldFile = (await scanRow(oldId)).file_key ?? 'missing';
    const recentFile = (await scanRow(recentId)).file_key ?? 'missing';

    // Made 7 days and a minute ago: due. The other is not.
    const madeAt = new Date(Date.now() - 7 * 86_400_000 - 60_000);
    await sql`UPDATE scans SET created_at = ${madeAt} WHERE id = ${oldId}`.execute(t.ctx.db);
    expect(await applyScanRetention(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await exists(oldFile)).toBe(false);
    expect(await exists(recentFile)).toBe(true);
    expect(await scanRow(oldId)).toMatchObject({ file_key: null, deleted_at: null, pages: 2 });

    const list = (await person.agent.get('/ajax/scans')).json<TScanList>().scans;
    expect(list.map((s) => [s.id, s.download_url, s.expires_at === null])).toEqual([
      [recentId, `/ajax/scans/${recentId}/download`, false],
      [oldId, null, true],
    ]);
    const gone = await person.agent.get(`/ajax/scans/${oldId}/download`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ code: string }>().code).toBe('scan_file_deleted');

    // The person deletes the recent one: file gone, row kept marked, no longer listed.
    const removed = await person.agent.delete(`/ajax/scans/${recentId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await exists(recentFile)).toBe(false);
    expect((await scanRow(recentId)).deleted_at).not.toBeNull();
    expect(
      (await person.agent.get('/ajax/scans')).json<TScanList>().scans.map((s) => s.id),
    ).toEqual([oldId]);
    expect((await person.agent.get(`/ajax/scans/${recentId}/download`)).statusCode).toBe(404);
  });

  it('lists scans in the data download and removes their files with the account', async () => {
    const person = await personWithScanSession('en');
    const res = await upload(person.sessionId, person.token, await makePdf(2));
    const scanId = res.json<{ scanId: number }>().scanId;
    const row = await scanRow(scanId);
    const file = row.file_key ?? 'missing';

    const data = await person.agent.get('/api/account/export');
    expect(data.statusCode).toBe(200);
    const exported = data.json<{ scans: Array<{ mailed_at: string | null }> }>().scans;
    expect(exported.map((s) => ({ ...s, mailed_at: null }))).toEqual([
      {
        file_name: row.file_name,
        printer_name: printer.name,
        pages: 2,
        size_bytes: row.byte_size,
        created_at: row.created_at.toISOString(),
        mailed_at: null,
        deleted_by_you_at: null,
        file_stored: true,
      },
    ]);

    const erased = await person.agent.request('DELETE', '/api/account', {
      confirmation: person.password,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    await until(async () => ((await exists(file)) ? undefined : true));
    const rows = await t.ctx.db.selectFrom('scans').select('id').where('id', '=', scanId).execute();
    expect(rows).toEqual([]);
  });
});
