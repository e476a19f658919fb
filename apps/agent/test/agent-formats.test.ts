import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { TAgentJob, TAgentMessage } from '@printomat/shared';
import { PrinterAgent, type TAgentLog } from '../src/agent.js';
import { type TestPrinter, startTestPrinter } from '../src/kiosk/ipp-printer.js';
import { parsePwgRaster } from './pwg-raster.js';

const TOKEN = 'test-download-token-0123456789';
const quiet: TAgentLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The server's side of the agent link, as little as the agent needs: it welcomes the agent,
 * pushes one job, serves its document and collects what the agent reports.
 */
async function startFakeServer(pdf: Buffer) {
  const messages: TAgentMessage[] = [];
  const listeners = new Set<() => void>();
  let socket: WebSocket | undefined;
  const server = http.createServer((req, res) => {
    if (req.url === `/agent/documents/1?token=${TOKEN}`) {
      res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(pdf);
    } else {
      res.writeHead(404).end();
    }
  });
  const wss = new WebSocketServer({ server, path: '/agent/ws' });
  wss.on('connection', (ws) => {
    socket = ws;
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as TAgentMessage;
      messages.push(message);
      if (message.type === 'hello')
        ws.send(
          JSON.stringify({ type: 'welcome', printerId: 1, name: 'Test', heartbeatMs: 60_000 }),
        );
      if (message.type === 'job_finished')
        ws.send(JSON.stringify({ type: 'finished_ack', jobId: message.jobId }));
      for (const listener of listeners) listener();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sendJob(job: TAgentJob) {
      socket?.send(JSON.stringify({ type: 'job', job }));
    },
    finished(jobId: number) {
      const find = () =>
        messages.find(
          (m): m is Extract<TAgentMessage, { type: 'job_finished' }> =>
            m.type === 'job_finished' && m.jobId === jobId,
        );
      return new Promise<NonNullable<ReturnType<typeof find>>>((resolve) => {
        const check = () => {
          const found = find();
          if (found) {
            listeners.delete(check);
            resolve(found);
          }
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const job = (over: Partial<TAgentJob> = {}): TAgentJob => ({
  jobId: 7,
  userId: 3,
  documents: [
    { documentId: 1, name: 'lecture.pdf', copies: 1, path: `/agent/documents/1?token=${TOKEN}` },
  ],
  sides: 'one-sided',
  colorMode: 'monochrome',
  numberUp: 1,
  orientation: null,
  impressions: 3,
  ...over,
});

describe('the agent sends what the printer accepts', () => {
  let pdf: Buffer;
  let stateDir: string;
  let agent: PrinterAgent | undefined;
  let server: Awaited<ReturnType<typeof startFakeServer>> | undefined;
  let printer: TestPrinter | undefined;

  beforeAll(async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 3; i++) doc.addPage([595.28, 841.89]).drawText(`Page ${i + 1}`);
    pdf = Buffer.from(await doc.save());
  });
  afterEach(async () => {
    await agent?.stop();
    await server?.stop();
    await printer?.stop();
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });

  async function run(formats: string[]) {
    printer = await startTestPrinter({ formats });
    server = await startFakeServer(pdf);
    stateDir = await mkdtemp(path.join(os.tmpdir(), 'printomat-agent-'));
    agent = new PrinterAgent({
      serverUrl: server.url,
      minionId: 'test',
      secret: 'secret',
      printerUri: printer.uri,
      stateDir,
      log: quiet,
      printerWaitMs: 5_000,
    });
    await agent.start();
    await agent.waitFor('online');
    server.sendJob(job());
    return server.finished(7);
  }

  it('prints a PWG raster on a printer that takes only PWG raster', async () => {
    const finished = await run(['image/pwg-raster']);
    expect(finished).toMatchObject({ outcome: 'printed', documentsCompleted: 1 });
    const [printed] = await printer!.printedJobs();
    const pages = parsePwgRaster(await readFile(printed!.file));
    // The normalised PDF's three pages, on the printer's media at 300 dpi in grey.
    expect(pages).toHaveLength(3);
    expect(pages[0]).toMatchObject({ dpi: [300, 300], colorSpace: 'sgray' });
    expect(printed!.env).toMatchObject({ IPP_JOB_NAME: 'printomat-7-1' });
  });

  it('fails the job with a clear reason when the printer takes only JPEG', async () => {
    const finished = await run(['image/jpeg']);
    expect(finished).toMatchObject({ outcome: 'failed', documentsCompleted: 0 });
    expect(finished.reason).toMatch(/accepts none of PDF, PWG raster or .*URF.*image\/jpeg/);
    expect(await printer!.printedJobs()).toEqual([]);
  });
});
