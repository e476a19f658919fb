import fs from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { TAgentMessage, TServerMessage } from '@printomat/shared';
import { PrinterAgent, type TAgentLog } from '../src/agent.js';
import { ConfigError, loadConfig } from '../src/config.js';
import {
  DEFAULT_PANEL_LISTEN,
  EsclScanner,
  PANEL_KEY_HEADER,
  PanelGateway,
  SCAN_UPLOAD_ID_HEADER,
  UsageJournal,
  isLoopbackHost,
  parseListen,
} from '../src/device/index.js';
import { type SimulatedEsclScanner, startSimulatedScanner } from '../src/kiosk/escl-scanner.js';
import { SimulatedPanel } from '../src/kiosk/simulated-panel.js';

const PANEL_KEY = 'panel-key-for-tests-0123456789';
const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const quiet: TAgentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A raw fake of the server's agent link: welcomes the agent, records what it sends, and lets
 * each test answer authorisations and usage reports as it likes; also takes scan uploads.
 */
async function fakeServer() {
  const received: TAgentMessage[] = [];
  const uploads: Array<{
    path: string;
    contentType: string | undefined;
    uploadId: string | undefined;
    body: Buffer;
  }> = [];
  /** The answers to the next uploads; the last one stays. */
  let uploadStatuses = [201];
  let refusing = false;
  let socket: WebSocket | undefined;
  let onMessage: (message: TAgentMessage, reply: (m: TServerMessage) => void) => void = () =>
    undefined;
  const http_ = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      uploads.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        uploadId: req.headers[SCAN_UPLOAD_ID_HEADER] as string | undefined,
        body: Buffer.concat(chunks),
      });
      const uploadStatus =
        (uploadStatuses.length > 1 ? uploadStatuses.shift() : uploadStatuses[0]) ?? 201;
      res.statusCode = uploadStatus;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(uploadStatus < 300 ? { id: 42 } : { message: 'refused' }));
    });
  });
  const wss = new WebSocketServer({ server: http_, path: '/agent/ws' });
  wss.on('connection', (ws) => {
    if (refusing) return ws.terminate();
    socket = ws;
    const reply = (m: TServerMessage) => ws.send(JSON.stringify(m));
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as TAgentMessage;
      received.push(message);
      if (message.type === 'hello')
        return reply({ type: 'welcome', printerId: 7, name: 'Kiosk', heartbeatMs: 60_000 });
      onMessage(message, reply);
    });
  });
  await new Promise<void>((resolve) => http_.listen(0, '127.0.0.1', resolve));
  const { port } = http_.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    uploads,
    setUploadStatus: (...statuses: number[]) => (uploadStatuses = statuses),
    /** While set, every connection is closed at once (the server is away). */
    setRefusing: (value: boolean) => (refusing = value),
    answer(handler: typeof onMessage) {
      onMessage = handler;
    },
    of<K extends TAgentMessage['type']>(type: K) {
      return received.filter((m): m is Extract<TAgentMessage, { type: K }> => m.type === type);
    },
    /** Drops the agent's connection (it reconnects). */
    dropLink: () => socket?.terminate(),
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      http_.closeAllConnections();
      await new Promise<void>((resolve) => http_.close(() => resolve()));
    },
  };
}

async function waitUntil(check: () => boolean, what: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const grant = (action: 'copy' | 'scan', sessionId: number) =>
  ({
    ok: true,
    sessionId,
    userId: 3,
    action,
    remainingPages: 100,
    colorAllowed: true,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...(action === 'scan' ? { uploadPath: `/agent/scans/${sessionId}?token=${TOKEN}` } : {}),
  }) as const;

let server: Awaited<ReturnType<typeof fakeServer>>;
let scanner: SimulatedEsclScanner;
let stateDir: string;
let agent: PrinterAgent;
let gateway: PanelGateway;
let panel: SimulatedPanel;
let gatewayUrl: string;

async function startAgent(): Promise<PrinterAgent> {
  const a = new PrinterAgent({
    serverUrl: server.url,
    minionId: 'panel-test',
    secret: 'a-secret-of-sixteen-or-more',
    // No printer there: the agent only reports it unreachable.
    printerUri: 'ipp://127.0.0.1:9/ipp/print',
    stateDir,
    log: quiet,
    minReconnectMs: 20,
    maxReconnectMs: 50,
  });
  await a.start();
  await a.waitFor('online');
  return a;
}

beforeAll(async () => {
  scanner = await startSimulatedScanner({ pages: 2 });
});
afterAll(async () => {
  await scanner?.stop();
});
beforeEach(async () => {
  server = await fakeServer();
  stateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-panel-'));
  agent = await startAgent();
  gateway = new PanelGateway({
    link: agent,
    scanner: new EsclScanner({ baseUrl: scanner.url }),
    panelKey: PANEL_KEY,
    listen: '127.0.0.1:0',
    authorizeTimeoutMs: 400,
    ackTimeoutMs: 5_000,
    uploadRetryMs: 10,
  });
  gatewayUrl = (await gateway.start()).url;
  panel = new SimulatedPanel(gatewayUrl, PANEL_KEY);
});
afterEach(async () => {
  await gateway.stop();
  await agent.stop();
  await server.close();
  await fs.rm(stateDir, { recursive: true, force: true });
});

describe('panel gateway', () => {
  it('answers only the device holding the panel key', async () => {
    for (const headers of [{}, { [PANEL_KEY_HEADER]: 'wrong-key-wrong-key-wrong' }] as Array<
      Record<string, string>
    >) {
      const res = await fetch(`${gatewayUrl}/panel/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ uid: '123456', pin: '1234', action: 'copy' }),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    }
    expect(server.of('authorize')).toEqual([]);
  });

  it('signs a person in with ID + PIN through the server, and passes a refusal on', async () => {
    server.answer((m, reply) => {
      if (m.type !== 'authorize') return;
      reply({
        type: 'authorization',
        requestId: m.requestId,
        result: m.pin === '4711' ? grant('copy', 11) : { ok: false, reason: 'invalid' },
      });
    });
    const wrong = await panel.signIn('123456', '0000', 'copy');
    expect(wrong).toEqual({ status: 200, body: { ok: false, reason: 'invalid' } });
    expect(panel.sessionId).toBeUndefined();

    const right = await panel.signIn(123456, '4711', 'copy');
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      ok: true,
      sessionId: 11,
      action: 'copy',
      remainingPages: 100,
      colorAllowed: true,
    });
    expect(panel.sessionId).toBe(11);
    expect(server.of('authorize').map(({ uid, pin, action }) => ({ uid, pin, action }))).toEqual([
      { uid: '123456', pin: '0000', action: 'copy' },
      { uid: '123456', pin: '4711', action: 'copy' },
    ]);
  });

  it('answers unavailable when the server does not answer in time or the link is down', async () => {
    const t0 = Date.now();
    expect((await panel.signIn('123456', '4711', 'copy')).body).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(350);
    await agent.stop();
    expect((await panel.signIn('123456', '4711', 'copy')).body).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(server.of('authorize')).toHaveLength(1);
  });

  it('refuses malformed input with a clear message', async () => {
    const res = await fetch(`${gatewayUrl}/panel/sessions`, {
      method: 'POST',
      headers: { [PANEL_KEY_HEADER]: PANEL_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ uid: '12a', pin: '1234', action: 'print' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('bad_request');
    expect(body.message).toContain('uid');
    expect(body.message).toContain('action');
    const copies = (report: Record<string, unknown>) =>
      fetch(`${gatewayUrl}/panel/sessions/999/copies`, {
        method: 'POST',
        headers: { [PANEL_KEY_HEADER]: PANEL_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
    // More pages in one report than the server charges: refused here, not lost there.
    const huge = await copies({ colorPages: 6_000, monoPages: 5_000 });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { message: string }).message).toContain('at most 10000 pages');
    const badId = await copies({ colorPages: 1, monoPages: 0, reportId: 'again' });
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { message: string }).message).toContain('reportId');
    expect(server.of('authorize')).toEqual([]);
    expect(server.of('usage')).toEqual([]);
  });

  it('charges a copy report the panel sends again with the same reportId once', async () => {
    let ackNow = false;
    const charged = new Map<string, number>();
    const ack = (reportId: string, reply: (m: TServerMessage) => void) => {
      // Like the server: a reportId is charged once; a repeat answers the earlier charge.
      if (!charged.has(reportId)) charged.set(reportId, 15);
      reply({ type: 'usage_ack', reportId, charged: charged.get(reportId), remainingPages: 85 });
    };
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('copy', 17) });
      if (m.type === 'usage' && ackNow) ack(m.reportId, reply);
    });
    await panel.signIn('123456', '4711', 'copy');
    const reportId = '0b4f7a8e-2f4c-4b8e-9d31-6c0a3f5e7d21';
    // The first try is still waiting when the panel gives up on it and tries again.
    const first = panel.copy(5, 0, reportId);
    await waitUntil(() => server.of('usage').length === 1, 'the report');
    const retry = panel.copy(5, 0, reportId);
    await sleep(200);
    expect(server.of('usage')).toHaveLength(1);
    expect(agent.usageJournal.reports().map((r) => r.reportId)).toEqual([reportId]);
    ackNow = true;
    server.dropLink(); // sent again after the reconnection, then acknowledged
    for (const answer of await Promise.all([first, retry]))
      expect(answer).toEqual({
        status: 200,
        body: { reportId, charged: 15, remainingPages: 85 },
      });
    // Once more after the acknowledgement: the server answers the earlier charge.
    const late = await panel.copy(5, 0, reportId);
    expect(late.body).toEqual({ reportId, charged: 15, remainingPages: 85 });
    expect(new Set(server.of('usage').map((u) => u.reportId))).toEqual(new Set([reportId]));
    expect([...charged.keys()]).toEqual([reportId]);
  });

  it('reports copies for a session it no longer knows after a restart: the server decides', async () => {
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('copy', 18) });
      if (m.type === 'usage')
        reply(
          m.sessionId === 18
            ? { type: 'usage_ack', reportId: m.reportId, charged: 6, remainingPages: 94 }
            : { type: 'usage_ack', reportId: m.reportId }, // not a session it charges
        );
    });
    await panel.signIn('123456', '4711', 'copy');
    // The agent restarts (an update) while the person stands at the device.
    await gateway.stop();
    await agent.stop();
    agent = await startAgent();
    gateway = new PanelGateway({ link: agent, panelKey: PANEL_KEY, listen: '127.0.0.1:0' });
    const restarted = new SimulatedPanel((await gateway.start()).url, PANEL_KEY);
    restarted.sessionId = panel.sessionId;
    const copied = await restarted.copy(0, 6);
    expect(copied.status).toBe(200);
    expect(copied.body).toMatchObject({ charged: 6, remainingPages: 94 });
    expect(server.of('usage')).toEqual([
      expect.objectContaining({ kind: 'copy', sessionId: 18, colorPages: 0, monoPages: 6 }),
    ]);
    // A session the server does not charge: reported, answered as not charged.
    restarted.sessionId = 999;
    expect(await restarted.copy(1, 0)).toMatchObject({
      status: 200,
      body: { charged: null, remainingPages: null },
    });
    expect(server.of('usage').map((u) => u.sessionId)).toEqual([18, 999]);
  });

  it('reports copies in the session and answers what was charged', async () => {
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('copy', 12) });
      if (m.type === 'usage')
        reply({ type: 'usage_ack', reportId: m.reportId, charged: 15, remainingPages: 85 });
    });
    await panel.signIn('123456', '4711', 'copy');
    const copied = await panel.copy(5, 0);
    expect(copied.status).toBe(200);
    expect(copied.body).toMatchObject({ charged: 15, remainingPages: 85 });
    expect(server.of('usage')).toEqual([
      {
        type: 'usage',
        reportId: copied.body.reportId,
        kind: 'copy',
        sessionId: 12,
        colorPages: 5,
        monoPages: 0,
      },
    ]);
    // Acknowledged: nothing is left to send again.
    await waitUntil(() => agent.usageJournal.reports().length === 0, 'the journal to empty');
    expect((await panel.signOut()).status).toBe(204);
    expect(server.of('session_end')).toEqual([{ type: 'session_end', sessionId: 12 }]);
  });

  it('keeps an unacknowledged copy report and sends it again after a reconnection', async () => {
    let ackNow = false;
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('copy', 13) });
      if (m.type === 'usage' && ackNow)
        reply({ type: 'usage_ack', reportId: m.reportId, charged: 2, remainingPages: 98 });
    });
    await panel.signIn('123456', '4711', 'copy');
    const pending = panel.copy(0, 2);
    await waitUntil(() => server.of('usage').length === 1, 'the first report');
    const saved = JSON.parse(await fs.readFile(path.join(stateDir, 'usage.json'), 'utf8')) as {
      reports: Array<{ report: { reportId: string } }>;
    };
    expect(saved.reports.map((r) => r.report.reportId)).toEqual([server.of('usage')[0]?.reportId]);
    ackNow = true;
    server.dropLink();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ charged: 2, remainingPages: 98 });
    const reports = server.of('usage');
    expect(reports).toHaveLength(2);
    expect(reports[1]).toEqual(reports[0]);
    await waitUntil(() => agent.usageJournal.reports().length === 0, 'the journal to empty');
  });

  it('sends a report kept on disk again after the agent restarts', async () => {
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('copy', 14) });
    });
    const short = new PanelGateway({
      link: agent,
      panelKey: PANEL_KEY,
      listen: '127.0.0.1:0',
      ackTimeoutMs: 200,
    });
    const shortPanel = new SimulatedPanel((await short.start()).url, PANEL_KEY);
    try {
      await shortPanel.signIn('123456', '4711', 'copy');
      const queued = await shortPanel.copy(1, 3);
      // The server did not answer in time: the panel is told the report is kept.
      expect(queued.status).toBe(202);
      expect(queued.body).toMatchObject({ queued: true });
      const reportId = queued.body.reportId;
      await agent.stop();
      server.answer((m, reply) => {
        if (m.type === 'usage') reply({ type: 'usage_ack', reportId: m.reportId, charged: 6 });
      });
      agent = await startAgent();
      await waitUntil(() => server.of('usage').length === 2, 'the report sent again');
      expect(server.of('usage')[1]).toMatchObject({ reportId, sessionId: 14, monoPages: 3 });
      await waitUntil(() => agent.usageJournal.reports().length === 0, 'the journal to empty');
    } finally {
      await short.stop();
    }
  });

  it('scans on the device and uploads one PDF to the session upload path', async () => {
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant(m.action, 21) });
    });
    const signIn = await panel.signIn('123456', '4711', 'scan');
    // The upload token stays in the agent.
    expect(JSON.stringify(signIn.body)).not.toContain(TOKEN);
    scanner.configure({ pages: 3, formats: ['image/jpeg'] });
    const scanned = await panel.scan({ colorMode: 'grayscale' });
    expect(scanned).toEqual({ status: 200, body: { pages: 3, scanId: 42 } });
    expect(server.uploads).toHaveLength(1);
    const upload = server.uploads[0]!;
    expect(upload.path).toBe(`/agent/scans/21?token=${TOKEN}`);
    expect(upload.contentType).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(upload.body));
    expect(pdf.getPageCount()).toBe(3);
    // JPEG pages of an A4 sheet come out A4, not postage stamps.
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.abs(width - 595)).toBeLessThan(6);
    expect(Math.abs(height - 842)).toBeLessThan(6);
    expect(scanner.jobs.at(-1)?.settings.colorMode).toBe('Grayscale8');
    // A scan session does not copy; once signed out it does not scan either.
    const copy = await panel.copy(1, 0);
    expect(copy.status).toBe(409);
    expect(copy.body.error).toBe('wrong_action');
    const id = panel.sessionId;
    await panel.signOut();
    panel.sessionId = id;
    const after = await panel.scan();
    expect(after.status).toBe(409);
    expect(after.body.error).toBe('session_ended');
    expect(server.uploads).toHaveLength(1);
    expect(server.of('usage')).toEqual([]);
  });

  it('sends a scan upload again with the same upload id, so the server stores it once', async () => {
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('scan', 23) });
    });
    server.setUploadStatus(503, 201);
    await panel.signIn('123456', '4711', 'scan');
    scanner.configure({ pages: 1, formats: ['application/pdf'] });
    expect(await panel.scan()).toEqual({ status: 200, body: { pages: 1, scanId: 42 } });
    expect(server.uploads).toHaveLength(2);
    const [first, second] = server.uploads.map((u) => u.uploadId);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(second).toBe(first);
    // The next scan is another upload.
    expect((await panel.scan()).status).toBe(200);
    expect(server.uploads[2]?.uploadId).not.toBe(first);
  });

  it('tells the server a session ended while the link was down once it is back', async () => {
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('copy', 19) });
    });
    await panel.signIn('123456', '4711', 'copy');
    server.setRefusing(true);
    server.dropLink();
    await waitUntil(() => agent.status !== 'online', 'the link to drop');
    expect((await panel.signOut()).status).toBe(204);
    await sleep(150);
    expect(server.of('session_end')).toEqual([]);
    server.setRefusing(false);
    await waitUntil(() => server.of('session_end').length > 0, 'session_end after reconnecting');
    expect(server.of('session_end')).toEqual([{ type: 'session_end', sessionId: 19 }]);
    // Sent once: a later reconnection does not repeat it.
    server.dropLink();
    await waitUntil(() => server.of('hello').length === 3, 'another reconnection');
    await sleep(100);
    expect(server.of('session_end')).toHaveLength(1);
  });

  it('drops and keeps aside usage.json entries the server would refuse, and sends the rest', async () => {
    await agent.stop();
    const good = {
      type: 'usage',
      reportId: 'kept-report-1',
      kind: 'copy',
      sessionId: 30,
      colorPages: 1,
      monoPages: 2,
    };
    const file = path.join(stateDir, 'usage.json');
    const text = JSON.stringify({
      version: 1,
      reports: [
        {
          report: { ...good, reportId: 'bad-1', colorPages: -1 },
          createdAt: '2026-01-01T00:00:00Z',
        },
        { report: good, createdAt: '2026-01-01T00:00:00Z' },
        { report: { type: 'heartbeat', printer: {} }, createdAt: '2026-01-01T00:00:00Z' },
        { report: { type: 'session_end', sessionId: 3 }, createdAt: '2026-01-01T00:00:00Z' },
        null,
      ],
    });
    await fs.writeFile(file, text);
    const errors: Array<Record<string, unknown> | undefined> = [];
    agent = new PrinterAgent({
      serverUrl: server.url,
      minionId: 'panel-test',
      secret: 'a-secret-of-sixteen-or-more',
      printerUri: 'ipp://127.0.0.1:9/ipp/print',
      stateDir,
      log: {
        ...quiet,
        error: (msg, details) => void (msg.includes('usage.json') && errors.push(details)),
      },
      minReconnectMs: 20,
      maxReconnectMs: 50,
    });
    await agent.start();
    await agent.waitFor('online');
    await waitUntil(() => server.of('usage').length === 1, 'the kept report');
    expect(server.of('usage')).toEqual([good]);
    expect(errors.map((e) => e?.entry)).toEqual([0, 2, 3, 4]);
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as {
      reports: Array<{ report: unknown }>;
    };
    expect(saved.reports.map((r) => r.report)).toEqual([good]);
    expect(await fs.readFile(`${file}.rejected`, 'utf8')).toBe(text);
  });

  it('keeps at most the bound of unacknowledged reports, dropping the oldest', async () => {
    const file = path.join(stateDir, 'bounded.json');
    const journal = new UsageJournal(file, { maxReports: 3 });
    const report = (n: number) =>
      ({ type: 'usage', reportId: `r${n}`, kind: 'copy', colorPages: 0, monoPages: n }) as const;
    const dropped: string[] = [];
    for (let n = 1; n <= 5; n++)
      for (const old of await journal.add(report(n))) dropped.push(old.reportId);
    expect(dropped).toEqual(['r1', 'r2']);
    expect(journal.reports().map((r) => r.reportId)).toEqual(['r3', 'r4', 'r5']);
    const reread = new UsageJournal(file, { maxReports: 3 });
    expect(await reread.load()).toEqual({ dropped: [] });
    expect(reread.reports().map((r) => r.reportId)).toEqual(['r3', 'r4', 'r5']);
    expect(reread.has('r1')).toBe(false);
  });

  it('keeps the agent running when the panel port is taken, and listens once it is free', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    const errors: Array<Record<string, unknown> | undefined> = [];
    const late = new PanelGateway({
      link: agent,
      panelKey: PANEL_KEY,
      listen: `127.0.0.1:${port}`,
      log: { ...quiet, error: (_msg, details) => void errors.push(details) },
    });
    let startedAt: string | undefined;
    try {
      const first = await late.keepStarting({
        retryMs: 100,
        onStarted: (url) => (startedAt = url),
      });
      expect(first).toBeUndefined();
      expect(errors[0]).toMatchObject({
        PANEL_LISTEN: `127.0.0.1:${port}`,
        error: expect.stringContaining('EADDRINUSE'),
      });
      // Printing goes on meanwhile.
      expect(agent.status).toBe('online');
      await new Promise((resolve) => blocker.close(resolve));
      await waitUntil(() => startedAt !== undefined, 'the gateway to listen');
      expect(startedAt).toBe(`http://127.0.0.1:${port}`);
      const res = await fetch(`${startedAt}/panel/sessions`, { method: 'POST' });
      expect(res.status).toBe(401);
    } finally {
      blocker.close();
      await late.stop();
    }
  });

  it('says when the server refuses the upload', async () => {
    server.answer((m, reply) => {
      if (m.type === 'authorize')
        reply({ type: 'authorization', requestId: m.requestId, result: grant('scan', 22) });
    });
    server.setUploadStatus(410);
    await panel.signIn('123456', '4711', 'scan');
    scanner.configure({ pages: 1, formats: ['application/pdf'] });
    const scanned = await panel.scan();
    expect(scanned.status).toBe(502);
    expect(scanned.body.error).toBe('upload_failed');
    expect(scanned.body.message).toContain('410');
    expect(server.uploads).toHaveLength(1);
  });

  it('refuses scan sessions without asking the server when there is no scanner', async () => {
    const noScanner = new PanelGateway({ link: agent, panelKey: PANEL_KEY, listen: '127.0.0.1:0' });
    const p = new SimulatedPanel((await noScanner.start()).url, PANEL_KEY);
    try {
      expect((await p.signIn('123456', '4711', 'scan')).body).toEqual({
        ok: false,
        reason: 'not_supported',
      });
      expect(server.of('authorize')).toEqual([]);
    } finally {
      await noScanner.stop();
    }
  });
});

describe('panel settings', () => {
  const base = {
    PRINTOMAT_SERVER_URL: 'https://printomat.example',
    PRINTER_URI: 'ipp://10.0.0.7/ipp/print',
    PRINTOMAT_MINION_ID: 'kiosk-1',
    AGENT_STATE_DIR: '/tmp/printomat-agent-state',
  };
  const load = (env: Record<string, string>) =>
    loadConfig({ env: { ...base, ...env }, defaultConfigPath: '/nonexistent/agent.conf' });

  it('starts no gateway without a panel key, and listens on loopback by default with one', async () => {
    expect(parseListen(DEFAULT_PANEL_LISTEN)).toEqual({ host: '127.0.0.1', port: 7631 });
    expect(isLoopbackHost(parseListen(DEFAULT_PANEL_LISTEN).host)).toBe(true);
    const plain = await load({});
    expect(plain.panel).toBeUndefined();
    expect(plain.scannerUrl).toBeUndefined();
    const withPanel = await load({
      PANEL_KEY: PANEL_KEY,
      SCANNER_URL: 'http://10.0.0.7/eSCL',
    });
    expect(withPanel.panel).toEqual({ key: PANEL_KEY, listen: '127.0.0.1:7631' });
    expect(withPanel.scannerUrl).toBe('http://10.0.0.7/eSCL');
  });

  it('lists what is wrong with the panel settings', async () => {
    const err = await load({
      PANEL_LISTEN: '0.0.0.0',
      SCANNER_URL: 'smb://scanner',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([
      'PANEL_LISTEN is set but PANEL_KEY is not',
      'PANEL_LISTEN must be host:port (e.g. 127.0.0.1:7631): 0.0.0.0',
      'SCANNER_URL is set but PANEL_KEY is not (scans start at the panel)',
      'SCANNER_URL must start with http:// or https://: smb://scanner',
    ]);
    const short = await load({ PANEL_KEY: 'short' }).catch((e: unknown) => e);
    expect((short as ConfigError).problems).toEqual(['PANEL_KEY must be 16 to 200 characters']);
  });

  it('refuses a panel gateway reachable from the network unless PANEL_ALLOW_REMOTE=true', async () => {
    for (const listen of ['0.0.0.0:7631', '192.168.1.5:7631', '[::]:7631', 'kiosk.lan:7631']) {
      const err = await load({ PANEL_KEY, PANEL_LISTEN: listen }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([
        expect.stringContaining(`PANEL_LISTEN ${listen} is reachable from the network`),
      ]);
    }
    for (const listen of ['127.0.0.1:7700', 'localhost:7700', '[::1]:7700', '127.0.0.2:7700'])
      expect((await load({ PANEL_KEY, PANEL_LISTEN: listen })).panel).toEqual({
        key: PANEL_KEY,
        listen,
      });
    expect(
      (await load({ PANEL_KEY, PANEL_LISTEN: '0.0.0.0:7631', PANEL_ALLOW_REMOTE: 'true' })).panel,
    ).toEqual({ key: PANEL_KEY, listen: '0.0.0.0:7631', remote: true });
    const bad = await load({ PANEL_KEY, PANEL_ALLOW_REMOTE: 'yes' }).catch((e: unknown) => e);
    expect((bad as ConfigError).problems).toEqual([
      'PANEL_ALLOW_REMOTE must be true or false: yes',
    ]);
  });
});
