import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TLocale } from '@printomat/shared';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox';
import { makePdf } from './fixtures';
import { registerAndSignIn, TestAgent, type TTestApp } from './test-app';

// Paid express orders built directly (helper E2's tests: printing and refunds). The checkout and
// the guest's pages have their own tests (express-orders / express-checkout, helpers/express-guest).

export const ONLINE_CODE = '418273'; // Złote Tarasy in the demo data

export async function setPrinter(
  t: TTestApp,
  id: number,
  changes: {
    is_enabled?: boolean;
    maintenance_mode?: boolean;
    agent_last_seen_at?: Date | null;
    express_mono_price_minor?: number | null;
    express_color_price_minor?: number | null;
  },
): Promise<void> {
  await t.ctx.db.updateTable('printers').set(changes).where('id', '=', id).execute();
}

export async function printerIdByCode(t: TTestApp, code = ONLINE_CODE): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TPaidOrder {
  orderId: number;
  token: string;
  jobId: number;
  guestId: number;
  printerId: number;
  paymentReference: string | null;
}

/**
 * A paid express order as the checkout leaves it: a guest account owning a locked job with a real
 * processed PDF, the order `created` with its frozen price, and (unless free) a sandbox payment the
 * sandbox provider really collected (its session finished), so refunds go through the provider.
 */
export async function paidExpressOrder(
  t: TTestApp,
  options: {
    printerId: number;
    pages?: number;
    colourPages?: number[];
    priceMinor?: number;
    discountPercent?: number | null;
    email?: string | null;
    locale?: TLocale;
    printBy?: Date;
  },
): Promise<TPaidOrder> {
  const pages = options.pages ?? 4;
  const priceMinor = options.priceMinor ?? pages * 50;
  const agent = new TestAgent(t.app);
  const { id: guestId } = await registerAndSignIn(agent);
  const upload = await agent.upload(
    '/ajax/documents/upload',
    'doc.pdf',
    await makePdf(pages, options.colourPages ?? []),
  );
  expect(upload.statusCode).toBe(201);
  const job = (await agent.get('/ajax/printjobs/current')).json<{ id: number }>();
  const db = t.ctx.db;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const doc = await db
      .selectFrom('documents')
      .select('status')
      .where('printjob_id', '=', job.id)
      .executeTakeFirstOrThrow();
    if (doc.status === 'ready') break;
    if (doc.status !== 'processing' || Date.now() > deadline)
      throw new Error(`document ${doc.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // From here on this account is the order's guest (it never signs in again).
  await db
    .updateTable('users')
    .set({ role: 'guest', email: `guest-${randomBytes(6).toString('hex')}@express.invalid` })
    .where('id', '=', guestId)
    .execute();
  const now = new Date();
  const order = await db
    .insertInto('express_orders')
    .values({
      token: randomBytes(32).toString('base64url'),
      printer_id: options.printerId,
      customer_email: options.email === undefined ? 'guest@example.com' : options.email,
      status: 'created',
      guest_user_id: guestId,
      printjob_id: job.id,
      locale: options.locale ?? 'en',
      document_count: 1,
      page_count: pages,
      color_page_count: options.colourPages?.length ?? 0,
      is_color: (options.colourPages?.length ?? 0) > 0,
      list_price_minor: priceMinor,
      price_minor: priceMinor,
      currency: 'PLN',
      discount_percent: options.discountPercent ?? null,
      paid_at: now,
      print_by: options.printBy ?? new Date(now.getTime() + 120 * 60_000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('printjobs')
    .set({
      express_order_id: order.id,
      is_submitted: true,
      submitted_at: now,
      // Colour pages print in colour (the order's price counted them so).
      is_grayscale: (options.colourPages?.length ?? 0) === 0,
    })
    .where('id', '=', job.id)
    .execute();
  let paymentReference: string | null = null;
  if (priceMinor > 0) {
    paymentReference = `pay_${randomBytes(12).toString('base64url')}`;
    const sandbox = createSandboxProvider({ config: t.ctx.config, db });
    const checkout = await sandbox.createCheckout({
      reference: paymentReference,
      amountMinor: priceMinor,
      currency: 'PLN',
      method: 'card',
      description: 'Printomat express',
      customerEmail: 'guest@example.com',
      locale: 'en',
      returnUrl: `http://printomat.test/express/orders/${order.token}`,
    });
    // The payer went through the sandbox's page and paid.
    await db
      .updateTable('sandbox_sessions')
      .set({ status: 'done', pending_outcome: 'success' })
      .where('provider_reference', '=', checkout.providerReference)
      .execute();
    await db
      .insertInto('payments')
      .values({
        reference: paymentReference,
        user_id: null,
        payer_email: 'guest@example.com',
        package_id: null,
        express_order_id: order.id,
        provider: 'sandbox',
        provider_reference: checkout.providerReference,
        method: 'card',
        status: 'completed',
        amount_minor: priceMinor,
        currency: 'PLN',
        pages: 1,
        validity_days: 1,
        idempotency_key: `idem-${paymentReference}`,
        locale: 'en',
        completed_at: now,
      })
      .execute();
  }
  return {
    orderId: order.id,
    token: order.token,
    jobId: job.id,
    guestId,
    printerId: options.printerId,
    paymentReference,
  };
}

export function orderRow(t: TTestApp, id: number) {
  return t.ctx.db
    .selectFrom('express_orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export function refundRow(t: TTestApp, orderId: number) {
  return t.ctx.db
    .selectFrom('refunds')
    .selectAll()
    .where('express_order_id', '=', orderId)
    .executeTakeFirst();
}

export function sandboxRefunds(t: TTestApp) {
  return t.ctx.db.selectFrom('sandbox_refunds').selectAll().execute();
}
