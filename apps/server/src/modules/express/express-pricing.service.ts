import {
  expressPrice,
  type TExpressPrice,
  type TExpressPriceBreakdown,
  type TExpressPrices,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPrinterRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findPrinterById } from '../printers';
import {
  findPrintjobById,
  listDocumentsOfPrintjob,
  pricedJob,
  type TPricedJob,
} from '../printjobs';
import { discountCodeRefused, documentsProcessing, noDocuments } from './express-errors';
import {
  countHeldUses,
  findDiscountCode,
  findDiscountCodeById,
  lockDiscountCode,
  lockOrderJob,
  type TDiscountCodeRow,
  type TExpressOrderRow,
} from './express-orders.repo';

/** A printer's express page prices: its own, else the configured defaults. */
export function expressPricesOf(
  ctx: Pick<TAppContext, 'config'>,
  printer: Pick<TPrinterRow, 'express_mono_price_minor' | 'express_color_price_minor'>,
  currency: string,
): TExpressPrices {
  return {
    monoMinor: printer.express_mono_price_minor ?? ctx.config.express.monoPriceMinor,
    colorMinor: printer.express_color_price_minor ?? ctx.config.express.colorPriceMinor,
    currency,
  };
}

/** Today in UTC as YYYY-MM-DD: a code works through its expiration date (as the admin shows it). */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The code as typed, if it can be used now: it exists (any letter case), is active, has not
 * expired, and a use is left. Uses left = number_of_uses less the orders that completed with it
 * (`uses`) less the orders awaiting payment that hold it. With `lock`, the code row is locked for
 * the transaction, so concurrent checkouts decide one after the other (20 orders, 1 use left:
 * exactly one gets it).
 */
export async function usableDiscountCode(
  db: TDb,
  code: string,
  now: Date,
  orderId: number,
  options: { lock: boolean },
): Promise<TDiscountCodeRow> {
  const found = await findDiscountCode(db, code);
  if (!found) throw discountCodeRefused('unknown');
  const row = options.lock ? await lockDiscountCode(db, found.id) : found;
  if (!row) throw discountCodeRefused('unknown');
  if (!row.active) throw discountCodeRefused('inactive');
  if (row.expiration_date !== null && row.expiration_date < dayOf(now))
    throw discountCodeRefused('expired');
  const held = await countHeldUses(db, row.id, now, orderId);
  if (row.uses + held >= row.number_of_uses) throw discountCodeRefused('used_up');
  return row;
}

export async function orderPrinter(db: TDb, order: TExpressOrderRow): Promise<TPrinterRow> {
  const printer = await findPrinterById(db, order.printer_id);
  if (!printer) throw notFound();
  return printer;
}

/** The order's job priced now (the job row locked when `lock`): refused while nothing is ready. */
export async function pricedOrderJob(
  db: TDb,
  order: TExpressOrderRow,
  options: { lock: boolean; requireReady: boolean },
): Promise<TPricedJob> {
  if (order.printjob_id === null) throw notFound();
  const job = options.lock
    ? await lockOrderJob(db, order.printjob_id)
    : await findPrintjobById(db, order.printjob_id);
  if (!job) throw notFound();
  const documents = await listDocumentsOfPrintjob(db, job.id);
  const priced = pricedJob(job, documents);
  if (options.requireReady) {
    if (documents.some((d) => d.status === 'processing')) throw documentsProcessing();
    if (priced.documents.length === 0) throw noDocuments();
  }
  return priced;
}

/** The live price of a draft's job at its printer's express prices, with a discount. */
export function priceOf(
  ctx: Pick<TAppContext, 'config'>,
  printer: TPrinterRow,
  priced: TPricedJob,
  currency: string,
  percent: number | null,
): TExpressPriceBreakdown {
  return expressPrice(
    priced.documents,
    priced.settings,
    expressPricesOf(ctx, printer, currency),
    percent,
  );
}

export function presentPrice(
  breakdown: TExpressPriceBreakdown,
  currency: string,
  code: string | null,
): TExpressPrice {
  return {
    faces: breakdown.faces,
    color_faces: breakdown.colorFaces,
    mono_faces: breakdown.monoFaces,
    list_minor: breakdown.listMinor,
    discount_minor: breakdown.discountMinor,
    total_minor: breakdown.totalMinor,
    currency,
    discount_code: code,
    discount_percent: breakdown.discountPercent,
  };
}

/**
 * The price the order page shows: a draft's as its job stands now (no discount yet: the quote
 * applies one), else the price frozen at checkout.
 */
export async function currentPriceOf(
  ctx: TAppContext,
  order: TExpressOrderRow,
  printer: TPrinterRow,
): Promise<TExpressPrice> {
  if (order.status === 'draft' || order.status === 'abandoned') {
    const priced = await pricedOrderJob(ctx.db, order, { lock: false, requireReady: false });
    return presentPrice(priceOf(ctx, printer, priced, order.currency, null), order.currency, null);
  }
  const code =
    order.discount_code_id === null
      ? undefined
      : await findDiscountCodeById(ctx.db, order.discount_code_id);
  return {
    faces: order.page_count,
    color_faces: order.color_page_count,
    mono_faces: order.page_count - order.color_page_count,
    list_minor: order.list_price_minor,
    discount_minor: order.list_price_minor - order.price_minor,
    total_minor: order.price_minor,
    currency: order.currency,
    discount_code: code?.code ?? null,
    discount_percent: order.discount_percent,
  };
}
