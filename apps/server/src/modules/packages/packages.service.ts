import { ZPackageInput, promoPrice, type TPackageInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPackageAudience } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import {
  findPackageCode,
  findActivePackageByCode,
  findActivePackages,
  findAllPackages,
  findPackageById,
  insertPackage,
  updatePackageRow,
  type TPackageRow,
} from './packages.repo';

type TActor = { userId: number; ip: string | null };

/** What the shop offers now. */
export function listActivePackages(db: TDb, audience?: TPackageAudience): Promise<TPackageRow[]> {
  return findActivePackages(db, audience);
}

export function listAllPackages(db: TDb): Promise<TPackageRow[]> {
  return findAllPackages(db);
}

/** A package that can be bought now; inactive or unknown ones are "not found". */
export async function findPurchasablePackage(db: TDb, id: number): Promise<TPackageRow> {
  const row = await findPackageById(db, id);
  if (!row || !row.is_active) throw notFound();
  return row;
}

export async function getPackageForAdmin(db: TDb, id: number): Promise<TPackageRow> {
  const row = await findPackageById(db, id);
  if (!row) throw notFound();
  return row;
}

function toValues(input: TPackageInput, defaultCurrency: string) {
  const p = ZPackageInput.parse(input);
  return {
    code: p.code,
    audience: p.audience,
    pages: p.pages,
    validity_days: p.validity_days,
    regular_price_minor: p.regular_price_minor,
    promo_percent: p.promo_percent,
    // Stored, not computed on read: a payment copies the price it was offered at.
    price_minor: promoPrice(p.regular_price_minor, p.promo_percent),
    currency: p.currency ?? defaultCurrency,
    is_popular: p.is_popular,
    is_active: p.is_active,
    sort_order: p.sort_order,
  };
}

async function assertCodeFree(
  db: TDb,
  values: { audience: TPackageAudience; code: string; is_active: boolean },
  exceptId?: number,
): Promise<void> {
  if (!values.is_active) return;
  const other = await findActivePackageByCode(db, values.audience, values.code);
  if (other && other.id !== exceptId) throw fieldError('code', 'taken');
}

export function createPackage(
  ctx: TAppContext,
  input: TPackageInput,
  actor: TActor,
): Promise<TPackageRow> {
  const values = toValues(input, ctx.config.payments.currency);
  return ctx.db.transaction().execute(async (trx) => {
    await assertCodeFree(trx, values);
    const row = await insertPackage(trx, values);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'package.create',
      subject: ['package', row.id],
      details: values,
      ip: actor.ip,
    });
    return row;
  });
}

/**
 * Changes a package. Payments already started keep the pages, validity and amount they copied
 * when they began, so an edit never changes what an earlier buyer gets.
 */
export function updatePackage(
  ctx: TAppContext,
  id: number,
  input: TPackageInput,
  actor: TActor,
): Promise<TPackageRow> {
  const values = toValues(input, ctx.config.payments.currency);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await getPackageForAdmin(trx, id);
    await assertCodeFree(trx, values, id);
    const row = await updatePackageRow(trx, id, values);
    if (!row) throw notFound();
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'package.update',
      subject: ['package', id],
      details: { before: toAuditable(before), after: values },
      ip: actor.ip,
    });
    return row;
  });
}

/** Takes a package off sale (kept for the payments that refer to it). */
export function deactivatePackage(
  ctx: TAppContext,
  id: number,
  actor: TActor,
): Promise<TPackageRow> {
  return ctx.db.transaction().execute(async (trx) => {
    await getPackageForAdmin(trx, id);
    const row = await updatePackageRow(trx, id, { is_active: false });
    if (!row) throw notFound();
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'package.deactivate',
      subject: ['package', id],
      ip: actor.ip,
    });
    return row;
  });
}

function toAuditable(row: TPackageRow) {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}

/** A package's code, whether on sale or not ('' when the package is gone): receipts name it. */
export async function packageCodeOf(db: TDb, packageId: number): Promise<string> {
  return (await findPackageCode(db, packageId)) ?? '';
}
