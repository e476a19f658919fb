import type { TExpressOrderView, TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { whyPrinterCannotPrint } from '../printers/printers.service';
import { documentLimits } from '../printjobs';
import { documentsDeleteAt } from './express-jobs';
import { findRefundOfOrder, type TExpressOrderRow } from './express-orders.repo';
import { currentPriceOf, orderPrinter } from './express-pricing.service';
import { getExpressPrinter, orderByToken, orderJobView } from './express.service';
import { expressOrderUrl, presentExpressOrder, presentOrderJob } from './express.presenter';

/** Everything the order page shows, read fresh (the page polls it while something can change). */
export async function expressOrderView(
  ctx: TAppContext,
  orderOrToken: TExpressOrderRow | string,
  locale: TLocale,
): Promise<TExpressOrderView> {
  const order =
    typeof orderOrToken === 'string' ? await orderByToken(ctx.db, orderOrToken) : orderOrToken;
  const printerRow = await orderPrinter(ctx.db, order);
  const [printer, jobView, price, refund] = await Promise.all([
    getExpressPrinter(ctx, order.printer_id),
    orderJobView(ctx, order),
    currentPriceOf(ctx, order, printerRow),
    findRefundOfOrder(ctx.db, order.id),
  ]);
  return presentExpressOrder({
    order,
    printer,
    job: presentOrderJob(jobView, locale, documentLimits(ctx.config)),
    price,
    refund,
    orderUrl: expressOrderUrl(ctx.config.publicUrl, order.token),
    documentsDeleteAt: documentsDeleteAt(ctx, order),
    canPrint: order.status === 'created' && whyPrinterCannotPrint(printerRow, ctx.now()) === null,
  });
}
