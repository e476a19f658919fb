import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/helpers/fixtures';
import { until } from '../apps/server/test/helpers/http-session';
import {
  buildRawMessage,
  makeDkimKey,
  sendOverSmtp,
  TestDns,
} from '../apps/server/test/helpers/inbound-mail';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { registerKioskAgent, signedInClient } from './helpers/kiosk';
import { KIOSK_CODE } from './helpers/print-flow';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

const MINION = 'e2e-kiosk-mail';
const KIOSK_ADDRESS = 'zlote-tarasy@print.printomat.example';
const ANNA = 'anna@printomat.example';

let server: TRunningServer;
let printer: TestPrinter;
let agent: TAgentProcess;
let dns: TestDns;
let smtpPort: number;
let dir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Print by e-mail, browser-free, as a person does it: the demo user mails a PDF to the demo kiosk's
 * address from her own (DKIM-signed, DMARC-aligned) domain, the reply tells her the price, she
 * releases the job with the printer's code and the real IPP printer receives it. The sending
 * domain's DNS records come from a DNS server on loopback, which the server under test asks as
 * its configured resolver.
 */
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-mail-e2e-'));
  dns = new TestDns();
  const dnsServer = await dns.start();
  smtpPort = await freePort();
  [server, printer] = await Promise.all([
    startServer({
      INBOUND_SMTP_PORT: String(smtpPort),
      DNS_SERVERS: dnsServer,
      INBOUND_REPLY_WAIT_SECONDS: '60',
    }),
    startTestPrinter({}),
  ]);
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: path.join(dir, 'agent-state'),
  });
  await registerKioskAgent(server.url, MINION);
});
afterAll(async () => {
  await stopAll({ agent, printer, server, dir });
  await dns?.stop();
});

describe('print by e-mail', () => {
  it('a PDF mailed by the demo user is priced in the reply, released with the code and printed', async () => {
    const key = makeDkimKey('printomat.example');
    dns.trustDomain('printomat.example', key);
    const raw = await buildRawMessage({
      from: ANNA,
      to: KIOSK_ADDRESS,
      subject: 'Lecture notes',
      text: 'Please print.',
      attachments: [
        { filename: 'lecture.pdf', content: await makePdf(3), contentType: 'application/pdf' },
      ],
      dkim: key,
    });
    await sendOverSmtp(smtpPort, raw, { from: ANNA, to: KIOSK_ADDRESS });

    // Anna's account is Polish: the reply is too, threaded under her message.
    const reply = await server.smtp
      .waitFor(ANNA, (m) => /Lecture notes/.test(m.subject), 45_000)
      .catch((err: unknown) => {
        throw new Error(`${String(err)}\n${server.output()}`);
      });
    expect(reply.subject).toBe('Re: Lecture notes');
    expect(reply.text).toContain('lecture.pdf');
    expect(reply.text).toMatch(/3 stron/);
    expect(reply.inReplyTo).toMatch(/^<.+>$/);

    const anna = await signedInClient(server.url, ANNA, 'anna-demo-2026');
    const job = (await (await anna.call('/ajax/printjobs/current')).json()) as {
      id: number;
      documents: Array<{ name: string; page_count: number | null }>;
    };
    expect(job.documents).toEqual([
      expect.objectContaining({ name: 'lecture.pdf', page_count: 3 }),
    ]);

    const printedBefore = (await printer.printedJobs()).length;
    const pagesBefore = (
      (await (await anna.call('/ajax/user')).json()) as {
        remaining_page_limit: number;
      }
    ).remaining_page_limit;
    expect(
      (await anna.json(`/ajax/printjobs/${job.id}/submit`, 'POST', { is_submitted: true })).status,
    ).toBe(200);
    const released = await anna.json(`/ajax/printjobs/${job.id}/print_with_code`, 'POST', {
      code: KIOSK_CODE,
    });
    expect(released.status).toBe(200);

    const printed = await until(async () => {
      const jobs = await printer.printedJobs();
      return jobs.length > printedBefore ? jobs.slice(printedBefore) : undefined;
    }, 60_000);
    expect(printed).toHaveLength(1);
    // Billed exactly as printed: three pages from the account, once the printer reports them.
    const remaining = async () =>
      ((await (await anna.call('/ajax/user')).json()) as { remaining_page_limit: number })
        .remaining_page_limit;
    await until(async () => ((await remaining()) === pagesBefore - 3 ? true : undefined), 60_000);
  }, 180_000);
});
