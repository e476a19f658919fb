import type { Updateable } from 'kysely';
import {
  transitionExpressOrder,
  type TExpressOrderEvent,
  type TExpressPrinterState,
} from '@printomat/shared';
import type { TDb } from '../../db/database';
import type { TExpressOrdersTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { updateOrderIfStatus, type TExpressOrderRow } from './express-orders.repo';

/** Who moved an order: the audit row names the person (admin) or the part of the system. */
export type TExpressActor = {
  userId: number | null;
  source: 'guest' | 'admin' | 'printer' | 'system';
};

/**
 * One express order status change: the shared transition function decides, the UPDATE applies
 * only while the order is still in the state it was read in, and the audit row is written in the
 * same transaction. Refusals carry `admin.express_orders.errors.*` messages.
 */
export async function moveExpressOrder(
  db: TDb,
  order: TExpressOrderRow,
  event: TExpressOrderEvent,
  actor: TExpressActor,
  changes: Omit<Updateable<TExpressOrdersTable>, 'status'> = {},
  printer?: TExpressPrinterState,
): Promise<TExpressOrderRow> {
  const transition = transitionExpressOrder(order.status, event, printer);
  if (!transition.ok)
    throw new AppError(409, transition.error, `admin.express_orders.errors.${transition.error}`);
  const updated = await updateOrderIfStatus(db, order.id, order.status, {
    ...changes,
    status: transition.to,
  });
  // Someone else moved it first (a concurrent print, the printer's report): their change stands.
  if (!updated) throw new AppError(409, 'changed', 'admin.express_orders.errors.changed');
  await recordAudit(db, {
    actorUserId: actor.userId,
    action: `express_order.${event}`,
    subject: ['express_order', order.id],
    details: {
      from: transition.from,
      to: transition.to,
      by: actor.source,
      printer_id: order.printer_id,
    },
  });
  return updated;
}
