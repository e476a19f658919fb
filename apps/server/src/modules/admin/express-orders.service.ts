import {
  ADMIN_PAGE_SIZE,
  type TExpressOrderAction,
  type TExpressOrderStatus,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';
import {
  failExpressOrder,
  printExpressOrder,
  resetExpressOrder,
} from '../express/express-printing.service';
import {
  countExpressOrders,
  findExpressOrder,
  listExpressOrders,
  listPaymentsOfOrders,
  listRefundsOfOrders,
} from './express-orders.repo';

type TPaymentOfOrder = Awaited<ReturnType<typeof listPaymentsOfOrders>>[number];
type TRefundOfOrder = Awaited<ReturnType<typeof listRefundsOfOrders>>[number];

/** The money of an order as the admin sees it: the payment that counts, and the refund. */
export type TOrderMoney = { payment: TPaymentOfOrder | null; refund: TRefundOfOrder | null };

/**
 * Payments and refunds of the orders, by order. The payment shown is the one that completed, else
 * the latest attempt (a failed card, then a transfer that is still processing).
 */
export async function moneyOfOrders(
  db: TDb,
  orderIds: readonly number[],
): Promise<Map<number, TOrderMoney>> {
  const [payments, refunds] = await Promise.all([
    listPaymentsOfOrders(db, orderIds),
    listRefundsOfOrders(db, orderIds),
  ]);
  const money = new Map<number, TOrderMoney>(
    orderIds.map((id) => [id, { payment: null, refund: null }]),
  );
  for (const payment of payments) {
    const entry =
      payment.express_order_id === null ? undefined : money.get(payment.express_order_id);
    if (entry && entry.payment?.status !== 'completed') entry.payment = payment;
  }
  for (const refund of refunds) {
    const entry = refund.express_order_id === null ? undefined : money.get(refund.express_order_id);
    if (entry) entry.refund = refund;
  }
  return money;
}

export async function listAdminExpressOrders(
  db: TDb,
  filter: { status?: TExpressOrderStatus | undefined },
  page: number,
) {
  const [total, rows] = await Promise.all([
    countExpressOrders(db, filter),
    listExpressOrders(db, filter, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
  ]);
  const money = await moneyOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return { total, rows, money };
}

/** One order with its money, or undefined. */
export async function findAdminExpressOrder(db: TDb, id: number) {
  const order = await findExpressOrder(db, id);
  if (!order) return undefined;
  const money = (await moneyOfOrders(db, [id])).get(id);
  return { order, money: money ?? { payment: null, refund: null } };
}

/**
 * Print, fail or reset an express order for real, through the express module: print sends the
 * job to the printer's agent (refused on a disabled printer, in maintenance, offline), fail
 * withdraws it from the agent and refunds the guest, reset (only a failed order) makes it
 * printable again. Each is one transaction with the order's audit row.
 */
export async function changeExpressOrder(
  ctx: TAppContext,
  actor: { admin: TUserRow },
  orderId: number,
  action: TExpressOrderAction,
): Promise<void> {
  const by = { userId: actor.admin.id, source: 'admin' } as const;
  switch (action) {
    case 'print':
      await printExpressOrder(ctx, { id: orderId }, by);
      return;
    case 'fail':
      await failExpressOrder(ctx, orderId, by);
      return;
    case 'reset':
      await resetExpressOrder(ctx, orderId, by);
      return;
  }
}

// Plain reads the routes show as they are (the route layer calls services, never a repo).
export { listPrinterOptions } from './express-orders.repo';
