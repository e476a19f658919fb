import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TNewInvoiceLine } from '../../db/schema';
import { queueInvoiceMail } from './invoice-mail';
import type { TInvoiceModel } from './invoice-model';
import { nextInvoiceNumber } from './invoice-numbering';
import { localDateOf, periodOf } from './invoice-periods';
import { storeInvoice } from './invoice-store';
import { correctionOfRefundExists, findInvoice, findSaleLineOfPayment } from './invoices.repo';
import { queueKsefSend } from './ksef-send.service';

// The correcting invoice (faktura korygująca) of a refunded purchase (issue 15 point 4,
// docs/invoices.md "Corrections"): the purchase's line before (as invoiced) and after (quantity
// and amounts 0); its totals are after − before, so negative. Numbered KOR/… in the month it is
// issued; it bills the corrected invoice's month and keeps its sale date and buyer.

/**
 * Called in the transaction that records the refund's success (payments' purchase refund
 * listeners). Nothing when the purchase is not on an issued invoice (the month's run leaves
 * refunded purchases out) or the refund already has its correction.
 */
export async function issueRefundCorrection(
  ctx: TAppContext,
  trx: TDb,
  refund: { refundId: number; paymentId: number; now: Date },
): Promise<TInvoiceModel | null> {
  const sale = await findSaleLineOfPayment(trx, refund.paymentId);
  if (!sale) return null;
  if (await correctionOfRefundExists(trx, refund.refundId)) return null;
  const corrected = await findInvoice(trx, sale.invoice_id);
  if (!corrected) return null;
  const { timezone, seller } = ctx.config.invoices;
  const before: Omit<TNewInvoiceLine, 'invoice_id'> = {
    position: 1,
    state: 'before',
    payment_id: sale.payment_id,
    description: sale.description,
    quantity: sale.quantity,
    unit_net_minor: sale.unit_net_minor,
    net_minor: sale.net_minor,
    vat_rate: sale.vat_rate,
    vat_minor: sale.vat_minor,
    gross_minor: sale.gross_minor,
    payment_method: sale.payment_method,
    paid_at: sale.paid_at,
    payment_reference: sale.payment_reference,
  };
  const after = {
    ...before,
    position: 2,
    state: 'after' as const,
    quantity: 0,
    net_minor: 0,
    vat_minor: 0,
    gross_minor: 0,
  };
  const model = await storeInvoice(
    trx,
    {
      number: await nextInvoiceNumber(trx, 'KOR', periodOf(refund.now, timezone)),
      kind: 'correction',
      user_id: corrected.user_id,
      period: corrected.period,
      corrects_invoice_id: corrected.id,
      correction_reason: `Zwrot zapłaty za zakup pakietu ${sale.payment_reference}`,
      refund_id: refund.refundId,
      issue_date: localDateOf(refund.now, timezone),
      sale_date: corrected.sale_date,
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(corrected.buyer),
      buyer_name: corrected.buyer_name,
      buyer_tax_id: corrected.buyer_tax_id,
      locale: corrected.locale,
      currency: corrected.currency,
      net_minor: after.net_minor - before.net_minor,
      vat_minor: after.vat_minor - before.vat_minor,
      gross_minor: after.gross_minor - before.gross_minor,
    },
    [before, after],
  );
  await queueKsefSend(trx, model.id);
  await queueInvoiceMail(trx, model, corrected.buyer.email, ctx.config.publicUrl);
  ctx.log.info({ invoice: model.number, corrects: corrected.number }, 'correcting invoice issued');
  return model;
}
