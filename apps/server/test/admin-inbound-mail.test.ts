import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminInboundMessages, type TAdminInboundMessage } from '@printomat/shared';
import type { TNewInboundMessage } from '../src/db/schema';
import { insertInboundMessage } from '../src/modules/inbound-mail/inbound-messages.repo';
import { seedDemoData } from '../src/seed/seed';
import { signInNewAdmin } from './helpers/admin';
import { openOrder, seededPrinterId } from './helpers/express-guest';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 14 point 6: admins see what became of the mail sent to a printer's address.

let t: TTestApp;
let admin: TestAgent;
let kiosk: number;
let otherPrinter: number;
let person: { id: number; email: string };
let personJob: number;
let expressOrder: number;

const at = (iso: string) => new Date(iso);
let counter = 0;

async function received(values: Partial<TNewInboundMessage> & { printer_id: number }) {
  counter += 1;
  const row = await insertInboundMessage(t.ctx.db, {
    dedupe_key: `test-${counter}@mail.example.net`,
    via: 'smtp',
    envelope_from: 'someone@mail.example.net',
    from_address: 'someone@mail.example.net',
    message_id: `test-${counter}@mail.example.net`,
    subject: `Message ${counter}`,
    size_bytes: 2048,
    verdict: 'stranger',
    received_at: at('2026-03-02T10:00:00Z'),
    ...values,
  });
  if (!row) throw new Error('not inserted');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  admin = await signInNewAdmin(t, 'en');
  kiosk = await seededPrinterId(t);
  otherPrinter = (
    await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('id', '<>', kiosk)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

  const personAgent = new TestAgent(t.app);
  person = await registerAndSignIn(personAgent);
  personJob = (await personAgent.get('/ajax/printjobs/current')).json<{ id: number }>().id;
  const { order } = await openOrder(t, kiosk);
  expressOrder = (
    await t.ctx.db
      .selectFrom('express_orders')
      .select('id')
      .where('token', '=', order.token)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe('GET /api/admin/printers/:id/inbound_messages', () => {
  it('lists the printer’s messages newest first, with sender check, documents and outcome', async () => {
    const trusted = await received({
      printer_id: kiosk,
      from_address: person.email,
      subject: 'Lecture notes',
      verdict: 'trusted',
      auth_details: JSON.stringify({
        dmarc: 'pass',
        spf: 'pass',
        dkim: 'pass',
        from_domain: 'example.com',
      }),
      user_id: person.id,
      printjob_id: personJob,
      status: 'processed',
      outcome: 'added',
      documents: JSON.stringify([
        { name: 'notes.pdf', document_id: 7, status: 'ready', page_count: 3, failure_code: null },
        {
          name: 'tool.exe',
          document_id: null,
          status: 'refused',
          page_count: null,
          failure_code: 'executable',
        },
      ]),
      reply_locale: 'en',
      replied_at: at('2026-03-02T10:00:05Z'),
      received_at: at('2026-03-02T10:00:00Z'),
    });
    const stranger = await received({
      printer_id: kiosk,
      via: 'http',
      from_address: 'forged@bank.example',
      subject: 'Invoice',
      auth_details: JSON.stringify({ dmarc: 'fail', spf: 'none' }),
      express_order_id: expressOrder,
      status: 'processed',
      outcome: 'express_order',
      received_at: at('2026-03-02T11:30:00Z'),
    });
    const bounce = await received({
      printer_id: kiosk,
      envelope_from: '',
      from_address: 'mailer-daemon@mail.example.net',
      subject: null,
      verdict: 'ignored',
      status: 'ignored',
      outcome: 'bounce',
      received_at: at('2026-03-01T08:00:00Z'),
    });
    // Another printer's mail is not listed here.
    await received({ printer_id: otherPrinter, received_at: at('2026-03-02T12:00:00Z') });

    const res = await admin.get(`/api/admin/printers/${kiosk}/inbound_messages`);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAdminInboundMessages.parse(res.json());
    expect(body.messages.map((m) => m.id)).toEqual([stranger, trusted, bounce]);
    expect(body.messages[1]).toEqual({
      id: trusted,
      received_at: '2026-03-02T10:00:00.000Z',
      via: 'smtp',
      from_address: person.email,
      subject: 'Lecture notes',
      verdict: 'trusted',
      auth: { dmarc: 'pass', spf: 'pass', dkim: 'pass' },
      status: 'processed',
      outcome: 'added',
      documents: [
        { name: 'notes.pdf', document_id: 7, status: 'ready', page_count: 3, failure_code: null },
        {
          name: 'tool.exe',
          document_id: null,
          status: 'refused',
          page_count: null,
          failure_code: 'executable',
        },
      ],
      user_email: person.email,
      express_order_id: null,
      printjob_id: personJob,
      replied_at: '2026-03-02T10:00:05.000Z',
    } satisfies TAdminInboundMessage);
    expect(body.messages[0]).toMatchObject({
      via: 'http',
      from_address: 'forged@bank.example',
      verdict: 'stranger',
      auth: { dmarc: 'fail', spf: 'none', dkim: null },
      outcome: 'express_order',
      documents: [],
      user_email: null,
      express_order_id: expressOrder,
      printjob_id: null,
      replied_at: null,
    });
    expect(body.messages[2]).toMatchObject({
      verdict: 'ignored',
      status: 'ignored',
      outcome: 'bounce',
      subject: null,
      auth: { dmarc: null, spf: null, dkim: null },
    });
    // Nothing of the raw message, envelope or dedupe key leaves.
    expect(Object.keys(res.json().messages[0]).sort()).toEqual(
      Object.keys(ZAdminInboundMessages.shape.messages.element.shape).sort(),
    );
  });

  it('lists at most the newest 50', async () => {
    const printer = (
      await t.ctx.db
        .selectFrom('printers')
        .select('id')
        .where('id', 'not in', [kiosk, otherPrinter])
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const ids: number[] = [];
    for (let i = 0; i < 52; i++)
      ids.push(
        await received({
          printer_id: printer,
          received_at: new Date(Date.UTC(2026, 2, 3, 9, i)),
        }),
      );
    const res = await admin.get(`/api/admin/printers/${printer}/inbound_messages`);
    const listed = res.json<{ messages: Array<{ id: number }> }>().messages.map((m) => m.id);
    expect(listed).toEqual(ids.slice(2).reverse());
  });

  it('answers an empty list for a printer nobody wrote to, 404 for an unknown printer', async () => {
    const quiet = (
      await t.ctx.db
        .selectFrom('printers')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    const empty = await admin.get(`/api/admin/printers/${quiet}/inbound_messages`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ messages: [] });

    const unknown = await admin.get('/api/admin/printers/999999/inbound_messages');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
  });

  it('is for admins only', async () => {
    const user = new TestAgent(t.app);
    await registerAndSignIn(user);
    const asUser = await user.get(`/api/admin/printers/${kiosk}/inbound_messages`);
    expect(asUser.statusCode).toBe(403);
    expect(JSON.stringify(asUser.json())).not.toContain('forged@bank.example');

    const anonymous = await new TestAgent(t.app).get(
      `/api/admin/printers/${kiosk}/inbound_messages`,
    );
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.stringify(anonymous.json())).not.toContain('forged@bank.example');
  });
});
