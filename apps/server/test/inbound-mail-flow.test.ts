import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type TLocale, type TPrintjob } from '@printomat/shared';
import type { TInboundMessageRow } from '../src/db/schema';
import { makePdf } from './helpers/fixtures';
import { until } from './helpers/http-session';
import {
  buildRawMessage,
  deliveryReport,
  INBOUND_SECRET,
  makeDkimKey,
  SENDER_DOMAIN,
  sendOverSmtp,
  startInboundMailApp,
  type TInboundMailApp,
  type TRawMessageOptions,
} from './helpers/inbound-mail';
import type { TCapturedMail } from './helpers/smtp';
import { TEST_PUBLIC_URL, type TestAgent, type TTestApp } from './helpers/test-app';

// Issue 14's "Done when", in one piece: real mail in (the SMTP listener on loopback, or the
// provider webhook), the running job worker processing it, the reply read from the real SMTP
// sink. Sender checks use DKIM keys made here and published on a loopback DNS; a forged From is
// a stranger. Loop tests: automatic mail gets no answer at all.

let mail: TInboundMailApp;
let t: TTestApp;

beforeAll(async () => {
  mail = await startInboundMailApp({
    env: { INBOUND_REPLY_WAIT_SECONDS: '30' },
    printerLocalpart: 'flow-test',
  });
  t = mail.t;
}, 60_000);

afterAll(() => mail?.close());

let sequence = 0;
const uniqueId = (label: string) =>
  `${label}.${++sequence}.${Date.now().toString(36)}@${SENDER_DOMAIN}`;
const localpart = (name: string) => `${name}.${++sequence}.${Date.now().toString(36)}`;

const message = (options: Omit<TRawMessageOptions, 'to'>) =>
  buildRawMessage({ ...options, to: mail.printerAddress });

/** The one reply threaded under `messageId` (without <>), as the sender's mailbox gets it. */
const replyTo = (to: string, messageId: string) =>
  t.smtp.waitFor(to, (m) => m.inReplyTo === `<${messageId}>`, 60_000);

const repliesTo = (messageId: string) =>
  t.smtp.mails.filter((m) => m.inReplyTo === `<${messageId}>`);

const rowsOf = (messageId: string) =>
  t.ctx.db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('dedupe_key', '=', messageId.toLowerCase())
    .execute();

async function rowOf(messageId: string): Promise<TInboundMessageRow> {
  const rows = await rowsOf(messageId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Nothing left to process or to send: whatever mail these messages cause has gone out. */
const queueDrained = () =>
  until(async () => {
    const busy = await t.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', ['inbound_mail.process', 'mail.send'])
      .where('status', 'in', ['pending', 'running'])
      .execute();
    return busy.length === 0 ? true : undefined;
  }, 60_000);

const documentCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function currentJob(agent: TestAgent) {
  const response = await agent.get('/ajax/printjobs/current');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPrintjob>();
}

const remainingOf = async (agent: TestAgent) =>
  (await agent.get('/ajax/user')).json<{ remaining_page_limit: number }>().remaining_page_limit;

/** What an account holder's reply says: the file's pages, the job's price, the pages left. */
async function expectAccountReply(
  reply: TCapturedMail,
  locale: TLocale,
  agent: TestAgent,
  file: { name: string; pages: number },
) {
  const job = await currentJob(agent);
  expect(job.documents.map((d) => [d.name, d.page_count])).toEqual([[file.name, file.pages]]);
  expect(job.cost).toBeGreaterThan(0);
  expect(reply.text).toContain(
    translate(locale, 'inbound_mail.reply.file.pages', { name: file.name, count: file.pages }),
  );
  expect(reply.text).toContain(
    translate(locale, 'inbound_mail.reply.price.pages', { count: job.cost }),
  );
  expect(reply.text).toContain(
    translate(locale, 'inbound_mail.reply.price.remaining', { count: await remainingOf(agent) }),
  );
  expect(reply.text).toContain(`${TEST_PUBLIC_URL}/print`);
  expect(reply.text).not.toContain('/express/orders/');
  return job;
}

/** A message as the mail provider's webhook delivers it. */
const postToWebhook = (raw: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/inbound/mail',
    payload: raw,
    headers: {
      'content-type': 'message/rfc822',
      authorization: `Bearer ${INBOUND_SECRET}`,
    },
  });

describe('mail over SMTP', () => {
  it('puts a trusted account holder’s PDF into their job and answers in their language, threaded', async () => {
    // German account; the message says English and the printer is in Poland: the account wins.
    const anna = await mail.account(localpart('anna'), { locale: 'de' });
    const messageId = uniqueId('thesis');
    const raw = await message({
      from: `Anna <${anna.email}>`,
      subject: 'Thesis',
      text: 'Please print it.',
      headers: { 'Content-Language': 'en' },
      messageId,
      dkim: mail.key,
      attachments: [{ filename: 'thesis.pdf', content: await makePdf(3) }],
    });
    const sent = await sendOverSmtp(mail.listener.port, raw, {
      from: anna.email,
      to: mail.printerAddress,
    });
    expect(sent.response).toMatch(/^250 /);

    const reply = await replyTo(anna.email, messageId);
    expect(reply.subject).toBe('Re: Thesis');
    expect(reply.references).toBe(`<${messageId}>`);
    const job = await expectAccountReply(reply, 'de', anna.agent, { name: 'thesis.pdf', pages: 3 });
    expect(await rowOf(messageId)).toMatchObject({
      via: 'smtp',
      verdict: 'trusted',
      user_id: anna.id,
      status: 'processed',
      outcome: 'added',
      reply_locale: 'de',
      printjob_id: job.id,
      express_order_id: null,
    });
  });

  it('never answers a forged From (an account’s address, DMARC failing) nor makes an order of it', async () => {
    const anna = await mail.account(localpart('anna'), { locale: 'de' });
    const before = (await currentJob(anna.agent)).documents;
    await queueDrained();
    const mailsBefore = t.smtp.mails.length;
    const messageId = uniqueId('forged');
    // Signed with a key the domain never published, sent from an address its SPF does not list.
    const raw = await message({
      from: anna.email,
      subject: 'Invoice',
      messageId,
      dkim: makeDkimKey(SENDER_DOMAIN),
      attachments: [{ filename: 'invoice.pdf', content: await makePdf(2) }],
    });
    const sent = await sendOverSmtp(
      mail.listener.port,
      raw,
      { from: anna.email, to: mail.printerAddress },
      { localAddress: '127.0.0.2' },
    );
    expect(sent.response).toMatch(/^250 /);
    await queueDrained();

    const row = await rowOf(messageId);
    expect(row).toMatchObject({
      verdict: 'stranger',
      user_id: null,
      status: 'ignored',
      outcome: 'forged_sender',
      express_order_id: null,
      printjob_id: null,
      replied_at: null,
    });
    expect(row.auth_details).toMatchObject({ dmarc: 'fail', spf: 'fail', dkim: 'fail' });
    // Anna, whose address it used, hears nothing; her job got nothing either.
    expect(t.smtp.mails.slice(mailsBefore)).toEqual([]);
    expect(repliesTo(messageId)).toEqual([]);
    expect((await currentJob(anna.agent)).documents).toEqual(before);
  });
});

describe('mail by the provider webhook', () => {
  it('trusts a DKIM-signed message without a client address, answers once, and a redelivery changes nothing', async () => {
    const bea = await mail.account(localpart('bea'), { locale: 'en' });
    const messageId = uniqueId('hook');
    const raw = await message({
      from: bea.email,
      subject: 'Tickets',
      messageId,
      dkim: mail.key,
      attachments: [{ filename: 'tickets.pdf', content: await makePdf(2) }],
    });
    const first = await postToWebhook(raw);
    expect(first.statusCode, first.body).toBe(202);

    const reply = await replyTo(bea.email, messageId);
    expect(reply.subject).toBe('Re: Tickets');
    const job = await expectAccountReply(reply, 'en', bea.agent, {
      name: 'tickets.pdf',
      pages: 2,
    });
    const row = await rowOf(messageId);
    expect(row).toMatchObject({
      via: 'http',
      verdict: 'trusted',
      user_id: bea.id,
      outcome: 'added',
      printjob_id: job.id,
    });
    expect(row.auth_details).toMatchObject({ dmarc: 'pass', spf: 'none', dkim: 'pass' });

    // The provider delivers it again (a lost answer): the same row, no second job.
    const documentsBefore = await documentCount();
    const again = await postToWebhook(raw);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({
      messages: [{ printer_id: mail.printerId, id: row.id, duplicate: true }],
    });
    await queueDrained();
    expect(repliesTo(messageId)).toHaveLength(1);
    expect(await documentCount()).toBe(documentsBefore);
    expect((await currentJob(bea.agent)).documents.map((d) => d.name)).toEqual(['tickets.pdf']);
    expect(await rowsOf(messageId)).toHaveLength(1);
  });
});

describe('no mail loops', () => {
  it('marks its replies as automatic and ignores one that comes back, with or without the mark', async () => {
    const dan = await mail.account(localpart('dan'));
    const messageId = uniqueId('forward-all');
    await sendOverSmtp(
      mail.listener.port,
      await message({
        from: dan.email,
        subject: 'Poster',
        messageId,
        dkim: mail.key,
        attachments: [{ filename: 'poster.pdf', content: await makePdf(1) }],
      }),
      { from: dan.email, to: mail.printerAddress },
    );
    await replyTo(dan.email, messageId);
    await queueDrained();
    const sendJobs = await t.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'mail.send')
      .execute();
    const replies = sendJobs
      .map(
        (j) =>
          (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload) as {
            to: string;
            subject: string;
            text: string;
            inReplyTo?: string;
            headers?: Record<string, string>;
          },
      )
      .filter((p) => p.inReplyTo === `<${messageId}>`);
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply.headers).toEqual({ 'Auto-Submitted': 'auto-replied' });

    // Dan's mailbox forwards everything to the printer: our reply comes back, From MAIL_FROM
    // (another domain than the printers'), once as sent and once with the mark stripped.
    const mailsBefore = t.smtp.mails.length;
    const backIds = { marked: uniqueId('back-marked'), stripped: uniqueId('back-stripped') };
    for (const [label, id] of Object.entries(backIds)) {
      const raw = await message({
        from: t.ctx.config.mailFrom,
        subject: reply.subject,
        text: reply.text,
        messageId: id,
        ...(label === 'marked' && reply.headers ? { headers: reply.headers } : {}),
      });
      const sent = await sendOverSmtp(mail.listener.port, raw, {
        from: dan.email,
        to: mail.printerAddress,
      });
      expect(sent.response, label).toMatch(/^250 /);
    }
    await queueDrained();
    for (const [label, id] of Object.entries(backIds))
      expect(await rowOf(id), label).toMatchObject({
        verdict: 'ignored',
        status: 'ignored',
        outcome: 'auto_reply',
        replied_at: null,
      });
    expect(t.smtp.mails.slice(mailsBefore)).toEqual([]);
  });

  it('never answers an auto-reply or a bounce, over SMTP or the webhook, and makes no documents of them', async () => {
    // A confirmed account: were its auto-reply taken as a message, its PDF would be printed.
    const cara = await mail.account(localpart('cara'));
    const bounceSender = `MAILER-DAEMON@mx.${SENDER_DOMAIN}`;
    // The account's confirmation mail and anything earlier are out before counting.
    await queueDrained();
    const mailsBefore = t.smtp.mails.length;
    const documentsBefore = await documentCount();

    const autoReply = async (id: string) =>
      message({
        from: cara.email,
        subject: 'Out of office',
        text: 'I am away until Monday.',
        headers: { 'Auto-Submitted': 'auto-replied' },
        messageId: id,
        dkim: mail.key,
        attachments: [{ filename: 'away.pdf', content: await makePdf(1) }],
      });
    const loopIds = {
      smtpAutoReply: uniqueId('vacation'),
      smtpBounce: uniqueId('bounce'),
      hookAutoReply: uniqueId('hook-vacation'),
      hookBounce: uniqueId('hook-bounce'),
    };
    await sendOverSmtp(mail.listener.port, await autoReply(loopIds.smtpAutoReply), {
      from: cara.email,
      to: mail.printerAddress,
    });
    // The null envelope sender, as mail servers send delivery reports.
    await sendOverSmtp(
      mail.listener.port,
      deliveryReport(loopIds.smtpBounce, mail.printerAddress),
      { from: '', to: mail.printerAddress },
    );
    for (const raw of [
      await autoReply(loopIds.hookAutoReply),
      deliveryReport(loopIds.hookBounce, mail.printerAddress),
    ]) {
      const res = await postToWebhook(raw);
      expect(res.statusCode, res.body).toBe(202);
    }

    // A normal message after them: once its reply is here and the queue is empty, anything
    // the automatic mail would have caused would be here too.
    const normalId = uniqueId('normal');
    await sendOverSmtp(
      mail.listener.port,
      await message({
        from: cara.email,
        subject: 'Flyer',
        messageId: normalId,
        dkim: mail.key,
        attachments: [{ filename: 'flyer.pdf', content: await makePdf(1) }],
      }),
      { from: cara.email, to: mail.printerAddress },
    );
    const normalReply = await replyTo(cara.email, normalId);
    await queueDrained();

    expect(t.smtp.mails.slice(mailsBefore)).toEqual([normalReply]);
    expect(t.smtp.mails.filter((m) => m.to.includes(bounceSender))).toEqual([]);
    for (const [label, id] of Object.entries(loopIds)) {
      const row = await rowOf(id);
      expect(row, label).toMatchObject({
        verdict: 'ignored',
        status: 'ignored',
        outcome: label.endsWith('Bounce') ? 'bounce' : 'auto_reply',
        replied_at: null,
        printjob_id: null,
      });
    }
    // The normal message's PDF is the only document made.
    expect(await documentCount()).toBe(documentsBefore + 1);
    expect((await currentJob(cara.agent)).documents.map((d) => d.name)).toEqual(['flyer.pdf']);
  });
});
