import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, translate, type TLocale, type TPrintjob } from '@printomat/shared';
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

  it('treats a forged From (an account’s address, no valid signature, SPF failing) as a stranger', async () => {
    const anna = await mail.account(localpart('anna'), { locale: 'de' });
    const before = (await currentJob(anna.agent)).documents;
    const messageId = uniqueId('forged');
    // Signed with a key the domain never published, sent from an address its SPF does not list.
    const raw = await message({
      from: anna.email,
      subject: 'Invoice',
      messageId,
      dkim: makeDkimKey(SENDER_DOMAIN),
      attachments: [{ filename: 'invoice.pdf', content: await makePdf(2) }],
    });
    await sendOverSmtp(
      mail.listener.port,
      raw,
      { from: anna.email, to: mail.printerAddress },
      { localAddress: '127.0.0.2' },
    );

    const reply = await replyTo(anna.email, messageId);
    const row = await rowOf(messageId);
    expect(row).toMatchObject({
      verdict: 'stranger',
      user_id: null,
      outcome: 'express_order',
      // Not the account's language: the printer's country (nothing in the message says one).
      reply_locale: 'pl',
    });
    expect(row.auth_details).toMatchObject({ dmarc: 'fail', spf: 'fail', dkim: 'fail' });
    const order = await t.ctx.db
      .selectFrom('express_orders')
      .select(['token', 'printer_id', 'status'])
      .where('id', '=', row.express_order_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ printer_id: mail.printerId, status: 'draft' });
    expect(reply.text).toContain(`${TEST_PUBLIC_URL}/express/orders/${order.token}`);
    // Two black-and-white pages at the default express price (0.50 PLN a page).
    expect(reply.text).toContain(
      translate('pl', 'inbound_mail.reply.price.money', { amount: formatMoney('pl', 100, 'PLN') }),
    );
    expect(reply.text).toContain(
      translate('pl', 'inbound_mail.reply.file.pages', { name: 'invoice.pdf', count: 2 }),
    );
    expect(reply.text).not.toMatch(new RegExp(`${TEST_PUBLIC_URL}/print\\b`));
    // The account holder's job got nothing.
    expect((await currentJob(anna.agent)).documents).toEqual(before);
  });
});

describe('mail by the provider webhook', () => {
  const post = (raw: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/inbound/mail',
      payload: raw,
      headers: {
        'content-type': 'message/rfc822',
        authorization: `Bearer ${INBOUND_SECRET}`,
      },
    });

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
    const first = await post(raw);
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
    const again = await post(raw);
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
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inbound/mail',
        payload: raw,
        headers: {
          'content-type': 'message/rfc822',
          authorization: `Bearer ${INBOUND_SECRET}`,
        },
      });
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
