import { createHmac } from 'node:crypto';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentPrinterStatus } from '@printomat/shared';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import {
  checkSilentPrinters,
  startPrinterAlertChecks,
} from '../src/modules/printers/printer-alerts.service';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { testDatabaseKind } from './helpers/database';
import { useTwoInstances } from './helpers/two-instances';
import { until } from './helpers/http-session';
import { LocalHttpServer, onBody } from './helpers/local-server';
import { agentPrinterStatus, rawAgent } from './helpers/raw-agent';
import { createTestApp, type TTestApp } from './helpers/test-app';
import type { TCapturedMail } from './helpers/smtp';

const SECRET = 'alert-webhook-secret-for-tests';
const ADMIN = 'admin@printomat.example';
const ADMIN_DE = 'admin-de@printomat.example';
const CONTACT = 'kiosk-contact@printomat.example';

/** The operator's alert receiver: keeps every delivery with its signature header. */
class AlertReceiver extends LocalHttpServer {
  readonly received: Array<{ signature: string; body: string }> = [];
  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    onBody(req, (body) => {
      this.received.push({
        signature: String(req.headers['x-printomat-signature'] ?? ''),
        body: body.toString(),
      });
      res.writeHead(204).end();
    });
  }
}

/** What a receiver checks: HMAC-SHA256 of `<t>.<body>` with the shared secret. */
function validSignature(header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  const mac = createHmac('sha256', SECRET).update(`${parts.t}.`).update(body).digest('hex');
  return parts.v1 === mac && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

const idle = agentPrinterStatus({ markers: [{ name: 'Black toner', level: 80 }] });

const mailsTo = (t: TTestApp, to: string) => t.smtp.mails.filter((m) => m.to.includes(to));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setUp(t: TTestApp, code: string, minionId: string) {
  const printer = await t.ctx.db
    .selectFrom('printers')
    .select(['id', 'name'])
    .where('direct_print_code', '=', code)
    .executeTakeFirstOrThrow();
  return { ...printer, credentials: await issueAgentSecret(t.ctx, null, printer.id, minionId) };
}

async function openIncidents(t: TTestApp, printerId: number) {
  return t.ctx.db
    .selectFrom('printer_incidents')
    .selectAll()
    .where('printer_id', '=', printerId)
    .where('ended_at', 'is', null)
    .execute();
}

describe('printer alerts', () => {
  let t: TTestApp;
  let url: string;
  const receiver = new AlertReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      ALERT_WEBHOOK_URL: `${receiver.origin}/alerts`,
      ALERT_WEBHOOK_SECRET: SECRET,
      ALERT_CHECK_INTERVAL_SECONDS: '5',
    });
    await seedDemoData(t.ctx.db);
    await t.ctx.db
      .insertInto('users')
      .values({
        email: ADMIN_DE,
        password_hash: null,
        role: 'admin',
        locale: 'de',
        referral_code: 'ALERTDE1',
      })
      .execute();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  it('offline: one mail to each admin and the contact, nothing more on the next check, one on recovery', async () => {
    const printer = await setUp(t, '418273', 'kiosk-alerts'); // Złote Tarasy, Warsaw
    // The contact is set in the admin form (and told in Polish, the printer's country).
    const admin = await signInDemoAdmin(t.app);
    const shown = (await admin.get(`/api/admin/printers/${printer.id}`)).json();
    const saved = await admin.put(`/api/admin/printers/${printer.id}`, {
      ...formFields(shown),
      contact_email: CONTACT,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contact_email).toBe(CONTACT);

    const link = await rawAgent(url, printer.credentials.minionId, printer.credentials.secret);
    await link.next('welcome');
    link.close();
    await link.closed;
    // Its agent was last heard from two minutes ago: past the offline limit.
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date(Date.now() - 120_000) })
      .where('id', '=', printer.id)
      .execute();

    // The recurring check (every 5 s here) finds it without being called: its first run after
    // the start only looks (agents reconnect after a restart), the next one tells.
    await startPrinterAlertChecks(t.ctx);
    const toAdmin = await t.smtp.waitFor(ADMIN, (m) => m.subject.includes('offline'), 20_000);
    expect(toAdmin.subject).toBe(`Printomat alert: printer ${printer.name} is offline`);
    expect(toAdmin.text).toContain(`/admin/printers/${printer.id}`);
    const toAdminDe = await t.smtp.waitFor(ADMIN_DE, (m) => m.subject.includes('offline'));
    expect(toAdminDe.subject).toBe(`Printomat-Alarm: Drucker ${printer.name} ist offline`);
    const toContact = await t.smtp.waitFor(CONTACT, (m) => m.subject.includes('offline'));
    expect(toContact.subject).toBe(`Alarm Printomat: drukarka ${printer.name} jest offline`);
    expect(toContact.text).not.toContain('/admin/printers/');

    // The admin index shows the incident and since when.
    const index = (await admin.get('/api/admin/printers')).json();
    const row = index.printers.find((p: { id: number }) => p.id === printer.id);
    expect(row.availability).toBe('offline');
    expect(row.incidents).toEqual([
      expect.objectContaining({ kind: 'offline', started_at: expect.any(String) }),
    ]);

    // Checks again (this instance's and the recurring one): nobody is told twice.
    await checkSilentPrinters(t.ctx);
    await sleep(6_000);
    await t.ctx.worker.drain();
    for (const to of [ADMIN, ADMIN_DE, CONTACT])
      expect(mailsTo(t, to).filter((m) => /offline/.test(m.subject))).toHaveLength(1);

    // The agent is back: one recovery mail each.
    const back = await rawAgent(url, printer.credentials.minionId, printer.credentials.secret);
    await back.next('welcome');
    const recovered = await t.smtp.waitFor(ADMIN, (m) => m.subject.includes('back online'));
    expect(recovered.subject).toBe(`Printomat: printer ${printer.name} is back online`);
    await t.smtp.waitFor(CONTACT, (m) => m.subject.includes('znów jest online'));
    await checkSilentPrinters(t.ctx);
    await t.ctx.worker.drain();
    expect(mailsTo(t, ADMIN).filter((m) => m.subject.includes('back online'))).toHaveLength(1);
    expect(await openIncidents(t, printer.id)).toEqual([]);
    back.close();

    // The webhook got the start and the end, signed.
    const deliveries = await until(async () =>
      receiver.received.length >= 2 ? receiver.received : undefined,
    );
    const events = deliveries.map(
      (d) => JSON.parse(d.body) as { type: string; incident: { kind: string } },
    );
    expect(events.map((e) => `${e.type}:${e.incident.kind}`)).toEqual([
      'printer.incident.opened:offline',
      'printer.incident.recovered:offline',
    ]);
    for (const d of deliveries) expect(validSignature(d.signature, d.body)).toBe(true);
  }, 60_000);

  it('a status report opens and ends error and low-toner incidents', async () => {
    const printer = await setUp(t, '530916', 'kiosk-alerts-2');
    const link = await rawAgent(url, printer.credentials.minionId, printer.credentials.secret);
    await link.next('welcome');
    const report = async (status: TAgentPrinterStatus) => {
      await sleep(1_100); // the link takes one heartbeat a second
      link.send({ type: 'heartbeat', printer: status });
    };
    const subjects = (to: string) => mailsTo(t, to).map((m: TCapturedMail) => m.subject);

    await report({ ...idle, state: 'stopped', reasons: ['media-empty-error'] });
    await t.smtp.waitFor(ADMIN, (m) => m.subject.includes('cannot print (out of paper)'));
    await report({ ...idle, markers: [{ name: 'Black toner', level: 5 }] });
    await t.smtp.waitFor(ADMIN, (m) => m.subject.includes(`${printer.name} can print again`));
    await t.smtp.waitFor(ADMIN, (m) => m.subject.includes(`${printer.name} is low on toner`));
    expect((await openIncidents(t, printer.id)).map((i) => i.kind)).toEqual(['toner_low']);
    // The same report again tells nobody anything new.
    await report({ ...idle, markers: [{ name: 'Black toner', level: 5 }] });
    await report({ ...idle, reasons: ['toner-low-report'] });
    await report(idle);
    await t.smtp.waitFor(ADMIN, (m) => m.subject.includes(`${printer.name} has toner again`));
    await t.ctx.worker.drain();
    const mine = subjects(ADMIN).filter((s) => s.includes(printer.name));
    expect(mine).toEqual([
      `Printomat alert: printer ${printer.name} cannot print (out of paper)`,
      `Printomat: printer ${printer.name} can print again`,
      `Printomat alert: printer ${printer.name} is low on toner`,
      `Printomat: printer ${printer.name} has toner again`,
    ]);
    link.close();
  }, 60_000);
});

/** The admin form's fields of a printer as shown (what a save sends back). */
function formFields(p: Record<string, unknown>) {
  const keys = [
    'name',
    'full_name',
    'description',
    'country',
    'city_id',
    'street',
    'house_number',
    'postcode',
    'location_x',
    'location_y',
    'radius',
    'email',
    'direct_print_code',
    'express_email',
    'express_mono_price_minor',
    'express_color_price_minor',
    'is_color',
    'is_copier',
    'is_enabled',
    'is_premium',
    'minion_id',
    'maps_place_url',
    'open_hours',
  ];
  return Object.fromEntries(keys.map((k) => [k, p[k]]));
}

// Two server processes on one PostgreSQL: each sees the silence, the incident is still one.
describe.runIf(testDatabaseKind() === 'postgres')('printer alerts on two instances', () => {
  const instances = useTwoInstances();

  it('tells each admin once per incident', async () => {
    const { a, b } = instances;
    const printer = await setUp(a, '418273', 'kiosk-two');
    await a.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date(Date.now() - 120_000) })
      .where('id', '=', printer.id)
      .execute();
    await Promise.all([
      checkSilentPrinters(a.ctx),
      checkSilentPrinters(b.ctx),
      checkSilentPrinters(a.ctx),
      checkSilentPrinters(b.ctx),
    ]);
    await Promise.all([startPrinterAlertChecks(a.ctx), startPrinterAlertChecks(b.ctx)]);
    await Promise.all([a.ctx.worker.drain(), b.ctx.worker.drain()]);
    await sleep(500);
    await Promise.all([a.ctx.worker.drain(), b.ctx.worker.drain()]);
    const offline = [...a.smtp.mails, ...b.smtp.mails].filter(
      (m) => m.to.includes(ADMIN) && m.subject.includes('offline'),
    );
    expect(offline).toHaveLength(1);
    const checks = await a.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'printers.alert_check')
      .where('status', '=', 'pending')
      .execute();
    expect(checks).toHaveLength(1);
  }, 30_000);
});
