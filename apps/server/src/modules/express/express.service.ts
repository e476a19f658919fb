import type { TExpressPrinter, TLocale, TPrintjobSettingsInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TDocumentRow, TPrinterRow, TPrintjobRow, TUserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { randomCode, randomToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import {
  documentPagePng,
  removeDocument,
  setDocumentCopies,
  uploadDocument,
  type TIncomingFile,
} from '../documents/documents.service';
import { enqueueJob } from '../jobs/queue';
import { findPrinterById } from '../printers';
import { getPublicPrinter } from '../printers/printers.service';
import { ensureCurrentPrintjob, findPrintjobById } from '../printjobs';
import { updatePrintjobSettings, viewOf, type TJobView } from '../printjobs/printjobs.service';
import { EXPRESS_ABANDON_JOB } from './express-abandon';
import {
  findOrderByToken,
  findUserById,
  insertExpressOrder,
  insertGuestUser,
  linkPrintjobToOrder,
  type TExpressOrderRow,
} from './express-orders.repo';
import { expressPricesOf } from './express-pricing.service';
import { expressTransitionError } from './express-errors';

/** Guest accounts live under the reserved `.invalid` domain: nothing is ever mailed there. */
export const GUEST_EMAIL_DOMAIN = 'express.invalid';

const HOUR_MS = 3_600_000;

async function printerOrNotFound(db: TDb, printerId: number): Promise<TPrinterRow> {
  const printer = await findPrinterById(db, printerId);
  if (!printer) throw notFound();
  return printer;
}

/** What the express page shows of a printer: where it is, its prices and whether it prints now. */
export async function getExpressPrinter(
  ctx: TAppContext,
  printerId: number,
): Promise<TExpressPrinter> {
  const printer = await printerOrNotFound(ctx.db, printerId);
  const shown = await getPublicPrinter(ctx, printer.id);
  const prices = expressPricesOf(ctx, printer, ctx.config.payments.currency);
  const availability = shown.availability;
  return {
    id: printer.id,
    name: printer.name,
    full_name: printer.full_name,
    // The city is its own field (the page shows "street, city").
    address: `${printer.street} ${printer.house_number}, ${printer.postcode}`,
    city: shown.city,
    is_color: printer.is_color,
    prices: {
      mono_minor: prices.monoMinor,
      color_minor: prices.colorMinor,
      currency: prices.currency,
    },
    unavailable_reason:
      availability === 'disabled' || availability === 'maintenance' || availability === 'offline'
        ? availability
        : shown.open_now
          ? null
          : 'closed',
  };
}

/**
 * A new draft order at a printer: its guest account (never signs in, never mailed) and that
 * account's current print job, which the documents pipeline fills like anyone's. A draft never
 * paid is abandoned after EXPRESS_DRAFT_HOURS.
 */
export async function createExpressOrder(
  ctx: TAppContext,
  printerId: number,
  locale: TLocale,
  ip: string | null,
): Promise<TExpressOrderRow> {
  const order = await ctx.db.transaction().execute(async (trx) => {
    const printer = await printerOrNotFound(trx, printerId);
    const guest = await insertGuestUser(trx, {
      email: `guest-${randomToken().slice(0, 24).toLowerCase()}@${GUEST_EMAIL_DOMAIN}`,
      password_hash: null,
      role: 'guest',
      locale,
      referral_code: randomCode(12),
    });
    const job = await ensureCurrentPrintjob(trx, guest.id);
    const created = await insertExpressOrder(trx, {
      token: randomToken(),
      printer_id: printer.id,
      customer_email: null,
      status: 'draft',
      guest_user_id: guest.id,
      printjob_id: job.id,
      locale,
      document_count: 0,
      page_count: 0,
      price_minor: 0,
      currency: ctx.config.payments.currency,
    });
    await linkPrintjobToOrder(trx, job.id, created.id);
    await recordAudit(trx, {
      actorUserId: null,
      action: 'express_order.created',
      subject: ['express_order', created.id],
      details: { printer_id: printer.id },
      ip,
    });
    await enqueueJob(
      trx,
      EXPRESS_ABANDON_JOB,
      { orderId: created.id },
      {
        runAt: new Date(ctx.now().getTime() + ctx.config.express.draftHours * HOUR_MS),
        uniqueKey: `express-abandon:${created.id}`,
      },
    );
    return created;
  });
  return order;
}

/** The order a token names; any other token is "not found" (the token is the guest's key). */
export async function orderByToken(db: TDb, token: string): Promise<TExpressOrderRow> {
  const order = await findOrderByToken(db, token);
  if (!order) throw notFound();
  return order;
}

/** The guest account owning the order's documents and job. */
export async function guestOf(db: TDb, order: TExpressOrderRow): Promise<TUserRow> {
  const guest =
    order.guest_user_id === null ? undefined : await findUserById(db, order.guest_user_id);
  if (!guest) throw notFound();
  return guest;
}

/** Documents and settings change only while the order is a draft (the price is frozen after). */
async function draftOwner(ctx: TAppContext, token: string): Promise<TUserRow> {
  const order = await orderByToken(ctx.db, token);
  if (order.status !== 'draft') throw expressTransitionError('not_draft');
  return guestOf(ctx.db, order);
}

/** The guest's job with its documents, as the uploader shows it. */
export async function orderJobView(ctx: TAppContext, order: TExpressOrderRow): Promise<TJobView> {
  const guest = await guestOf(ctx.db, order);
  const job =
    order.printjob_id === null ? undefined : await findOrderJob(ctx, order.printjob_id, guest);
  if (!job) throw notFound();
  return viewOf(ctx, ctx.db, guest, job);
}

async function findOrderJob(
  ctx: TAppContext,
  printjobId: number,
  guest: TUserRow,
): Promise<TPrintjobRow | undefined> {
  const job = await findPrintjobById(ctx.db, printjobId);
  return job && job.user_id === guest.id ? job : undefined;
}

export async function uploadToOrder(
  ctx: TAppContext,
  token: string,
  file: TIncomingFile,
): Promise<{ job: TPrintjobRow; document: TDocumentRow }> {
  const guest = await draftOwner(ctx, token);
  return uploadDocument(ctx, guest, file);
}

/** Removes a document of a draft; 409 once the order left draft. */
export async function removeFromOrder(
  ctx: TAppContext,
  token: string,
  documentId: number,
): Promise<TDocumentRow> {
  const guest = await draftOwner(ctx, token);
  const removed = await removeDocument(ctx, guest, documentId);
  // Not removable although a draft: the checkout locked the job meanwhile.
  if (!removed) throw expressTransitionError('not_draft');
  return removed.document;
}

export async function setCopiesInOrder(
  ctx: TAppContext,
  token: string,
  documentId: number,
  copies: number,
): Promise<{ job: TPrintjobRow; document: TDocumentRow }> {
  const guest = await draftOwner(ctx, token);
  return setDocumentCopies(ctx, guest, documentId, copies);
}

export async function updateOrderSettings(
  ctx: TAppContext,
  token: string,
  input: TPrintjobSettingsInput,
): Promise<TJobView> {
  const order = await orderByToken(ctx.db, token);
  if (order.status !== 'draft') throw expressTransitionError('not_draft');
  const guest = await guestOf(ctx.db, order);
  if (order.printjob_id === null) throw notFound();
  return updatePrintjobSettings(ctx, guest, order.printjob_id, input);
}

/** A page preview of one of the order's documents (any status: the order page shows them). */
export async function orderPagePng(
  ctx: TAppContext,
  token: string,
  documentId: number,
  page: number,
): Promise<string> {
  const order = await orderByToken(ctx.db, token);
  if (order.documents_deleted_at) throw notFound();
  return documentPagePng(ctx, await guestOf(ctx.db, order), documentId, page);
}
