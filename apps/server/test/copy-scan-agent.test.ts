import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterAgent } from '../../agent/src/agent';
import type { SimulatedEsclScanner } from '../../agent/src/kiosk/escl-scanner';
import type { SimulatedPanel } from '../../agent/src/kiosk/simulated-panel';
import { DEVICE_PIN_LIMITS } from '../src/modules/agents/device-sessions.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { signInDemoAdmin } from './helpers/admin';
import { startAgentHarness, type TAgentHarness } from './helpers/agent-harness';
import { registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

/**
 * Issue 16's "Done when" for the agent: copying and scanning at a multifunction printer with the
 * person's ID and PIN, end to end: the REAL agent against the real server (its WebSocket link and
 * scan upload), the agent's panel gateway driven by a simulated device panel, and a simulated
 * eSCL scanner. The person sets their PIN as in the account page; what they see afterwards (pages
 * left, scans in the account and the mailbox) and what the admin sees (printer statistics) is
 * checked.
 */

let h: TAgentHarness;
let t: TTestApp;
let agent: PrinterAgent;
let panel: SimulatedPanel;
let scanner: SimulatedEsclScanner;
let admin: TestAgent;

interface TMonth {
  month: string;
  copy_color_pages: number;
  copy_mono_pages: number;
  scanned_pages: number;
  copying_users: number;
  scanning_users: number;
}

beforeAll(async () => {
  h = await startAgentHarness('kiosk-copy-scan');
  t = h.t;
  // The demo kiosk is a colour copier (with a scanner); the test needs it to be.
  await t.ctx.db
    .updateTable('printers')
    .set({ is_copier: true, is_color: true })
    .where('id', '=', h.printerId)
    .execute();
  agent = await h.startAgent();
  await agent.waitFor('online');
  ({ panel, scanner } = await h.startDevice(agent, {
    scanner: { pages: 3, formats: ['image/jpeg'] },
  }));
  admin = await signInDemoAdmin(t.app);
});
afterAll(() => h?.close());

/** A person with pages who set a PIN on the account page: answers their ID. */
async function personWithPin(pin: string, pages = 50) {
  const person = new TestAgent(t.app);
  const { id, email, password } = await registerAndSignIn(person);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
  const set = await person.put('/ajax/user/pin', {
    pin_code: pin,
    pin_code_confirmation: pin,
    old_password: password,
  });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json()).toMatchObject({ pin_set: true, pin_uid: expect.any(Number) });
  return { person, id, email, uid: String(set.json().pin_uid as number) };
}

const remaining = async (person: TestAgent) =>
  (await person.get('/ajax/user')).json().remaining_page_limit as number;

async function thisMonth(): Promise<TMonth> {
  const res = await admin.get(`/api/admin/printers/${h.printerId}/statistics`);
  expect(res.statusCode).toBe(200);
  const month = new Date().toISOString().slice(0, 7);
  return (
    (res.json().months as TMonth[]).find((m) => m.month === month) ?? {
      month,
      copy_color_pages: 0,
      copy_mono_pages: 0,
      scanned_pages: 0,
      copying_users: 0,
      scanning_users: 0,
    }
  );
}

describe('copying and scanning at the printer with ID and PIN (real agent, simulated panel)', () => {
  it('signs in with the ID and PIN set in the account; a wrong PIN is invalid, too many lock the ID', async () => {
    const { person, uid } = await personWithPin('2468');
    const granted = await panel.signIn(uid, '2468', 'copy');
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      ok: true,
      action: 'copy',
      remainingPages: await remaining(person),
      colorAllowed: true,
    });
    expect((await panel.signOut()).status).toBe(204);

    // Wrong PINs: refused as invalid up to the limit, then the ID is locked (even the right PIN).
    for (let i = 0; i < DEVICE_PIN_LIMITS.perId.max; i++)
      expect((await panel.signIn(uid, '1111', 'copy')).body).toEqual({
        ok: false,
        reason: 'invalid',
      });
    const locked = await panel.signIn(uid, '2468', 'copy');
    expect(locked.body).toMatchObject({ ok: false, reason: 'locked' });
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(panel.sessionId).toBeUndefined();
    // An unknown ID is as invalid as a wrong PIN.
    expect((await panel.signIn('99999999', '2468', 'copy')).body).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('a 5-page colour copy charges 15 pages, and a scan arrives in the account and by mail; the statistics show both', async () => {
    const before = await thisMonth();
    const { person, uid, email } = await personWithPin('13579');
    const start = await remaining(person);

    // Copy: five colour pages cost three pages each.
    expect((await panel.signIn(uid, '13579', 'copy')).body).toMatchObject({ ok: true });
    const copied = await panel.copy(5, 0);
    expect(copied.status).toBe(200);
    expect(copied.body).toMatchObject({ charged: 15, remainingPages: start - 15 });
    expect(await remaining(person)).toBe(start - 15);
    await panel.signOut();
    // Acknowledged: the agent keeps nothing to send again.
    expect(agent.usageJournal.reports()).toEqual([]);

    // Scan: three pages from the device's scanner, delivered as one PDF.
    expect((await panel.signIn(uid, '13579', 'scan')).body).toMatchObject({
      ok: true,
      action: 'scan',
    });
    const scanned = await panel.scan({ colorMode: 'color' });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body).toMatchObject({ pages: 3, scanId: expect.any(Number) });
    expect(scanner.jobs.at(-1)).toMatchObject({ delivered: 3, done: true });
    await panel.signOut();
    // Scans are free.
    expect(await remaining(person)).toBe(start - 15);

    const list = await person.get('/ajax/scans');
    expect(list.statusCode).toBe(200);
    const scans = list.json().scans as Array<{
      id: number;
      pages: number;
      printer_name: string | null;
      download_url: string | null;
    }>;
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({
      id: scanned.body.scanId,
      pages: 3,
      printer_name: 'Złote Tarasy',
    });
    const download = await person.get(scans[0]!.download_url as string);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(download.rawPayload));
    expect(pdf.getPageCount()).toBe(3);
    // The scanner sent JPEG pages of A4 sheets: the PDF's pages are A4 (595 x 842 pt).
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      expect(Math.abs(width - 595)).toBeLessThan(6);
      expect(Math.abs(height - 842)).toBeLessThan(6);
    }
    // Nobody else sees it.
    const stranger = new TestAgent(t.app);
    await registerAndSignIn(stranger);
    expect((await stranger.get('/ajax/scans')).json().scans).toEqual([]);

    const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('Złote Tarasy'));
    const attached = mail.attachments.findIndex((a) => a.contentType === 'application/pdf');
    expect(attached).toBeGreaterThanOrEqual(0);
    const mailed = await PDFDocument.load(new Uint8Array(mail.attachmentContents[attached]!));
    expect(mailed.getPageCount()).toBe(3);

    // The admin's statistics of the printer this month.
    const after = await thisMonth();
    expect({
      copy_color_pages: after.copy_color_pages - before.copy_color_pages,
      copy_mono_pages: after.copy_mono_pages - before.copy_mono_pages,
      scanned_pages: after.scanned_pages - before.scanned_pages,
      copying_users: after.copying_users - before.copying_users,
      scanning_users: after.scanning_users - before.scanning_users,
    }).toEqual({
      copy_color_pages: 5,
      copy_mono_pages: 0,
      scanned_pages: 3,
      copying_users: 1,
      scanning_users: 1,
    });
  });

  it('copies made while the agent was away from the server are charged once it is back, once', async () => {
    const { person, uid } = await personWithPin('8642');
    const start = await remaining(person);
    expect((await panel.signIn(uid, '8642', 'copy')).body).toMatchObject({ ok: true });
    // The agent loses the server (stopped here); the copies are made meanwhile.
    await agent.stop();
    const copied = panel.copy(0, 4);
    await new Promise((r) => setTimeout(r, 300));
    expect(agent.usageJournal.reports()).toMatchObject([{ kind: 'copy', monoPages: 4 }]);
    expect(await remaining(person)).toBe(start);
    await agent.start();
    // Sent again on reconnection; the panel, still waiting, gets the charge.
    const answer = await copied;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ charged: 4, remainingPages: start - 4 });
    expect(await remaining(person)).toBe(start - 4);
    expect(agent.usageJournal.reports()).toEqual([]);
    await panel.signOut();
  });

  it('a copy report the panel sends again is charged once, and copies after an agent restart are charged', async () => {
    const { person, uid } = await personWithPin('97531');
    const start = await remaining(person);
    expect((await panel.signIn(uid, '97531', 'copy')).body).toMatchObject({ ok: true });
    const reportId = '5d7c1f0e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
    const first = await panel.copy(0, 2, reportId);
    expect(first.body).toMatchObject({ reportId, charged: 2, remainingPages: start - 2 });
    // The panel did not get the answer and tries again with the same report: no second charge.
    const again = await panel.copy(0, 2, reportId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ reportId, charged: 2 });
    expect(await remaining(person)).toBe(start - 2);

    // The agent restarts (an update) while the person is still at the device: the new gateway
    // does not know the session, the server does and charges the copies made in it.
    const sessionId = panel.sessionId;
    await agent.stop();
    agent = await h.startAgent();
    await agent.waitFor('online');
    ({ panel } = await h.startDevice(agent, { scanner: { pages: 1 } }));
    panel.sessionId = sessionId;
    const after = await panel.copy(0, 3);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ charged: 3, remainingPages: start - 5 });
    expect(await remaining(person)).toBe(start - 5);
    // A session that is not this printer's copy session is reported and not charged.
    panel.sessionId = 987_654;
    expect((await panel.copy(0, 1)).body).toMatchObject({ charged: null });
    expect(await remaining(person)).toBe(start - 5);
  });
});
