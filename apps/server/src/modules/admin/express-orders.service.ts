import {
  ADMIN_PAGE_SIZE,
  transitionExpressOrder,
  type TExpressOrderAction,
  type TExpressOrderStatus,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { findPrinterById } from '../printers';
import {
  countExpressOrders,
  listExpressOrders,
  lockExpressOrder,
  updateExpressOrderStatus,
} from './express-orders.repo';

export async function listAdminExpressOrders(
  db: TDb,
  filter: { status?: TExpressOrderStatus | undefined },
  page: number,
) {
  const [total, rows] = await Promise.all([
    countExpressOrders(db, filter),
    listExpressOrders(db, filter, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
  ]);
  return { total, rows };
}

/**
 * Print, fail or reset an express order through the shared express lifecycle: the status only
 * changes if nobody changed it meanwhile, and the audit row is written in the same transaction.
 */
export async function changeExpressOrder(
  ctx: TAppContext,
  actor: { admin: TUserRow },
  orderId: number,
  action: TExpressOrderAction,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockExpressOrder(trx, orderId);
    if (!order) throw notFound();
    const printer = await findPrinterById(trx, order.printer_id);
    const transition = transitionExpressOrder(order.status, action, printer);
    if (!transition.ok)
      throw new AppError(409, transition.error, `admin.express_orders.errors.${transition.error}`);
    const updated = await updateExpressOrderStatus(trx, order.id, order.status, {
      status: transition.to,
      ...(action === 'reset' ? { failure_reason: null, printed_at: null } : {}),
    });
    if (!updated) throw new AppError(409, 'not_created', 'admin.express_orders.errors.not_created');
    await recordAudit(trx, {
      actorUserId: actor.admin.id,
      action: `express_order.${action}`,
      subject: ['express_order', order.id],
      details: { from: transition.from, to: transition.to, printer_id: order.printer_id },
    });
  });
}

// Plain reads the routes show as they are (the route layer calls services, never a repo).
export { findExpressOrder, listPrinterOptions } from './express-orders.repo';
