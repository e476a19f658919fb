import type { TDb } from '../db/database';
import type { TExpressOrderStatus } from '../db/schema';
import { randomToken } from '../lib/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo express discount codes: one usable, one expired, one switched off, one used up. */
const DEMO_CODES = [
  { code: 'EXPRESS10', percent: 10, days: 90, active: true, number_of_uses: 500, uses: 12 },
  { code: 'SUMMER25', percent: 25, days: -30, active: true, number_of_uses: 100, uses: 40 },
  { code: 'PARTNER50', percent: 50, days: null, active: false, number_of_uses: 20, uses: 3 },
  { code: 'LAUNCH100', percent: 100, days: 30, active: true, number_of_uses: 5, uses: 5 },
] as const;

/** Demo express orders in every state, on the demo printers (by their printing code). */
const DEMO_ORDERS: ReadonlyArray<{
  printer: string;
  email: string;
  status: TExpressOrderStatus;
  documents: number;
  pages: number;
  color: boolean;
  price: number;
  currency: string;
  code?: string;
  failure?: string;
  hoursAgo: number;
}> = [
  {
    printer: '418273',
    email: 'jan.kowalski@example.com',
    status: 'created',
    documents: 1,
    pages: 4,
    color: false,
    price: 200,
    currency: 'PLN',
    hoursAgo: 1,
  },
  {
    printer: '530916',
    email: 'maria.nowak@example.com',
    status: 'scheduled',
    documents: 2,
    pages: 12,
    color: true,
    price: 1620,
    currency: 'PLN',
    code: 'EXPRESS10',
    hoursAgo: 2,
  },
  {
    printer: '418273',
    email: 'piotr.wisniewski@example.com',
    status: 'printed',
    documents: 1,
    pages: 30,
    color: false,
    price: 1500,
    currency: 'PLN',
    hoursAgo: 26,
  },
  {
    printer: '662041',
    email: 'ewa.zielinska@example.com',
    status: 'failed',
    documents: 3,
    pages: 9,
    color: false,
    price: 450,
    currency: 'PLN',
    failure: 'media-empty-error: tray 2 empty',
    hoursAgo: 5,
  },
  {
    printer: '219584',
    email: 'tomasz.lewandowski@example.com',
    status: 'failed',
    documents: 1,
    pages: 2,
    color: true,
    price: 180,
    currency: 'PLN',
    code: 'EXPRESS10',
    failure: 'printer went offline during the job',
    hoursAgo: 50,
  },
];

/**
 * Express orders and discount codes for the demo and the admin screens, until the express issue
 * creates real ones. Runs once: nothing happens when express orders exist already.
 */
export async function seedExpressData(db: TDb, now = new Date()): Promise<void> {
  const existing = await db.selectFrom('express_orders').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const codeIds = new Map<string, { id: number; percent: number }>();
  for (const c of DEMO_CODES) {
    const row = await db
      .insertInto('express_discount_codes')
      .values({
        code: c.code,
        percent: c.percent,
        expiration_date:
          c.days === null
            ? null
            : new Date(now.getTime() + c.days * DAY_MS).toISOString().slice(0, 10),
        active: c.active,
        number_of_uses: c.number_of_uses,
        uses: c.uses,
      })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'percent'])
      .executeTakeFirst();
    if (row) codeIds.set(c.code, row);
  }
  for (const o of DEMO_ORDERS) {
    const printer = await db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', o.printer)
      .executeTakeFirst();
    if (!printer) continue;
    const code = o.code ? codeIds.get(o.code) : undefined;
    const at = new Date(now.getTime() - o.hoursAgo * 60 * 60 * 1000);
    await db
      .insertInto('express_orders')
      .values({
        token: randomToken(),
        printer_id: printer.id,
        customer_email: o.email,
        status: o.status,
        document_count: o.documents,
        page_count: o.pages,
        is_color: o.color,
        price_minor: o.price,
        currency: o.currency,
        discount_code_id: code?.id ?? null,
        discount_percent: code?.percent ?? null,
        failure_reason: o.failure ?? null,
        printed_at: o.status === 'printed' ? at : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
