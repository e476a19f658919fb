import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@printomat/shared';
import type { TInboundMessageRow } from '../src/db/schema';
import { startInboundSmtp, type TInboundSmtp } from '../src/modules/inbound-mail';
import {
  buildRawMessage,
  deliveryReport,
  INBOUND_DOMAIN as DOMAIN,
  INBOUND_SECRET as SECRET,
  makeDkimKey,
  SENDER_DOMAIN,
  sendOverSmtp,
  smtpConversation,
  startInboundMailApp,
  type TestDns,
  type TDkimKey,
  type TInboundMailApp,
} from './helpers/inbound-mail';
import { createTestApp, type TTestApp } from './helpers/test-app';

const MAX_BYTES = 64 * 1024;
const PRINTER_ADDRESS = `receive-test@${DOMAIN}`;

let mail: TInboundMailApp;
let t: TTestApp;
let dns: TestDns;
let smtp: TInboundSmtp;
let key: TDkimKey;
let printerId: number;
let confirmed: { email: string; id: number };
let unconfirmed: { email: string; id: number };

let senderCounter = 0;
/** A fresh address at the signing domain, so the per-sender limit of one test spares the others. */
const senderAddress = (name: string) => `${name}.${++senderCounter}@${SENDER_DOMAIN}`;

beforeAll(async () => {
  mail = await startInboundMailApp({
    env: {
      INBOUND_MAX_MESSAGE_BYTES: String(MAX_BYTES),
      RATE_LIMIT_INBOUND_PER_SENDER: '5/1h',
    },
    printerLocalpart: 'receive-test',
    // Processing is another module's work: the jobs stay queued here, for the tests to read.
    worker: false,
  });
  ({ t, dns, key, printerId, listener: smtp } = mail);
  confirmed = await mail.account(`anna.${Date.now().toString(36)}`);
  unconfirmed = await mail.account(`bob.${Date.now().toString(36)}`, { confirmed: false });
}, 60_000);

afterAll(() => mail?.close());

const rowsWithMessageId = (messageId: string) =>
  t.ctx.db.selectFrom('inbound_messages').selectAll().where('message_id', '=', messageId).execute();

const rowWithMessageId = async (messageId: string): Promise<TInboundMessageRow> => {
  const rows = await rowsWithMessageId(messageId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

const jobsFor = async (rowId: number) =>
  (
    await t.ctx.db
      .selectFrom('jobs')
      .select(['payload', 'status'])
      .where('name', '=', 'inbound_mail.process')
      .execute()
  ).filter((j) => {
    const payload = (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload) as {
      messageId: number;
    };
    return payload.messageId === rowId;
  });

const uniqueId = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2)}@${SENDER_DOMAIN}`;

async function refusal(
  promise: Promise<unknown>,
): Promise<{ responseCode?: number; command?: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { responseCode?: number; command?: string };
  }
  throw new Error('the message was accepted');
}

describe('the SMTP listener', () => {
  it('refuses an unknown recipient at RCPT, before any data, and keeps nothing', async () => {
    const from = senderAddress('nobody');
    const messageId = uniqueId('unknown-rcpt');
    const raw = await buildRawMessage({ from, to: `no-such-printer@${DOMAIN}`, messageId });
    const err = await refusal(
      sendOverSmtp(smtp.port, raw, { from, to: `no-such-printer@${DOMAIN}` }),
    );
    expect(err.responseCode).toBe(550);
    expect(err.command).toBe('RCPT TO');
    // A printer's address at another domain is no printer address either.
    const other = await refusal(
      sendOverSmtp(smtp.port, raw, { from, to: 'receive-test@elsewhere.example' }),
    );
    expect(other.responseCode).toBe(550);
    const answers = await smtpConversation(smtp.port, [
      'EHLO client.example',
      `MAIL FROM:<${from}>`,
      `RCPT TO:<ghost@${DOMAIN}>`,
    ]);
    expect(answers[3]).toMatch(/^550 /);
    expect(await rowsWithMessageId(messageId)).toHaveLength(0);
  });

  it('advertises its size limit and refuses a larger message with 552, declared or not', async () => {
    const from = senderAddress('big');
    const answers = await smtpConversation(smtp.port, [
      'EHLO client.example',
      `MAIL FROM:<${from}> SIZE=${MAX_BYTES + 1}`,
    ]);
    expect(answers[1]).toContain(`SIZE ${MAX_BYTES}`);
    // No AUTH (nobody relays through it), and no STARTTLS without a certificate.
    expect(answers[1]).not.toMatch(/AUTH|STARTTLS/);
    expect(answers[2]).toMatch(/^552 /);

    const messageId = uniqueId('too-large');
    const raw = await buildRawMessage({
      from,
      to: PRINTER_ADDRESS,
      messageId,
      attachments: [{ filename: 'big.pdf', content: Buffer.alloc(MAX_BYTES, 7) }],
    });
    const err = await refusal(sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS }));
    expect(err.responseCode).toBe(552);
    // Not declared in MAIL FROM: the limit holds while the data streams.
    const streamed = await smtpConversation(smtp.port, [
      'EHLO client.example',
      `MAIL FROM:<${from}>`,
      `RCPT TO:<${PRINTER_ADDRESS}>`,
      'DATA',
      `${raw.toString('latin1').replace(/\r\n\./g, '\r\n..')}\r\n.`,
    ]);
    expect(streamed[4]).toMatch(/^354 /);
    expect(streamed[5]).toMatch(/^552 /);
    expect(await rowsWithMessageId(messageId)).toHaveLength(0);
  });

  it('trusts a DKIM-signed, DMARC-aligned message from a confirmed account and queues it', async () => {
    const messageId = uniqueId('trusted');
    const raw = await buildRawMessage({
      from: `Anna <${confirmed.email}>`,
      to: PRINTER_ADDRESS,
      subject: 'Print my thesis',
      text: 'Thanks!',
      messageId,
      dkim: key,
      attachments: [{ filename: 'a.txt', content: 'hello' }],
    });
    const sent = await sendOverSmtp(smtp.port, raw, { from: confirmed.email, to: PRINTER_ADDRESS });
    expect(sent.response).toMatch(/^250 /);
    const row = await rowWithMessageId(messageId);
    expect(row).toMatchObject({
      printer_id: printerId,
      via: 'smtp',
      verdict: 'trusted',
      user_id: confirmed.id,
      status: 'received',
      outcome: null,
      envelope_from: confirmed.email,
      from_address: confirmed.email,
      subject: 'Print my thesis',
      dedupe_key: messageId.toLowerCase(),
      size_bytes: raw.length,
    });
    expect(row.auth_details).toMatchObject({
      dmarc: 'pass',
      spf: 'pass',
      dkim: 'pass',
      from_domain: SENDER_DOMAIN,
    });
    // The raw message waits in storage for processing, byte for byte.
    expect(row.raw_key).toMatch(/\.eml$/);
    expect(await fs.readFile(t.ctx.storage.pathOf(row.raw_key!))).toEqual(raw);
    expect(await jobsFor(row.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it('treats a forged From (the same account address, no valid signature, SPF failing) as a stranger', async () => {
    const messageId = uniqueId('forged');
    // Signed with a key the domain never published, sent from an address its SPF does not list.
    const raw = await buildRawMessage({
      from: confirmed.email,
      to: PRINTER_ADDRESS,
      messageId,
      dkim: makeDkimKey(SENDER_DOMAIN),
    });
    await sendOverSmtp(
      smtp.port,
      raw,
      { from: confirmed.email, to: PRINTER_ADDRESS },
      { localAddress: '127.0.0.2' },
    );
    const row = await rowWithMessageId(messageId);
    expect(row).toMatchObject({ verdict: 'stranger', user_id: null, status: 'received' });
    expect(row.auth_details).toMatchObject({ dmarc: 'fail', spf: 'fail', dkim: 'fail' });
    // Strangers are processed too (an express order), so the job is there.
    expect(await jobsFor(row.id)).toHaveLength(1);

    // The forger's own domain passing SPF does not align with the From domain either.
    const alignedNot = uniqueId('forged-envelope');
    const unsigned = await buildRawMessage({
      from: confirmed.email,
      to: PRINTER_ADDRESS,
      messageId: alignedNot,
    });
    dns.addTxt('forger.example.net', 'v=spf1 ip4:127.0.0.1 -all');
    await sendOverSmtp(smtp.port, unsigned, { from: 'x@forger.example.net', to: PRINTER_ADDRESS });
    const second = await rowWithMessageId(alignedNot);
    expect(second).toMatchObject({ verdict: 'stranger', user_id: null });
    expect(second.auth_details).toMatchObject({ dmarc: 'fail', spf: 'pass', dkim: 'none' });
  });

  it('treats a well-signed message from an unconfirmed account as a stranger', async () => {
    const messageId = uniqueId('unconfirmed');
    const raw = await buildRawMessage({
      from: unconfirmed.email,
      to: PRINTER_ADDRESS,
      messageId,
      dkim: key,
    });
    await sendOverSmtp(smtp.port, raw, { from: unconfirmed.email, to: PRINTER_ADDRESS });
    const row = await rowWithMessageId(messageId);
    expect(row).toMatchObject({ verdict: 'stranger', user_id: null });
    expect(row.auth_details).toMatchObject({ dmarc: 'pass' });
  });

  it('records a message delivered twice (same Message-ID) once, with one job', async () => {
    const from = senderAddress('twice');
    const messageId = uniqueId('Twice');
    const raw = await buildRawMessage({ from, to: PRINTER_ADDRESS, messageId, dkim: key });
    const first = await sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS });
    // The sender's server may retry after a lost answer; the retry is answered 250 as well.
    const again = await sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS });
    expect(first.response).toMatch(/^250 /);
    expect(again.response).toMatch(/^250 /);
    const row = await rowWithMessageId(messageId);
    expect(await jobsFor(row.id)).toHaveLength(1);
    // The redelivery's copy of the raw message was removed again: only the row's is on disk.
    const files = await fs.readdir(path.dirname(t.ctx.storage.pathOf(row.raw_key!)));
    const copies = await Promise.all(
      files
        .filter((f) => f.endsWith('.eml'))
        .map((f) => fs.readFile(path.join(path.dirname(t.ctx.storage.pathOf(row.raw_key!)), f))),
    );
    expect(copies.filter((c) => c.equals(raw))).toHaveLength(1);
  });

  it('records auto-replies, bounces and bulk mail as ignored, with no job and nothing stored', async () => {
    const cases: Array<{
      label: string;
      outcome: string;
      build: () => Promise<{ raw: Buffer; from: string }>;
    }> = [
      {
        label: 'vacation',
        outcome: 'auto_reply',
        build: async () => {
          const from = senderAddress('away');
          const headers = { 'Auto-Submitted': 'auto-replied' };
          return {
            from,
            raw: await buildRawMessage({
              from,
              to: PRINTER_ADDRESS,
              messageId: uniqueId('vacation'),
              headers,
              dkim: key,
            }),
          };
        },
      },
      {
        label: 'bulk',
        outcome: 'list',
        build: async () => {
          const from = senderAddress('news');
          return {
            from,
            raw: await buildRawMessage({
              from,
              to: PRINTER_ADDRESS,
              messageId: uniqueId('bulk'),
              headers: { Precedence: 'bulk' },
            }),
          };
        },
      },
      {
        label: 'bounce',
        outcome: 'bounce',
        build: async () => ({ from: '', raw: deliveryReport(uniqueId('bounce'), PRINTER_ADDRESS) }),
      },
    ];
    for (const c of cases) {
      const { raw, from } = await c.build();
      const sent = await sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS });
      expect(sent.response, c.label).toMatch(/^250 /);
      const messageId = /Message-ID: <([^>]+)>/i.exec(raw.toString())![1]!;
      const row = await rowWithMessageId(messageId);
      expect(row, c.label).toMatchObject({
        verdict: 'ignored',
        status: 'ignored',
        outcome: c.outcome,
        raw_key: null,
      });
      expect(await jobsFor(row.id), c.label).toHaveLength(0);
    }
  });

  it('answers 450 at RCPT once a sender is over its limit, and keeps nothing of that message', async () => {
    const from = senderAddress('flood');
    for (let i = 0; i < 5; i += 1) {
      const raw = await buildRawMessage({
        from,
        to: PRINTER_ADDRESS,
        messageId: uniqueId(`flood${i}`),
      });
      await sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS });
    }
    const messageId = uniqueId('flood-over');
    const raw = await buildRawMessage({ from, to: PRINTER_ADDRESS, messageId });
    const err = await refusal(sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS }));
    expect(err.responseCode).toBe(450);
    expect(err.command).toBe('RCPT TO');
    expect(await rowsWithMessageId(messageId)).toHaveLength(0);
    const rows = await t.ctx.db
      .selectFrom('inbound_messages')
      .select('id')
      .where('envelope_from', '=', from)
      .execute();
    expect(rows).toHaveLength(5);
  });

  it('offers STARTTLS only with a certificate, and takes mail over it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-inbound-tls-'));
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        `/CN=${DOMAIN}`,
      ],
      { stdio: 'ignore' },
    );
    const withTls = await startInboundSmtp(
      {
        ...t.ctx,
        config: {
          ...t.ctx.config,
          inbound: { ...t.ctx.config.inbound, tls: { keyFile, certFile } },
        },
      },
      { port: 0, host: '127.0.0.1' },
    );
    try {
      const answers = await smtpConversation(withTls.port, ['EHLO client.example']);
      expect(answers[1]).toContain('STARTTLS');
      expect(answers[1]).not.toContain('AUTH');
      const from = senderAddress('secure');
      const messageId = uniqueId('tls');
      const raw = await buildRawMessage({ from, to: PRINTER_ADDRESS, messageId });
      const sent = await sendOverSmtp(
        withTls.port,
        raw,
        { from, to: PRINTER_ADDRESS },
        { requireTLS: true },
      );
      expect(sent.response).toMatch(/^250 /);
      expect((await rowWithMessageId(messageId)).via).toBe('smtp');
    } finally {
      await withTls.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the inbound webhook', () => {
  const post = (body: Buffer, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/inbound/mail',
      payload: body,
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}`, ...headers },
    });

  it('is off (404) without a configured secret', async () => {
    const bare = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' });
    try {
      const raw = await buildRawMessage({ from: senderAddress('off'), to: PRINTER_ADDRESS });
      expect((await post(raw, {}, bare.app)).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('is described in the API docs', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const spec = docs.json<{ paths: Record<string, { post?: { responses: object } }> }>();
    expect(Object.keys(spec.paths['/api/inbound/mail']?.post?.responses ?? {})).toContain('202');
  });

  it('refuses a wrong or missing secret (401) and keeps nothing', async () => {
    const messageId = uniqueId('wrong-secret');
    const raw = await buildRawMessage({
      from: senderAddress('wrong'),
      to: PRINTER_ADDRESS,
      messageId,
    });
    expect((await post(raw, { authorization: 'Bearer not-the-secret-at-all' })).statusCode).toBe(
      401,
    );
    expect((await post(raw, { authorization: '' })).statusCode).toBe(401);
    expect(await rowsWithMessageId(messageId)).toHaveLength(0);
  });

  it('records a message for the printer of its To header (202), trusted by DKIM alone, once', async () => {
    const messageId = uniqueId('webhook');
    const raw = await buildRawMessage({
      from: confirmed.email,
      to: PRINTER_ADDRESS,
      messageId,
      dkim: key,
    });
    const res = await post(raw);
    expect(res.statusCode, res.body).toBe(202);
    const row = await rowWithMessageId(messageId);
    expect(res.json()).toEqual({
      messages: [{ printer_id: printerId, id: row.id, duplicate: false }],
    });
    expect(row).toMatchObject({
      via: 'http',
      verdict: 'trusted',
      user_id: confirmed.id,
      envelope_from: null,
    });
    // No client address from the provider: SPF cannot pass, the DKIM signature aligns.
    expect(row.auth_details).toMatchObject({ dmarc: 'pass', spf: 'none', dkim: 'pass' });
    expect(await jobsFor(row.id)).toHaveLength(1);

    const again = await post(raw);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({
      messages: [{ printer_id: printerId, id: row.id, duplicate: true }],
    });
    expect(await jobsFor(row.id)).toHaveLength(1);
  });

  it('takes the envelope from the provider: recipients, sender, client address', async () => {
    const messageId = uniqueId('envelope');
    // Bcc'd to the printer: only the envelope names it.
    const raw = await buildRawMessage({
      from: confirmed.email,
      to: 'friend@example.net',
      messageId,
    });
    const res = await post(raw, {
      'x-envelope-to': `someone@example.net, <${PRINTER_ADDRESS.toUpperCase()}>`,
      'x-envelope-from': confirmed.email,
      'x-client-ip': '127.0.0.1',
      'x-client-helo': 'mx.sender.example.org',
    });
    expect(res.statusCode, res.body).toBe(202);
    const row = await rowWithMessageId(messageId);
    // Unsigned, but sent from an address the domain's SPF lists: aligned, trusted.
    expect(row).toMatchObject({ via: 'http', verdict: 'trusted', envelope_from: confirmed.email });
    expect(row.auth_details).toMatchObject({ dmarc: 'pass', spf: 'pass', dkim: 'none' });
  });

  it('refuses a message for no printer (422, in the language asked) and a too large one (413)', async () => {
    const raw = await buildRawMessage({ from: senderAddress('lost'), to: `ghost@${DOMAIN}` });
    const res = await post(raw, { 'accept-language': 'de' });
    expect(res.statusCode).toBe(422);
    expect(res.json<TErrorResponse>()).toMatchObject({
      code: 'no_printer_recipient',
      message: 'Keiner der Empfänger ist die Adresse eines Druckers.',
    });
    const big = await buildRawMessage({
      from: senderAddress('big'),
      to: PRINTER_ADDRESS,
      attachments: [{ filename: 'big.pdf', content: Buffer.alloc(MAX_BYTES, 7) }],
    });
    expect((await post(big)).statusCode).toBe(413);
  });

  it('limits messages per sender (429 with Retry-After)', async () => {
    const from = senderAddress('hook-flood');
    for (let i = 0; i < 5; i += 1) {
      const raw = await buildRawMessage({
        from,
        to: PRINTER_ADDRESS,
        messageId: uniqueId(`hook${i}`),
      });
      expect((await post(raw)).statusCode).toBe(202);
    }
    const messageId = uniqueId('hook-over');
    const res = await post(await buildRawMessage({ from, to: PRINTER_ADDRESS, messageId }));
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsWithMessageId(messageId)).toHaveLength(0);
  });
});
