import type {
  TDiscountCode,
  ZDiscountCodeInput,
  ZDiscountCodeUpdateInput,
} from '@printomat/shared';
import type { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { randomCode } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import {
  codeExists,
  insertDiscountCode,
  lockDiscountCode,
  updateDiscountCodeRow,
  type TDiscountCodeRow,
} from './discount-codes.repo';

/** Random codes: 8 characters without look-alikes (0/O, 1/I/L), 32^8 ≈ 10^12 of them. */
const RANDOM_CODE_LENGTH = 8;

/** Today in UTC as YYYY-MM-DD: a code works through its expiration date. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function presentDiscountCode(row: TDiscountCodeRow, now: Date): TDiscountCode {
  const expired = row.expiration_date !== null && row.expiration_date < dayOf(now);
  return {
    id: row.id,
    code: row.code,
    percent: row.percent,
    expiration_date: row.expiration_date,
    active: row.active,
    number_of_uses: row.number_of_uses,
    uses: row.uses,
    is_usable: row.active && !expired && row.uses < row.number_of_uses,
    created_at: row.created_at.toISOString(),
  };
}

/** Adds a code; an empty code gets a random one. Codes are unique whatever their letter case. */
export async function createDiscountCode(
  ctx: TAppContext,
  actor: { admin: TUserRow },
  input: z.output<typeof ZDiscountCodeInput>,
): Promise<TDiscountCode> {
  const now = ctx.now();
  if (input.expiration_date !== undefined && input.expiration_date < dayOf(now))
    throw fieldError('expiration_date', 'invalid');
  return ctx.db.transaction().execute(async (trx) => {
    let code = input.code;
    if (code !== undefined) {
      if (await codeExists(trx, code)) throw fieldError('code', 'taken');
    } else {
      do code = randomCode(RANDOM_CODE_LENGTH);
      while (await codeExists(trx, code));
    }
    const row = await insertDiscountCode(trx, {
      code,
      percent: input.percent,
      expiration_date: input.expiration_date ?? null,
      active: input.active,
      number_of_uses: input.number_of_uses,
      created_by_user_id: actor.admin.id,
    });
    await recordAudit(trx, {
      actorUserId: actor.admin.id,
      action: 'discount_code.create',
      subject: ['discount_code', row.id],
      details: {
        code: row.code,
        percent: row.percent,
        expiration_date: row.expiration_date,
        active: row.active,
        number_of_uses: row.number_of_uses,
      },
    });
    return presentDiscountCode(row, now);
  });
}

/**
 * Changes a code's percent, expiry, number of uses and state (its text stays: paid orders and
 * receipts name it). A new expiry date cannot be in the past, and the number of uses cannot go
 * below the uses already counted. Orders already paid keep the discount they got.
 */
export async function updateDiscountCode(
  ctx: TAppContext,
  actor: { admin: TUserRow },
  id: number,
  input: z.output<typeof ZDiscountCodeUpdateInput>,
): Promise<TDiscountCode> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockDiscountCode(trx, id);
    if (!before) throw notFound();
    const expiration = input.expiration_date ?? null;
    if (expiration !== null && expiration !== before.expiration_date && expiration < dayOf(now))
      throw fieldError('expiration_date', 'invalid');
    if (input.number_of_uses < before.uses)
      throw fieldError('number_of_uses', 'greater_than', { count: before.uses - 1 });
    const row = await updateDiscountCodeRow(trx, id, {
      percent: input.percent,
      expiration_date: expiration,
      active: input.active,
      number_of_uses: input.number_of_uses,
    });
    await recordAudit(trx, {
      actorUserId: actor.admin.id,
      action: 'discount_code.update',
      subject: ['discount_code', row.id],
      details: {
        code: row.code,
        before: {
          percent: before.percent,
          expiration_date: before.expiration_date,
          active: before.active,
          number_of_uses: before.number_of_uses,
        },
        after: {
          percent: row.percent,
          expiration_date: row.expiration_date,
          active: row.active,
          number_of_uses: row.number_of_uses,
        },
      },
    });
    return presentDiscountCode(row, now);
  });
}

/** Switches a code off: it is refused from now on (an inactive code stays inactive, no audit). */
export async function deactivateDiscountCode(
  ctx: TAppContext,
  actor: { admin: TUserRow },
  id: number,
): Promise<TDiscountCode> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockDiscountCode(trx, id);
    if (!before) throw notFound();
    if (!before.active) return presentDiscountCode(before, now);
    const row = await updateDiscountCodeRow(trx, id, { active: false });
    await recordAudit(trx, {
      actorUserId: actor.admin.id,
      action: 'discount_code.deactivate',
      subject: ['discount_code', row.id],
      details: { code: row.code, uses: row.uses, number_of_uses: row.number_of_uses },
    });
    return presentDiscountCode(row, now);
  });
}

// Plain reads the routes show as they are (the route layer calls services, never a repo).
export { listDiscountCodes } from './discount-codes.repo';
