import { expect } from 'vitest';
import type { TExpressOrderView } from '@printomat/shared';
import { TestAgent, type TTestApp } from './test-app';

// Express orders (issue 13) as a guest's browser drives them: no account, only the order token.

/** The seeded printer the express tests print at (direct print code 418273). */
export async function seededPrinterId(t: TTestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', '418273')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A guest's browser (no session) opening a draft at the printer. */
export async function openOrder(
  t: TTestApp,
  printerId: number,
  options: { locale?: 'de' | 'en' | 'pl'; agent?: TestAgent } = {},
): Promise<{ agent: TestAgent; order: TExpressOrderView }> {
  const agent = options.agent ?? new TestAgent(t.app);
  const response = await agent.post(
    `/ajax/express/printers/${printerId}/orders`,
    options.locale ? { locale: options.locale } : {},
  );
  expect(response.statusCode, response.body).toBe(201);
  return { agent, order: response.json<TExpressOrderView>() };
}

export const orderPath = (token: string) => `/ajax/express/orders/${token}`;

/**
 * Puts a ready document into the order's job directly (the upload pipeline has its own tests):
 * `pages` pages, `colourPages` of them in colour.
 */
export async function addReadyDocument(
  t: TTestApp,
  token: string,
  pages: number,
  colourPages: number[] = [],
): Promise<void> {
  const order = await t.ctx.db
    .selectFrom('express_orders')
    .select(['printjob_id', 'guest_user_id'])
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  if (order.printjob_id === null || order.guest_user_id === null) throw new Error('no job');
  await t.ctx.db
    .insertInto('documents')
    .values({
      printjob_id: order.printjob_id,
      user_id: order.guest_user_id,
      name: `doc-${pages}.pdf`,
      size_bytes: 1000,
      status: 'ready',
      source_type: 'pdf',
      // No file behind it: these documents are priced, never previewed or printed.
      pdf_key: `test/none-${order.printjob_id}-${pages}.pdf`,
      page_count: pages,
      color_pages: colourPages,
    })
    .execute();
}

let keyCounter = 0;
export const newKey = () => `express-${Date.now().toString(36)}-${(keyCounter += 1)}`;

/** Adds a discount code straight into the table (the admin's screens have their own tests). */
export async function addDiscountCode(
  t: TTestApp,
  values: {
    code: string;
    percent: number;
    number_of_uses?: number;
    uses?: number;
    active?: boolean;
    expiration_date?: string | null;
  },
): Promise<number> {
  const row = await t.ctx.db
    .insertInto('express_discount_codes')
    .values({
      code: values.code,
      percent: values.percent,
      number_of_uses: values.number_of_uses ?? 10,
      uses: values.uses ?? 0,
      active: values.active ?? true,
      expiration_date: values.expiration_date ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function usesOf(t: TTestApp, codeId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('express_discount_codes')
    .select('uses')
    .where('id', '=', codeId)
    .executeTakeFirstOrThrow();
  return row.uses;
}

/** A unique code per call, so tests in one file never collide. */
let codeCounter = 0;
export const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${(codeCounter += 1)}`;
