import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, translate, type TPrintjob } from '@printomat/shared';
import type { TInboundVerdict } from '../src/db/schema';
import { enqueueJob } from '../src/modules/jobs/queue';
import { PROCESS_INBOUND_MAIL_JOB } from '../src/modules/inbound-mail/inbound-mail.jobs';
import {
  findInboundMessage,
  insertInboundMessage,
} from '../src/modules/inbound-mail/inbound-messages.repo';
import {
  INBOUND_STUCK_AFTER_MS,
  processInboundMessage,
  sweepStuckInboundMessages,
} from '../src/modules/inbound-mail/inbound-process.service';
import { formatMegabytes } from '../src/modules/inbound-mail/inbound-reply';
import { seedDemoData } from '../src/seed/seed';
import { seededPrinterId } from './helpers/express-guest';
import { setPrinter } from './helpers/express-paid';
import { makeColourPng, makePdf } from './helpers/fixtures';
import { until } from './helpers/http-session';
import { buildRawMessage, type TRawMessageOptions } from './helpers/inbound-mail';
import { confirmedUser } from './helpers/payments';
import type { TCapturedMail } from './helpers/smtp';
import { createTestApp, TEST_PUBLIC_URL, uniqueEmail, type TTestApp } from './helpers/test-app';

// Issue 14 points 3 to 5: what becomes of a received message (the receiving side, sender checks
// and loop filters have their own tests). Rows are made as the receiver makes them: the raw
// message in document storage, an inbound_messages row, the processing job enqueued. Replies are
// read from the real SMTP sink; documents go through the real pipeline.

let t: TTestApp;
let printerId: number; // Złote Tarasy, Poland
let printerAddress: string;

beforeAll(async () => {
  t = await createTestApp({ INBOUND_REPLY_WAIT_SECONDS: '30' });
  await seedDemoData(t.ctx.db);
  printerId = await seededPrinterId(t);
  printerAddress = `zlote-tarasy-${Date.now().toString(36)}@print.printomat.test`;
  await t.ctx.db
    .updateTable('printers')
    .set({ email: printerAddress })
    .where('id', '=', printerId)
    .execute();
}, 60_000);
afterAll(() => t?.close());

let sequence = 0;

/** A message as the receiver leaves it: stored, recorded, and (unless `enqueue: false`) queued. */
async function receive(
  options: Omit<TRawMessageOptions, 'to'> & {
    verdict: TInboundVerdict;
    userId?: number;
    enqueue?: boolean;
    to?: number;
    /** The message as sent, when nodemailer cannot build it (its Message-ID is `messageId`). */
    raw?: (messageId: string) => Buffer;
    receivedAt?: Date;
  },
) {
  sequence += 1;
  const messageId = options.messageId ?? `m${sequence}.${Date.now().toString(36)}@sender.test`;
  const raw =
    options.raw?.(messageId) ??
    (await buildRawMessage({ ...options, to: printerAddress, messageId }));
  const key = t.ctx.storage.newKey('eml');
  await t.ctx.storage.put(key, raw);
  const row = await insertInboundMessage(t.ctx.db, {
    printer_id: options.to ?? printerId,
    dedupe_key: messageId.toLowerCase(),
    via: 'smtp',
    envelope_from: options.from,
    from_address: options.from.toLowerCase(),
    message_id: `<${messageId}>`,
    subject: options.subject ?? 'Print please',
    size_bytes: raw.length,
    raw_key: key,
    verdict: options.verdict,
    user_id: options.userId ?? null,
    received_at: options.receivedAt ?? new Date(),
  });
  if (!row) throw new Error('not recorded');
  if (options.enqueue !== false) {
    await enqueueJob(t.ctx.db, PROCESS_INBOUND_MAIL_JOB, { messageId: row.id });
    t.ctx.worker.kick();
  }
  return { id: row.id, messageId: `<${messageId}>`, key };
}

type TPerson = Awaited<ReturnType<typeof confirmedUser>>;

/** A message from an account holder's own address: the receiver trusted it and knew the account. */
const receiveFrom = (
  person: TPerson,
  options: Omit<Parameters<typeof receive>[0], 'from' | 'verdict' | 'userId'>,
) => receive({ ...options, from: person.email, verdict: 'trusted', userId: person.id });

const replyTo = (to: string, messageId: string) =>
  t.smtp.waitFor(to, (m) => m.inReplyTo === messageId, 60_000);

const repliesTo = (messageId: string) => t.smtp.mails.filter((m) => m.inReplyTo === messageId);

async function processedRow(id: number) {
  return until(async () => {
    const row = await findInboundMessage(t.ctx.db, id);
    return row && row.status !== 'received' ? row : undefined;
  }, 60_000);
}

async function currentJob(agent: TPerson['agent']) {
  const response = await agent.get('/ajax/printjobs/current');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPrintjob>();
}

const remainingOf = async (agent: TPerson['agent']) =>
  (await agent.get('/ajax/user')).json<{ remaining_page_limit: number }>().remaining_page_limit;

const pdfs = (count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      filename: `part-${i + 1}.pdf`,
      content: await makePdf(1),
      contentType: 'application/pdf',
    })),
  );

describe('an account holder’s message', () => {
  it('adds the PDF to the current job and answers with its pages, the price, the pages left and a preview', async () => {
    const person = await confirmedUser(t);
    // A signature logo shown in the HTML by its Content-ID: part of the message, not a document.
    const logo = {
      filename: 'logo.png',
      content: await makeColourPng(60, 20),
      contentType: 'image/png',
      cid: 'logo@sender.test',
    };
    const sent = await receiveFrom(person, {
      subject: 'Thesis',
      text: 'Please print it.',
      html: '<p>Please print it.</p><img src="cid:logo@sender.test">',
      attachments: [{ filename: 'thesis.pdf', content: await makePdf(3, [2]) }, logo],
    });
    const reply = await replyTo(person.email, sent.messageId);

    const job = await currentJob(person.agent);
    expect(job.documents.map((d) => [d.name, d.page_count])).toEqual([['thesis.pdf', 3]]);
    expect(job.cost).toBeGreaterThan(0);
    expect(reply.subject).toBe('Re: Thesis');
    expect(reply.references).toBe(sent.messageId);
    expect(reply.text).toContain('thesis.pdf: 3 pages');
    expect(reply.text).toContain(
      translate('en', 'inbound_mail.reply.price.pages', { count: job.cost }),
    );
    expect(reply.text).toContain(
      translate('en', 'inbound_mail.reply.price.remaining', {
        count: await remainingOf(person.agent),
      }),
    );
    expect(reply.text).toContain(`${TEST_PUBLIC_URL}/print`);
    // The first pages (up to three of each document), not only the first.
    expect(reply.attachments).toEqual(
      [1, 2, 3].map((page) => ({
        filename: `preview-${page}-page-${page}.png`,
        contentType: 'image/png',
        cid: expect.any(String),
      })),
    );
    for (const page of [1, 2, 3]) expect(reply.html).toContain(`alt="thesis.pdf, page ${page}"`);

    const row = await processedRow(sent.id);
    expect(row).toMatchObject({
      status: 'processed',
      outcome: 'added',
      reply_locale: 'en',
      printjob_id: job.id,
      user_id: person.id,
      raw_key: null,
    });
    expect(row.replied_at).not.toBeNull();
    expect(row.documents).toEqual([
      {
        name: 'thesis.pdf',
        document_id: job.documents[0]?.id,
        status: 'ready',
        page_count: 3,
        failure_code: null,
      },
    ]);
    expect(await t.ctx.storage.exists(sent.key)).toBe(false);
  });

  it('answers in the account’s language', async () => {
    const person = await confirmedUser(t, { locale: 'pl' });
    const sent = await receiveFrom(person, {
      headers: { 'Content-Language': 'de' },
      attachments: [{ filename: 'a.pdf', content: await makePdf(2) }],
    });
    const reply = await replyTo(person.email, sent.messageId);
    expect(reply.text).toContain('a.pdf: 2 strony');
    expect((await processedRow(sent.id)).reply_locale).toBe('pl');
  });

  it('adds nothing to a confirmed job and says why, with the upload’s message', async () => {
    const person = await confirmedUser(t);
    await person.agent.upload('/ajax/documents/upload', 'first.pdf', await makePdf(1));
    const before = await currentJob(person.agent);
    await t.ctx.db
      .updateTable('printjobs')
      .set({ is_submitted: true })
      .where('id', '=', before.id)
      .execute();

    const sent = await receiveFrom(person, {
      attachments: [{ filename: 'second.pdf', content: await makePdf(1) }],
    });
    const reply = await replyTo(person.email, sent.messageId);
    expect(reply.text).toContain(translate('en', 'printjobs.errors.locked'));
    expect(reply.text).toContain('second.pdf: not added');
    expect(reply.attachments).toEqual([]);
    expect((await currentJob(person.agent)).documents.map((d) => d.name)).toEqual(['first.pdf']);
    expect(await processedRow(sent.id)).toMatchObject({
      outcome: 'job_locked',
      documents: [
        {
          name: 'second.pdf',
          document_id: null,
          status: 'refused',
          page_count: null,
          failure_code: null,
        },
      ],
    });
  });

  it('refuses programs and archives with their reasons and still adds the PDF beside them', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      attachments: [
        { filename: 'setup.exe', content: Buffer.from('MZ\x90\x00 not really a program') },
        { filename: 'photos.zip', content: Buffer.from('PK\x03\x04 not really an archive') },
        // The declared type alone is enough: a script without a telling name.
        {
          filename: 'run',
          content: Buffer.from('#!/bin/sh\necho hi\n'),
          contentType: 'application/x-sh',
        },
        { filename: 'letter.pdf', content: await makePdf(2) },
      ],
    });
    const reply = await replyTo(person.email, sent.messageId);
    const reason = (code: string) => translate('en', `inbound_mail.refused.${code}`);
    expect(reply.text).toContain(`setup.exe: ${reason('executable')}`);
    expect(reply.text).toContain(`photos.zip: ${reason('archive')}`);
    expect(reply.text).toContain(`run: ${reason('executable')}`);
    expect(reply.text).toContain('letter.pdf: 2 pages');
    expect((await currentJob(person.agent)).documents.map((d) => d.name)).toEqual(['letter.pdf']);
    const row = await processedRow(sent.id);
    expect(row.outcome).toBe('added');
    expect(row.documents.map((d) => [d.name, d.status, d.failure_code])).toEqual([
      ['setup.exe', 'refused', 'executable'],
      ['photos.zip', 'refused', 'archive'],
      ['run', 'refused', 'executable'],
      ['letter.pdf', 'ready', null],
    ]);
  });

  it('takes six files and refuses the seventh as too many', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      attachments: await pdfs(7),
    });
    const reply = await replyTo(person.email, sent.messageId);
    expect(reply.text).toContain(
      `part-7.pdf: ${translate('en', 'inbound_mail.refused.too_many_files', { max: 6 })}`,
    );
    expect((await currentJob(person.agent)).documents).toHaveLength(6);
    // Previews of the first pages: six pictures at most.
    expect(reply.attachments.filter((a) => a.cid)).toHaveLength(6);
    const row = await processedRow(sent.id);
    expect(row.documents.map((d) => d.failure_code)).toEqual([
      ...Array<null>(6).fill(null),
      'too_many_files',
    ]);
  });

  it('refuses a file over the upload limit, saying the limit', async () => {
    const small = await createTestApp({ MAX_UPLOAD_BYTES: String(2 * 1024 * 1024) });
    try {
      await seedDemoData(small.ctx.db);
      const person = await confirmedUser(small);
      const raw = await buildRawMessage({
        from: person.email,
        to: 'kiosk@print.printomat.test',
        messageId: 'big@sender.test',
        attachments: [{ filename: 'big.pdf', content: Buffer.alloc(3 * 1024 * 1024, 65) }],
      });
      const key = small.ctx.storage.newKey('eml');
      await small.ctx.storage.put(key, raw);
      const row = await insertInboundMessage(small.ctx.db, {
        printer_id: await seededPrinterId(small),
        dedupe_key: 'big@sender.test',
        via: 'http',
        envelope_from: person.email,
        from_address: person.email,
        message_id: '<big@sender.test>',
        subject: 'Big',
        size_bytes: raw.length,
        raw_key: key,
        verdict: 'trusted',
        user_id: person.id,
        received_at: new Date(),
      });
      await processInboundMessage(small.ctx, row?.id ?? 0);
      const reply = await small.smtp.waitFor(person.email, (m) => m.inReplyTo !== undefined);
      expect(formatMegabytes('en', 2 * 1024 * 1024)).toBe('2 MB');
      expect(reply.text).toContain(
        `big.pdf: ${translate('en', 'inbound_mail.refused.too_large', { limit: '2 MB' })}`,
      );
      expect(reply.text).toContain(translate('en', 'inbound_mail.reply.intro.no_documents'));
      const saved = await findInboundMessage(small.ctx.db, row?.id ?? 0);
      expect(saved).toMatchObject({ outcome: 'no_documents', status: 'processed' });
    } finally {
      await small.close();
    }
  });

  it('prints the text of a message without attachments as a text document', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      subject: 'Shopping list',
      text: 'Milk\nBread\nŻółty ser',
    });
    const reply = await replyTo(person.email, sent.messageId);
    const job = await currentJob(person.agent);
    expect(job.documents.map((d) => d.name)).toEqual(['Shopping list.txt']);
    const row = await processedRow(sent.id);
    const [file] = row.documents;
    expect(file?.document_id).toBe(job.documents[0]?.id);
    // LibreOffice renders the text (the converter tests need it on the test host too).
    expect(file).toMatchObject({ status: 'ready', page_count: 1 });
    expect(reply.text).toContain('Shopping list.txt: 1 page');
  });

  it('says why a broken attachment cannot be printed, with the upload’s reason', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      attachments: [
        { filename: 'broken.pdf', content: Buffer.from('%PDF-1.7\n1 0 obj <<< broken\n%%EOF\n') },
      ],
    });
    const reply = await replyTo(person.email, sent.messageId);
    const row = await processedRow(sent.id);
    expect(row.documents[0]).toMatchObject({ status: 'failed', failure_code: 'corrupt' });
    expect(reply.text).toContain(`broken.pdf: ${translate('en', 'documents.failure.corrupt')}`);
    expect(reply.text).toContain(translate('en', 'inbound_mail.reply.nothing_printable'));
    expect(reply.text).not.toContain(`${TEST_PUBLIC_URL}/print`);
  });
});

describe('a stranger’s message', () => {
  it('opens an express order with the pay link and the price in money, in the printer’s language', async () => {
    const from = uniqueEmail('stranger');
    const sent = await receive({
      from,
      verdict: 'stranger',
      subject: 'Boarding pass',
      attachments: [{ filename: 'pass.pdf', content: await makePdf(2) }],
    });
    const reply = await replyTo(from, sent.messageId);
    const row = await processedRow(sent.id);
    expect(row).toMatchObject({ outcome: 'express_order', reply_locale: 'pl', user_id: null });
    const order = await t.ctx.db
      .selectFrom('express_orders')
      .selectAll()
      .where('id', '=', row.express_order_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ printer_id: printerId, status: 'draft', locale: 'pl' });
    expect(row.printjob_id).toBe(order.printjob_id);
    const documents = await t.ctx.db
      .selectFrom('documents')
      .select(['name', 'page_count'])
      .where('printjob_id', '=', order.printjob_id ?? 0)
      .execute();
    expect(documents).toEqual([{ name: 'pass.pdf', page_count: 2 }]);

    expect(reply.subject).toBe('Re: Boarding pass');
    expect(reply.text).toContain('pass.pdf: 2 strony');
    // Two black-and-white pages at the default express price (0.50 PLN a page).
    expect(reply.text).toContain(
      translate('pl', 'inbound_mail.reply.price.money', { amount: formatMoney('pl', 100, 'PLN') }),
    );
    expect(reply.text).toContain(`${TEST_PUBLIC_URL}/express/orders/${order.token}`);
    // Both pages as previews.
    expect(reply.attachments.filter((a) => a.cid)).toHaveLength(2);
  });

  it('answers in German when the message says it is German', async () => {
    const from = uniqueEmail('fremd');
    const sent = await receive({
      from,
      verdict: 'stranger',
      headers: { 'Content-Language': 'de-AT' },
      attachments: [{ filename: 'rechnung.pdf', content: await makePdf(1) }],
    });
    const reply = await replyTo(from, sent.messageId);
    expect(reply.text).toContain('rechnung.pdf: 1 Seite');
    expect(reply.text).toContain(
      translate('de', 'inbound_mail.reply.intro.express_order', { printer: 'Złote Tarasy' }),
    );
    expect((await processedRow(sent.id)).reply_locale).toBe('de');
  });

  it('opens no order at a disabled printer and says so', async () => {
    const from = uniqueEmail('stranger');
    await setPrinter(t, printerId, { is_enabled: false });
    try {
      const sent = await receive({
        from,
        verdict: 'stranger',
        attachments: [{ filename: 'x.pdf', content: await makePdf(1) }],
      });
      const reply = await replyTo(from, sent.messageId);
      expect(reply.text).toContain(
        translate('pl', 'inbound_mail.reply.intro.printer_unavailable', {
          printer: 'Złote Tarasy',
        }),
      );
      expect(reply.text).toContain(`${TEST_PUBLIC_URL}/map`);
      const row = await processedRow(sent.id);
      expect(row).toMatchObject({ outcome: 'printer_unavailable', express_order_id: null });
    } finally {
      await setPrinter(t, printerId, { is_enabled: true });
    }
  });

  it('adds nothing, not even for an account holder, once the printer is taken out of service', async () => {
    const person = await confirmedUser(t);
    const setGone = (at: Date | null) =>
      t.ctx.db
        .updateTable('printers')
        .set({ decommissioned_at: at })
        .where('id', '=', printerId)
        .execute();
    // Received before the printer went, processed after.
    const sent = await receiveFrom(person, {
      attachments: [{ filename: 'late.pdf', content: await makePdf(1) }],
      enqueue: false,
    });
    await setGone(new Date());
    try {
      await enqueueJob(t.ctx.db, PROCESS_INBOUND_MAIL_JOB, { messageId: sent.id });
      t.ctx.worker.kick();
      const reply = await replyTo(person.email, sent.messageId);
      expect(reply.text).toContain(
        translate('en', 'inbound_mail.reply.intro.printer_unavailable', {
          printer: 'Złote Tarasy',
        }),
      );
      expect(await processedRow(sent.id)).toMatchObject({ outcome: 'printer_unavailable' });
      expect((await currentJob(person.agent)).documents).toHaveLength(0);
    } finally {
      await setGone(null);
    }
  });

  it('takes a blocked account holder’s message as a stranger’s, never onto the account', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      attachments: [{ filename: 'blocked.pdf', content: await makePdf(1) }],
      enqueue: false,
    });
    await t.ctx.db
      .updateTable('users')
      .set({ blocked_at: new Date() })
      .where('id', '=', person.id)
      .execute();
    await enqueueJob(t.ctx.db, PROCESS_INBOUND_MAIL_JOB, { messageId: sent.id });
    t.ctx.worker.kick();
    const row = await processedRow(sent.id);
    expect(row.outcome).toBe('express_order');
    expect(row.express_order_id).not.toBeNull();
    const jobs = await t.ctx.db
      .selectFrom('printjobs')
      .innerJoin('documents', 'documents.printjob_id', 'printjobs.id')
      .select('documents.name')
      .where('printjobs.user_id', '=', person.id)
      .execute();
    expect(jobs).toEqual([]);
  });

  it('opens no order when nothing in the message can be printed', async () => {
    const from = uniqueEmail('stranger');
    const orders = async () =>
      (await t.ctx.db.selectFrom('express_orders').select('id').execute()).length;
    const before = await orders();
    const sent = await receive({
      from,
      verdict: 'stranger',
      text: '',
      attachments: [{ filename: 'all.rar', content: Buffer.from('Rar!\x1a\x07\x00') }],
    });
    const reply = await replyTo(from, sent.messageId);
    expect(reply.text).toContain(`all.rar: ${translate('pl', 'inbound_mail.refused.archive')}`);
    expect(reply.text).toContain(translate('pl', 'inbound_mail.reply.intro.no_documents'));
    expect(await processedRow(sent.id)).toMatchObject({ outcome: 'no_documents' });
    expect(await orders()).toBe(before);
  });
});

/**
 * The two parts of `pdfs(2)` are in the job once and one reply went out (after giving a wrongly
 * queued second reply the time to arrive); returns the processed row.
 */
async function addedOnce(person: TPerson, sent: { id: number; messageId: string }) {
  await replyTo(person.email, sent.messageId);
  expect((await currentJob(person.agent)).documents.map((d) => d.name)).toEqual([
    'part-1.pdf',
    'part-2.pdf',
  ]);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const replies: TCapturedMail[] = repliesTo(sent.messageId);
  expect(replies).toHaveLength(1);
  return processedRow(sent.id);
}

describe('exactly once', () => {
  it('adds the documents once and answers once when processing runs again after a crash', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      enqueue: false,
      attachments: await pdfs(2),
    });
    // The first run dies at its very end (the row cannot be marked processed): the documents
    // were made and recorded, no reply went out.
    await sql
      .raw(
        `CREATE FUNCTION inbound_crash() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'simulated crash'; END $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(
        `CREATE TRIGGER inbound_crash BEFORE UPDATE ON inbound_messages FOR EACH ROW
         WHEN (NEW.id = ${sent.id} AND NEW.status = 'processed') EXECUTE FUNCTION inbound_crash()`,
      )
      .execute(t.ctx.db);
    try {
      await expect(processInboundMessage(t.ctx, sent.id)).rejects.toThrow(/simulated crash/);
    } finally {
      await sql.raw('DROP TRIGGER inbound_crash ON inbound_messages').execute(t.ctx.db);
      await sql.raw('DROP FUNCTION inbound_crash()').execute(t.ctx.db);
    }
    const halfway = await findInboundMessage(t.ctx.db, sent.id);
    expect(halfway?.status).toBe('received');
    expect(halfway?.documents.every((d) => d.document_id !== null)).toBe(true);
    expect(repliesTo(sent.messageId)).toEqual([]);

    // The retry, and a second delivery of the same job after it finished.
    await processInboundMessage(t.ctx, sent.id, { attempt: 2 });
    await processInboundMessage(t.ctx, sent.id, { attempt: 3 });
    expect(await addedOnce(person, sent)).toMatchObject({ status: 'processed', outcome: 'added' });
  });

  it('marks a message it cannot read as failed after the last attempt and tells the sender', async () => {
    const from = uniqueEmail('stranger');
    const sent = await receive({
      from,
      verdict: 'stranger',
      enqueue: false,
      subject: 'Lost',
      attachments: [{ filename: 'a.pdf', content: await makePdf(1) }],
    });
    // The stored message is gone (a broken disk): nothing can be made of it.
    await t.ctx.storage.remove(sent.key);
    await expect(processInboundMessage(t.ctx, sent.id, { attempt: 1 })).rejects.toThrow();
    expect((await findInboundMessage(t.ctx.db, sent.id))?.status).toBe('received');
    expect(repliesTo(sent.messageId)).toEqual([]);

    await processInboundMessage(t.ctx, sent.id, {
      attempt: PROCESS_INBOUND_MAIL_JOB.maxAttempts ?? 5,
    });
    const reply = await replyTo(from, sent.messageId);
    expect(reply.subject).toBe('Re: Lost');
    expect(reply.text).toContain(translate('pl', 'inbound_mail.reply.intro.failed'));
    expect(await findInboundMessage(t.ctx.db, sent.id)).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      raw_key: null,
      express_order_id: null,
    });
  });
});

/** A photo as a phone takes it: noise, so it stays large as a JPEG (well over 32 KiB). */
const phonePhoto = () =>
  sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** An image the HTML shows by Content-ID (nodemailer makes it an inline part). */
function inlineImage(filename: string, content: Buffer, contentType: string, cid: string) {
  const image = { filename, content, contentType, cid };
  return image;
}

/** A multipart message typed out, for what nodemailer does not make (part headers, many parts). */
function handMadeMessage(
  from: string,
  messageId: string,
  parts: string[],
  headers: string[] = [],
): Buffer {
  return Buffer.from(
    [
      `From: ${from}`,
      `To: ${printerAddress}`,
      'Subject: Print please',
      `Message-ID: <${messageId}>`,
      ...headers,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer-b"',
      '',
      ...parts.flatMap((part) => ['--outer-b', part]),
      '--outer-b--',
      '',
    ].join('\r\n'),
  );
}

describe('what a phone or a mail client sends', () => {
  it('prints a photo the phone put inline, not the “Sent from my iPhone” text, and still skips a logo', async () => {
    const person = await confirmedUser(t);
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(32 * 1024);
    const sent = await receiveFrom(person, {
      text: 'Sent from my iPhone',
      html: '<img src="cid:photo@phone.test"><br>Sent from my iPhone<img src="cid:logo@phone.test">',
      attachments: [
        inlineImage('IMG_0042.jpeg', photo, 'image/jpeg', 'photo@phone.test'),
        inlineImage('logo.png', await makeColourPng(60, 20), 'image/png', 'logo@phone.test'),
      ],
    });
    const reply = await replyTo(person.email, sent.messageId);
    expect((await currentJob(person.agent)).documents.map((d) => d.name)).toEqual([
      'IMG_0042.jpeg',
    ]);
    expect(reply.text).toContain('IMG_0042.jpeg: 1 page');
    expect(reply.text).not.toContain('logo.png');
  });

  it('prints a small inline picture when the message has nothing else', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      text: '',
      html: '<img src="cid:ticket@phone.test">',
      attachments: [
        inlineImage('ticket.png', await makeColourPng(120, 120), 'image/png', 'ticket@phone.test'),
      ],
    });
    await replyTo(person.email, sent.messageId);
    expect((await currentJob(person.agent)).documents.map((d) => d.name)).toEqual(['ticket.png']);
  });

  it('answers in the language the text part declares (Content-Language on the body part)', async () => {
    const from = uniqueEmail('fremd');
    const pdf = (await makePdf(1)).toString('base64');
    const sent = await receive({
      from,
      verdict: 'stranger',
      raw: (messageId) =>
        handMadeMessage(from, messageId, [
          [
            'Content-Type: text/plain; charset=utf-8',
            'Content-Language: de-DE',
            '',
            'Bitte drucken.',
          ].join('\r\n'),
          [
            'Content-Type: application/pdf; name="brief.pdf"',
            'Content-Disposition: attachment; filename="brief.pdf"',
            'Content-Transfer-Encoding: base64',
            '',
            pdf,
          ].join('\r\n'),
        ]),
    });
    const reply = await replyTo(from, sent.messageId);
    // The printer is in Poland: without the part's header the answer would be Polish.
    expect(reply.text).toContain('brief.pdf: 1 Seite');
    expect((await processedRow(sent.id)).reply_locale).toBe('de');
  });

  it('keeps the thread: References carries the message’s own References and its Message-ID', async () => {
    const from = uniqueEmail('stranger');
    const sent = await receive({
      from,
      verdict: 'stranger',
      headers: {
        References: '<first@thread.test> <second@thread.test>',
        'In-Reply-To': '<second@thread.test>',
      },
      attachments: [{ filename: 'a.pdf', content: await makePdf(1) }],
    });
    const reply = await replyTo(from, sent.messageId);
    expect(reply.inReplyTo).toBe(sent.messageId);
    expect(reply.references).toBe(`<first@thread.test> <second@thread.test> ${sent.messageId}`);
  });
});

describe('a message of very many parts', () => {
  it('lists a few files past the limit and counts the rest', async () => {
    const person = await confirmedUser(t);
    const pdf = await makePdf(1);
    const sent = await receiveFrom(person, {
      attachments: Array.from({ length: 500 }, (_, i) => ({
        filename: `tiny-${i + 1}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      })),
    });
    const reply = await replyTo(person.email, sent.messageId);
    const row = await processedRow(sent.id);
    // Six documents, ten more named as too many, the other 484 only counted.
    expect(row.documents).toHaveLength(16);
    expect(row.documents.filter((d) => d.document_id !== null)).toHaveLength(6);
    expect((await currentJob(person.agent)).documents).toHaveLength(6);
    expect(reply.text).toContain('tiny-16.pdf');
    expect(reply.text).not.toContain('tiny-17.pdf');
    expect(reply.text).toContain(translate('en', 'inbound_mail.reply.file.more', { count: 484 }));
  });

  it('answers a message of 10,000 tiny parts at once that it was not read, without retries', async () => {
    const from = uniqueEmail('stranger');
    const parts = Array.from({ length: 10_000 }, (_, i) =>
      [
        `Content-Type: application/pdf; name="p${i}.pdf"`,
        `Content-Disposition: attachment; filename="p${i}.pdf"`,
        'Content-Transfer-Encoding: base64',
        '',
        'JVBERg==',
      ].join('\r\n'),
    );
    const sent = await receive({
      from,
      verdict: 'stranger',
      enqueue: false,
      raw: (messageId) => handMadeMessage(from, messageId, parts),
    });
    // The first attempt finishes it: a message that cannot be read is not worth four more.
    await processInboundMessage(t.ctx, sent.id, { attempt: 1 });
    const row = await findInboundMessage(t.ctx.db, sent.id);
    expect(row).toMatchObject({
      status: 'processed',
      outcome: 'no_documents',
      documents: [],
      express_order_id: null,
      raw_key: null,
    });
    const reply = await replyTo(from, sent.messageId);
    expect(reply.text).toContain(
      translate('pl', 'inbound_mail.reply.too_many_parts', { parts: 1000, max: 6 }),
    );
  });
});

describe('exactly once, two runs and dead runs', () => {
  it('adds the documents once and answers once when two runs of the same message race', async () => {
    const person = await confirmedUser(t);
    const sent = await receiveFrom(person, {
      enqueue: false,
      attachments: await pdfs(2),
    });
    // A job whose lease was lost runs twice at once.
    await Promise.all([
      processInboundMessage(t.ctx, sent.id, { attempt: 1 }),
      processInboundMessage(t.ctx, sent.id, { attempt: 1 }),
    ]);
    expect(await addedOnce(person, sent)).toMatchObject({
      status: 'processed',
      outcome: 'added',
      claim_token: null,
    });
  });

  it('sweeps a message its dead processing left unanswered to failed, and tells the sender', async () => {
    const old = new Date(Date.now() - INBOUND_STUCK_AFTER_MS - 60_000);
    const stuckFrom = uniqueEmail('stuck');
    const stuck = await receive({
      from: stuckFrom,
      verdict: 'stranger',
      enqueue: false,
      subject: 'Stuck',
      receivedAt: old,
      attachments: [{ filename: 'a.pdf', content: await makePdf(1) }],
    });
    // Just as old, but a run holds it right now: left to that run.
    const held = await receive({
      from: uniqueEmail('held'),
      verdict: 'stranger',
      enqueue: false,
      receivedAt: old,
      attachments: [{ filename: 'b.pdf', content: await makePdf(1) }],
    });
    await t.ctx.db
      .updateTable('inbound_messages')
      .set({ claim_token: 'another-run', claimed_until: new Date(Date.now() + 600_000) })
      .where('id', '=', held.id)
      .execute();
    // Recent: its processing may still come.
    const recent = await receive({
      from: uniqueEmail('recent'),
      verdict: 'stranger',
      enqueue: false,
      attachments: [{ filename: 'c.pdf', content: await makePdf(1) }],
    });

    expect(await sweepStuckInboundMessages(t.ctx)).toBe(1);
    const reply = await replyTo(stuckFrom, stuck.messageId);
    expect(reply.subject).toBe('Re: Stuck');
    expect(reply.text).toContain(translate('pl', 'inbound_mail.reply.intro.failed'));
    expect(await findInboundMessage(t.ctx.db, stuck.id)).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      raw_key: null,
    });
    expect((await findInboundMessage(t.ctx.db, held.id))?.status).toBe('received');
    expect((await findInboundMessage(t.ctx.db, recent.id))?.status).toBe('received');
    // Once: a second sweep finds nothing more.
    expect(await sweepStuckInboundMessages(t.ctx)).toBe(0);
  });
});
