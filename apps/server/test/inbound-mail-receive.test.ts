import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimSign } from 'mailauth';
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
import {
  PRINTER_BUCKET,
  REPLY_TARGET_BUCKET,
  SENDER_BUCKET,
} from '../src/modules/inbound-mail/inbound-receive.service';

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
    expect(await t.ctx.storage.read(row.raw_key!)).toEqual(raw);
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
    // Its domain's DMARC fails: whoever sent it is not the From address, so nothing is made of
    // it and nobody is answered (the reply would go to the person it pretends to be from).
    expect(row).toMatchObject({
      verdict: 'stranger',
      user_id: null,
      status: 'ignored',
      outcome: 'forged_sender',
      raw_key: null,
    });
    expect(row.auth_details).toMatchObject({ dmarc: 'fail', spf: 'fail', dkim: 'fail' });
    expect(await jobsFor(row.id)).toHaveLength(0);

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
    expect(second).toMatchObject({ verdict: 'stranger', user_id: null, outcome: 'forged_sender' });
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

  it('treats a well-signed message from a blocked account as a stranger', async () => {
    const blocked = await mail.account(`blocked.${Date.now().toString(36)}`);
    await t.ctx.db
      .updateTable('users')
      .set({ blocked_at: new Date() })
      .where('id', '=', blocked.id)
      .execute();
    const messageId = uniqueId('blocked');
    const raw = await buildRawMessage({
      from: blocked.email,
      to: PRINTER_ADDRESS,
      messageId,
      dkim: key,
    });
    await sendOverSmtp(smtp.port, raw, { from: blocked.email, to: PRINTER_ADDRESS });
    const row = await rowWithMessageId(messageId);
    expect(row).toMatchObject({ verdict: 'stranger', user_id: null });
    expect(row.auth_details).toMatchObject({ dmarc: 'pass' });
  });

  it('refuses at RCPT the address of a printer taken out of service, and takes it again once back', async () => {
    const from = senderAddress('decommissioned');
    const messageId = uniqueId('decommissioned');
    const raw = await buildRawMessage({ from, to: PRINTER_ADDRESS, messageId });
    const setGone = (at: Date | null) =>
      t.ctx.db
        .updateTable('printers')
        .set({ decommissioned_at: at })
        .where('id', '=', printerId)
        .execute();
    await setGone(new Date());
    try {
      const err = await refusal(sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS }));
      expect(err.responseCode).toBe(550);
      expect(err.command).toBe('RCPT TO');
      expect(await rowsWithMessageId(messageId)).toHaveLength(0);
    } finally {
      await setGone(null);
    }
    const sent = await sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS });
    expect(sent.response).toMatch(/^250 /);
    expect(await rowsWithMessageId(messageId)).toHaveLength(1);
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
    // (The local storage's directory of this month, as the test app uses it.)
    const dir = path.join(t.ctx.config.dataDir, 'documents', path.dirname(row.raw_key!));
    const files = await fs.readdir(dir);
    const copies = await Promise.all(
      files.filter((f) => f.endsWith('.eml')).map((f) => fs.readFile(path.join(dir, f))),
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

  it('answers 450 at the end of DATA once a sender is over its limit, and keeps nothing of that message', async () => {
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
    expect(err.command).toBe('DATA');
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

/** A DKIM signature over `raw` as it is (a hand-written header), `l=` when `bodyLength` is given. */
async function signRaw(raw: Buffer, dkim: TDkimKey, bodyLength?: number): Promise<Buffer> {
  const key = { signingDomain: dkim.domain, selector: dkim.selector, privateKey: dkim.privateKey };
  const signed = await dkimSign(raw, {
    ...key,
    signatureData: [
      {
        canonicalization: 'relaxed/relaxed',
        ...key,
        ...(bodyLength === undefined ? {} : { maxBodyLength: bodyLength }),
      },
    ],
  });
  if (!signed.signatures.startsWith('DKIM-Signature:')) throw new Error('DKIM signing failed');
  return Buffer.concat([Buffer.from(signed.signatures), raw]);
}

/** A plain message with the header lines given as they are (no client library rewrites them). */
const handWritten = (headerLines: string[], body = 'Please print.') =>
  Buffer.from(
    [
      ...headerLines,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
  );

/** A rate limit window already at `count` (as if that many messages had come this hour). */
async function fillLimit(bucket: string, key: string, count: number): Promise<void> {
  await t.ctx.db
    .insertInto('rate_limits')
    .values({ bucket, key, count, window_ends_at: new Date(Date.now() + 3_600_000) })
    .onConflict((oc) => oc.columns(['bucket', 'key']).doUpdateSet({ count }))
    .execute();
}

const clearLimit = (bucket: string, key: string) =>
  t.ctx.db.deleteFrom('rate_limits').where('bucket', '=', bucket).where('key', '=', key).execute();

describe('who is trusted (the address mailauth checked, signed recipients)', () => {
  const postHook = (body: Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/inbound/mail',
      payload: body,
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}`, ...headers },
    });

  it('does not trust an encoded-word From address that mailparser decodes to an account', async () => {
    const localpart = confirmed.email.split('@')[0]!;
    const encoded = `=?UTF-8?B?${Buffer.from(localpart).toString('base64')}?=`;
    const messageId = uniqueId('encoded-from');
    const raw = await signRaw(
      handWritten([
        `From: <${encoded}@${SENDER_DOMAIN}>`,
        `To: ${PRINTER_ADDRESS}`,
        'Subject: Print',
        `Message-ID: <${messageId}>`,
      ]),
      key,
    );
    const sent = await sendOverSmtp(smtp.port, raw, { from: confirmed.email, to: PRINTER_ADDRESS });
    expect(sent.response).toMatch(/^250 /);
    const row = await rowWithMessageId(messageId);
    // mailparser reads the account's address; mailauth checked another (the encoded text).
    expect(row.from_address).toBe(confirmed.email);
    expect(row).toMatchObject({ verdict: 'stranger', user_id: null });
  });

  it('does not trust a From address that only lower-casing makes an account (Kelvin sign)', async () => {
    const kevin = await mail.account(`kevin.${Date.now().toString(36)}`);
    const messageId = uniqueId('kelvin');
    // U+212A KELVIN SIGN: its lower case is the ASCII "k".
    const raw = await signRaw(
      handWritten([
        `From: <\u212A${kevin.email.slice(1)}>`,
        `To: ${PRINTER_ADDRESS}`,
        'Subject: Print',
        `Message-ID: <${messageId}>`,
      ]),
      key,
    );
    await sendOverSmtp(smtp.port, raw, { from: `x@${SENDER_DOMAIN}`, to: PRINTER_ADDRESS });
    const row = await rowWithMessageId(messageId);
    expect(row).toMatchObject({ verdict: 'stranger', user_id: null });
    expect(row.from_address).not.toBe(kevin.email);
  });

  it('does not trust a signature that covers only part of the body (l=)', async () => {
    const messageId = uniqueId('body-length');
    const signed = await signRaw(
      handWritten(
        [
          `From: ${confirmed.email}`,
          `To: ${PRINTER_ADDRESS}`,
          'Subject: Print',
          `Message-ID: <${messageId}>`,
        ],
        'Hi',
      ),
      key,
      4,
    );
    // Whoever got the message appends what they like; the signature still verifies.
    const raw = Buffer.concat([signed, Buffer.from('Anything added later.\r\n')]);
    const res = await postHook(raw);
    expect(res.statusCode, res.body).toBe(202);
    const row = await rowWithMessageId(messageId);
    expect(row.auth_details).toMatchObject({ dmarc: 'pass', dkim: 'pass' });
    expect(row).toMatchObject({ verdict: 'stranger', user_id: null, status: 'received' });
  });

  it('trusts a signed message (no SPF) only for a printer its signed To / Cc name', async () => {
    // A signed message the account holder once sent someone else, posted again for the printer.
    const messageId = uniqueId('replayed');
    const raw = await buildRawMessage({
      from: confirmed.email,
      to: 'friend@example.net',
      messageId,
      dkim: key,
    });
    const res = await postHook(raw, { 'x-envelope-to': PRINTER_ADDRESS });
    expect(res.statusCode, res.body).toBe(202);
    const row = await rowWithMessageId(messageId);
    expect(row.auth_details).toMatchObject({ dmarc: 'pass', dkim: 'pass', printer_named: 'no' });
    expect(row).toMatchObject({ verdict: 'stranger', user_id: null });
  });

  it('posts to the first printer of the headers only when the provider gives no envelope', async () => {
    const other = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('id', '<>', printerId)
      .executeTakeFirstOrThrow();
    const otherAddress = `fan-out-${Date.now().toString(36)}@${DOMAIN}`;
    await t.ctx.db
      .updateTable('printers')
      .set({ email: otherAddress })
      .where('id', '=', other.id)
      .execute();
    const messageId = uniqueId('fan-out');
    const raw = handWritten([
      `From: ${senderAddress('fan')}`,
      `To: ${PRINTER_ADDRESS}`,
      `Cc: ${otherAddress}`,
      'Subject: Print',
      `Message-ID: <${messageId}>`,
    ]);
    const res = await postHook(raw);
    expect(res.statusCode, res.body).toBe(202);
    expect((await rowsWithMessageId(messageId)).map((r) => r.printer_id)).toEqual([printerId]);
    // With the provider's envelope both printers are the message's recipients.
    const enveloped = uniqueId('fan-out-envelope');
    const res2 = await postHook(
      handWritten([
        `From: ${senderAddress('fan')}`,
        `To: ${PRINTER_ADDRESS}`,
        `Cc: ${otherAddress}`,
        `Message-ID: <${enveloped}>`,
      ]),
      { 'x-envelope-to': `${PRINTER_ADDRESS}, ${otherAddress}` },
    );
    expect(res2.statusCode, res2.body).toBe(202);
    expect((await rowsWithMessageId(enveloped)).map((r) => r.printer_id).sort()).toEqual(
      [printerId, other.id].sort(),
    );
  });
});

describe('the limits, counted once per message', () => {
  it('does not count RCPT commands: repeating RCPT TO without data uses up no limit', async () => {
    const from = senderAddress('repeat');
    const rcpts = Array.from({ length: 12 }, () => `RCPT TO:<${PRINTER_ADDRESS}>`);
    const answers = await smtpConversation(smtp.port, [
      'EHLO client.example',
      `MAIL FROM:<${from}>`,
      ...rcpts,
      'RSET',
      `MAIL FROM:<${from}>`,
      ...rcpts,
    ]);
    expect(answers.slice(3).every((a) => a.startsWith('250'))).toBe(true);
    // The sender (limit 5 an hour here) still gets its message through.
    const messageId = uniqueId('after-repeat');
    const raw = await buildRawMessage({ from, to: PRINTER_ADDRESS, messageId });
    const sent = await sendOverSmtp(smtp.port, raw, { from, to: PRINTER_ADDRESS });
    expect(sent.response).toMatch(/^250 /);
    expect(await rowsWithMessageId(messageId)).toHaveLength(1);
  });

  it('keeps a verified account holder out of the per-printer and per-sender limits', async () => {
    const printerKey = `printer:${PRINTER_ADDRESS}`;
    const senderKey = `sender:${confirmed.email}`;
    // The printer flooded by strangers, and forged mail sent with the account's MAIL FROM.
    await fillLimit(PRINTER_BUCKET, printerKey, 10_000);
    await fillLimit(SENDER_BUCKET, senderKey, 10_000);
    try {
      const strangerId = uniqueId('flooded-stranger');
      const from = senderAddress('late');
      const err = await refusal(
        sendOverSmtp(
          smtp.port,
          await buildRawMessage({ from, to: PRINTER_ADDRESS, messageId: strangerId }),
          { from, to: PRINTER_ADDRESS },
        ),
      );
      expect(err.responseCode).toBe(450);
      expect(await rowsWithMessageId(strangerId)).toHaveLength(0);

      const trustedId = uniqueId('flooded-trusted');
      const raw = await buildRawMessage({
        from: confirmed.email,
        to: PRINTER_ADDRESS,
        messageId: trustedId,
        dkim: key,
      });
      const sent = await sendOverSmtp(smtp.port, raw, {
        from: confirmed.email,
        to: PRINTER_ADDRESS,
      });
      expect(sent.response).toMatch(/^250 /);
      expect(await rowWithMessageId(trustedId)).toMatchObject({ verdict: 'trusted' });
    } finally {
      await clearLimit(PRINTER_BUCKET, printerKey);
      await clearLimit(SENDER_BUCKET, senderKey);
    }
  });

  it('limits replies to one From address whatever envelope sender delivers them', async () => {
    // A domain without DMARC: a forged From there is answered, so its mailbox needs the limit.
    const victim = `victim.${Date.now().toString(36)}@no-dmarc.example`;
    const max = t.ctx.config.rateLimits.inboundPerReplyTarget.max;
    await fillLimit(REPLY_TARGET_BUCKET, `to:${victim}`, max - 1);
    const send = async (label: string, envelopeFrom: string) => {
      const messageId = uniqueId(label);
      const raw = await buildRawMessage({ from: victim, to: PRINTER_ADDRESS, messageId });
      return {
        messageId,
        result: sendOverSmtp(smtp.port, raw, { from: envelopeFrom, to: PRINTER_ADDRESS }),
      };
    };
    const last = await send('reply-target-last', senderAddress('varied'));
    expect((await last.result).response).toMatch(/^250 /);
    expect(await rowWithMessageId(last.messageId)).toMatchObject({
      verdict: 'stranger',
      status: 'received',
    });
    const over = await send('reply-target-over', senderAddress('varied'));
    expect((await refusal(over.result)).responseCode).toBe(450);
    expect(await rowsWithMessageId(over.messageId)).toHaveLength(0);
  });
});

describe('when DNS fails', () => {
  it('refuses for now (SMTP 451, webhook 503) rather than taking an account holder for a stranger', async () => {
    // Nothing listens on the discard port: every lookup fails at once.
    const broken = await startInboundMailApp({
      env: { DNS_SERVERS: '127.0.0.1:9' },
      printerLocalpart: 'dns-down',
      worker: false,
    });
    try {
      const person = await broken.account(`dora.${Date.now().toString(36)}`);
      const messageId = uniqueId('dns-down');
      const raw = await buildRawMessage({
        from: person.email,
        to: broken.printerAddress,
        messageId,
        dkim: broken.key,
      });
      const err = await refusal(
        sendOverSmtp(broken.listener.port, raw, { from: person.email, to: broken.printerAddress }),
      );
      expect(err.responseCode).toBe(451);
      const res = await broken.t.app.inject({
        method: 'POST',
        url: '/api/inbound/mail',
        payload: raw,
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
      });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const rows = await broken.t.ctx.db
        .selectFrom('inbound_messages')
        .select('id')
        .where('message_id', '=', messageId)
        .execute();
      expect(rows).toHaveLength(0);
    } finally {
      await broken.close();
    }
  }, 60_000);
});
