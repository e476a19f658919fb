import {
  EXPRESS_PAID_STATUSES,
  type TExpressCheckoutInput,
  type TExpressPrice,
  type TExpressQuoteInput,
  type TLocale,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { enqueueJob } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { expressReceiptMail } from '../mail/mail.templates';
import {
  existingCheckout,
  findOpenPaymentOfOrder,
  findPaymentByKey,
  insertOrderPayment,
  openCheckout,
  providerFor,
} from '../payments/payments.service';
import { whyPrinterCannotPrint } from '../printers/printers.service';
import { expressTransitionError, methodRequired } from './express-errors';
import { scheduleExpressDeadlines } from './express-jobs';
import {
  findDiscountCodeById,
  incrementDiscountUses,
  lockOrderByToken,
  setOrderJobLocked,
  updateOrder,
  type TExpressOrderRow,
} from './express-orders.repo';
import {
  expressPricesOf,
  orderPrinter,
  presentPrice,
  priceOf,
  pricedOrderJob,
  usableDiscountCode,
} from './express-pricing.service';
import { expressOrderUrl } from './express.presenter';
import { guestOf, orderByToken } from './express.service';
import { moveExpressOrder, type TExpressActor } from './express-transition.service';

const MINUTE_MS = 60_000;

type TCheckoutInput = {
  email?: string | undefined;
  discount_code?: string | undefined;
  method?: TExpressCheckoutInput['method'];
  idempotency_key: string;
};

/** The price of a draft as it stands, with the code if given (refused codes: 422 on the field). */
export async function quoteOrder(
  ctx: TAppContext,
  token: string,
  input: { discount_code?: TExpressQuoteInput['discount_code'] },
): Promise<TExpressPrice> {
  const order = await orderByToken(ctx.db, token);
  if (order.status !== 'draft') throw expressTransitionError('not_draft');
  const code = input.discount_code
    ? await usableDiscountCode(ctx.db, input.discount_code, ctx.now(), order.id, { lock: false })
    : null;
  const priced = await pricedOrderJob(ctx.db, order, { lock: false, requireReady: false });
  const printer = await orderPrinter(ctx.db, order);
  return presentPrice(
    priceOf(ctx, printer, priced, order.currency, code?.percent ?? null),
    order.currency,
    code?.code ?? null,
  );
}

type TCheckoutPlan =
  | { kind: 'done'; order: TExpressOrderRow; redirectUrl: string | null }
  | {
      kind: 'pay';
      order: TExpressOrderRow;
      payment: Awaited<ReturnType<typeof insertOrderPayment>>['row'];
      provider: ReturnType<typeof providerFor>;
      customerEmail: string | null;
      printerName: string;
    };

/**
 * Pays for a draft: freezes what is paid for (documents, faces, colour faces, prices, discount),
 * locks the job against changes, and either marks the order paid at once (nothing to pay: a 100 %
 * code) or opens the provider's checkout for a payment row of this order. The same idempotency
 * key answers the same checkout; a second "Pay" while a payment is open continues that payment.
 */
export async function checkoutOrder(
  ctx: TAppContext,
  token: string,
  input: TCheckoutInput,
  locale: TLocale,
): Promise<{ order: TExpressOrderRow; redirectUrl: string | null }> {
  const now = ctx.now();
  const plan = await ctx.db.transaction().execute(async (trx): Promise<TCheckoutPlan> => {
    const locked = await lockOrderByToken(trx, token);
    if (!locked) throw notFound();
    const guest = await guestOf(trx, locked);
    const sameKey = await findPaymentByKey(trx, guest.id, input.idempotency_key);
    const order = await reopenExpiredCheckout(trx, locked, sameKey !== undefined, now);
    if (order.status !== 'draft') {
      // A repeated request (double click, reload) answers the checkout already started.
      const again =
        sameKey ??
        (order.status === 'awaiting_payment'
          ? await findOpenPaymentOfOrder(trx, order.id)
          : undefined);
      if (again && again.express_order_id === order.id) {
        const paid = (EXPRESS_PAID_STATUSES as readonly string[]).includes(order.status);
        return { kind: 'done', order, redirectUrl: paid ? null : existingCheckout(again) };
      }
      throw expressTransitionError('not_draft');
    }
    const printer = await orderPrinter(trx, order);
    const refusal = whyPrinterCannotPrint(printer, now);
    // Offline may pass (the guest can pay and print once it is back); disabled or in
    // maintenance would only take money to give it back.
    if (refusal && refusal.code !== 'printer_offline') throw refusal;
    const code = input.discount_code
      ? await usableDiscountCode(trx, input.discount_code, now, order.id, { lock: true })
      : null;
    const priced = await pricedOrderJob(trx, order, { lock: true, requireReady: true });
    const price = priceOf(ctx, printer, priced, order.currency, code?.percent ?? null);
    const prices = expressPricesOf(ctx, printer, order.currency);
    const frozen = {
      customer_email: input.email ?? null,
      locale,
      document_count: priced.documents.length,
      page_count: price.faces,
      color_page_count: price.colorFaces,
      is_color: price.colorFaces > 0,
      list_price_minor: price.listMinor,
      mono_price_minor: prices.monoMinor,
      color_price_minor: prices.colorMinor,
      price_minor: price.totalMinor,
      discount_code_id: code?.id ?? null,
      discount_percent: code?.percent ?? null,
    };
    if (order.printjob_id !== null) await setOrderJobLocked(trx, order.printjob_id, true, now);
    const actor: TExpressActor = { userId: null, source: 'guest' };
    if (price.totalMinor === 0) {
      await updateOrder(trx, order.id, frozen);
      const paid = await payOrder(ctx, trx, { ...order, ...frozen }, now, actor, null);
      return { kind: 'done', order: paid, redirectUrl: null };
    }
    if (!input.method) throw methodRequired();
    const provider = providerFor(ctx, input.method);
    const awaiting = await moveExpressOrder(trx, order, 'checkout', actor, {
      ...frozen,
      checkout_expires_at: new Date(
        now.getTime() + ctx.config.express.checkoutHoldMinutes * MINUTE_MS,
      ),
    });
    // The guest's own address only: the guest account's is never shown to a provider.
    const customerEmail = input.email ?? null;
    const { row, created } = await insertOrderPayment(trx, {
      userId: guest.id,
      // Our record of who paid: the guest's address, else the guest account's (never mailed).
      payerEmail: customerEmail ?? guest.email,
      expressOrderId: order.id,
      provider,
      method: input.method,
      amountMinor: price.totalMinor,
      currency: order.currency,
      idempotencyKey: input.idempotency_key,
      locale,
    });
    // A key already used for an earlier attempt: its answer, never a new checkout on that old
    // payment (throwing rolls back what this transaction froze).
    if (!created) {
      existingCheckout(row);
      throw new AppError(409, 'payment_in_progress', 'payments.errors.in_progress');
    }
    return {
      kind: 'pay',
      order: awaiting,
      payment: row,
      provider,
      customerEmail,
      printerName: printer.name,
    };
  });
  if (plan.kind === 'done') {
    ctx.worker.kick();
    return { order: plan.order, redirectUrl: plan.redirectUrl };
  }
  // Outside any transaction: the provider is asked over the network. If it cannot be reached,
  // the payment fails and the order goes back to draft (openCheckout tells our purpose).
  const redirectUrl = await openCheckout(ctx, plan.provider, plan.payment, {
    description: `Printomat express: ${plan.printerName}`,
    customerEmail: plan.customerEmail,
    returnUrl: expressOrderUrl(ctx.config.publicUrl, token),
  });
  return { order: plan.order, redirectUrl };
}

/**
 * A new "Pay" (another idempotency key) after the checkout's hold ran out (the provider's page
 * was left, or expired): the order goes back to draft, so the guest can pay again, with the
 * discount code decided anew. Should the old payment still complete, it pays the order (or, if
 * the new one did first, it is flagged for the team to pay back).
 */
async function reopenExpiredCheckout(
  trx: TDb,
  order: TExpressOrderRow,
  repeated: boolean,
  now: Date,
): Promise<TExpressOrderRow> {
  if (repeated || order.status !== 'awaiting_payment') return order;
  if (!order.checkout_expires_at || order.checkout_expires_at > now) return order;
  const draft = await moveExpressOrder(
    trx,
    order,
    'payment_failed',
    { userId: null, source: 'guest' },
    { checkout_expires_at: null },
  );
  if (draft.printjob_id !== null) await setOrderJobLocked(trx, draft.printjob_id, false, now);
  return draft;
}

/**
 * The order is paid (the provider collected the money, or there was nothing to pay), in the
 * caller's transaction: it becomes `created` with its print deadline, the discount code counts
 * one more completed use, the refund at `print_by` is queued and the receipt mailed if the guest
 * gave an address.
 */
export async function payOrder(
  ctx: TAppContext,
  trx: TDb,
  order: TExpressOrderRow,
  now: Date,
  actor: TExpressActor,
  paymentReference: string | null,
): Promise<TExpressOrderRow> {
  const paid = await moveExpressOrder(trx, order, 'pay', actor, {
    paid_at: now,
    print_by: new Date(now.getTime() + ctx.config.express.printWithinMinutes * MINUTE_MS),
    checkout_expires_at: null,
  });
  // The job stays locked: what was paid for is what prints (a late payment after a failed
  // attempt reopened the draft for changes meanwhile).
  if (paid.printjob_id !== null) await setOrderJobLocked(trx, paid.printjob_id, true, now);
  const code =
    paid.discount_code_id === null
      ? undefined
      : await findDiscountCodeById(trx, paid.discount_code_id);
  if (code) await incrementDiscountUses(trx, code.id);
  await scheduleExpressDeadlines(trx, paid);
  if (paid.customer_email && paid.print_by) {
    const printer = await orderPrinter(trx, paid);
    await enqueueJob(
      trx,
      SEND_MAIL_JOB,
      expressReceiptMail(paid.locale, paid.customer_email, {
        printerName: printer.name,
        reference: paymentReference ?? `express-${paid.id}`,
        documents: paid.document_count,
        pages: paid.page_count,
        listMinor: paid.list_price_minor,
        totalMinor: paid.price_minor,
        currency: paid.currency,
        discount:
          code && paid.discount_percent !== null
            ? { code: code.code, percent: paid.discount_percent }
            : null,
        paidAt: now,
        printBy: paid.print_by,
        link: expressOrderUrl(ctx.config.publicUrl, paid.token),
      }),
      { uniqueKey: `express-receipt:${paid.id}` },
    );
  }
  return paid;
}
