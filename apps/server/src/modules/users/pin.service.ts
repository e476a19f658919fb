import { randomInt } from 'node:crypto';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH, type TPinInput, type TPinState } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound, type TFieldErrorSpec } from '../../http/errors';
import type { TRequestMeta } from '../../http/request-context';
import { announceUserChanged } from '../../http/session-cache';
import { dummyScryptHash, scryptHash, scryptVerify } from '../../lib/scrypt-hash';
import { recordAudit } from '../audit/audit.service';
import { findPinHolder, isPinUidTaken } from './pin.repo';
import { lockUserById, updateUser } from './users.repo';

// PIN and ID for copying and scanning at a printer (issue 16). The ID (`pin_uid`) is a random
// number given with the first PIN, unique, never the account id; the PIN (4-8 digits) is stored
// as a scrypt hash. A printer's panel sends both through its agent (verifyDevicePin).

/** What the PIN page shows: the ID, whether a PIN is set and since when. */
export function pinStateOf(user: TUserRow): TPinState {
  return {
    pin_uid: user.pin_uid,
    pin_set: user.pin_hash !== null,
    pin_set_at: user.pin_set_at ? user.pin_set_at.toISOString() : null,
    password_required: user.password_hash !== null,
  };
}

const DIGITS = /^\d+$/;

/**
 * PINs anyone would try first: one digit repeated (0000, 55555) and digits in a row up or down
 * (1234, 3456, 9876, 01234567). Refused on the PIN page; `setPin` (tests, tools) does not ask.
 */
export function isTrivialPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - (digits[i] as number));
  return steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/** The PIN field's messages (spec section 5's generic ones), all of them at once. */
function pinCodeErrors(pin: string): TFieldErrorSpec[] {
  if (pin === '') return [{ key: 'blank' }];
  const errors: TFieldErrorSpec[] = [];
  const length = [...pin].length;
  if (!DIGITS.test(pin)) errors.push({ key: 'not_a_number' });
  if (length < PIN_MIN_LENGTH) errors.push({ key: 'too_short', values: { count: PIN_MIN_LENGTH } });
  if (length > PIN_MAX_LENGTH) errors.push({ key: 'too_long', values: { count: PIN_MAX_LENGTH } });
  if (errors.length === 0 && isTrivialPin(pin)) errors.push({ key: 'pin.errors.too_simple' });
  return errors;
}

/**
 * PUT /ajax/user/pin: sets the first PIN (which gives the ID) or changes it (the ID stays). An
 * account with a password must give it (`old_password`); one without (Facebook sign-in) need not.
 * Every problem is answered at once, at its field.
 */
export async function changePin(
  ctx: TAppContext,
  user: TUserRow,
  input: TPinInput,
  meta: Pick<TRequestMeta, 'ip'>,
): Promise<TUserRow> {
  const pin = input.pin_code.trim();
  const confirmation = input.pin_code_confirmation.trim();
  const errors: Record<string, TFieldErrorSpec[]> = {};
  const pinErrors = pinCodeErrors(pin);
  if (pinErrors.length > 0) errors.pin_code = pinErrors;
  if (confirmation !== pin) errors.pin_code_confirmation = [{ key: 'pin.errors.confirmation' }];
  if (user.password_hash !== null) {
    const password = input.old_password ?? '';
    if (password === '') errors.old_password = [{ key: 'blank' }];
    else if (!(await scryptVerify(password, user.password_hash)))
      errors.old_password = [{ key: 'incorrect' }];
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(422, 'validation', 'errors.validation', undefined, errors);
  }
  return setPin(ctx, user.id, pin, meta);
}

/**
 * Stores `pin` (4-8 digits, else it throws) as the person's PIN; the first one also gives the ID.
 * No password, no "too simple" check: for the PIN page (changePin), tests and tools.
 */
export async function setPin(
  ctx: TAppContext,
  userId: number,
  pin: string,
  meta: Pick<TRequestMeta, 'ip'> = { ip: null },
): Promise<TUserRow> {
  if (!isWellFormedPin(pin)) throw new Error('a PIN is 4 to 8 digits');
  const pinHash = await scryptHash(pin);
  const updated = await withFreshUidRetry(() =>
    ctx.db.transaction().execute(async (trx) => {
      const user = await lockUserById(trx, userId);
      if (!user) throw notFound();
      const pinUid = user.pin_uid ?? (await freshPinUid(trx));
      const updated = await updateUser(trx, userId, {
        pin_uid: pinUid,
        pin_hash: pinHash,
        pin_set_at: ctx.now(),
      });
      await recordAudit(trx, {
        actorUserId: userId,
        action: 'pin.set',
        subject: ['user', userId],
        details: { first: user.pin_hash === null, pin_uid: pinUid },
        ip: meta.ip,
      });
      return updated;
    }),
  );
  await announceUserChanged(ctx, userId);
  return updated;
}

/**
 * POST /ajax/user/pin/reset: removes the PIN and gives a new ID, so the old ID stops working at
 * once (a lost or overlooked PIN). An account that never had an ID keeps having none.
 */
export async function resetPin(
  ctx: TAppContext,
  userId: number,
  meta: Pick<TRequestMeta, 'ip'>,
): Promise<TUserRow> {
  const updated = await withFreshUidRetry(() =>
    ctx.db.transaction().execute(async (trx) => {
      const user = await lockUserById(trx, userId);
      if (!user) throw notFound();
      if (user.pin_uid === null && user.pin_hash === null) return user;
      const pinUid = await freshPinUid(trx);
      const updated = await updateUser(trx, userId, {
        pin_uid: pinUid,
        pin_hash: null,
        pin_set_at: null,
      });
      await recordAudit(trx, {
        actorUserId: userId,
        action: 'pin.reset',
        subject: ['user', userId],
        details: { old_pin_uid: user.pin_uid, pin_uid: pinUid },
        ip: meta.ip,
      });
      return updated;
    }),
  );
  await announceUserChanged(ctx, userId);
  return updated;
}

const isWellFormedPin = (pin: string) =>
  DIGITS.test(pin) && pin.length >= PIN_MIN_LENGTH && pin.length <= PIN_MAX_LENGTH;
/** IDs are 6 digits at first (more after collisions, at most 8: the column's check). */
const isWellFormedUid = (uid: string) => /^[1-9]\d{5,7}$/.test(uid);

/**
 * For the printer's panel (agents module): the person whose ID and PIN these are, or null for a
 * malformed ID or PIN, an unknown ID, an account without PIN, a wrong PIN, a blocked account or
 * a guest account. Any well-formed try spends one scrypt, so timing tells nothing.
 */
export async function verifyDevicePin(
  db: TDb,
  uid: string,
  pin: string,
): Promise<{ userId: number } | null> {
  const id = uid.trim();
  const code = pin.trim();
  if (!isWellFormedUid(id) || !isWellFormedPin(code)) return null;
  const holder = await findPinHolder(db, Number(id));
  const matches = await scryptVerify(code, holder?.pin_hash ?? (await dummyScryptHash()));
  if (!matches || !holder?.pin_hash || holder.blocked_at !== null || holder.role === 'guest') {
    return null;
  }
  return { userId: holder.id };
}

/** A random unused ID: 6 digits; after a few collisions 7, then 8. */
async function freshPinUid(db: TDb): Promise<number> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const digits = attempt < 5 ? 6 : attempt < 15 ? 7 : 8;
    const candidate = randomInt(10 ** (digits - 1), 10 ** digits);
    if (!(await isPinUidTaken(db, candidate))) return candidate;
  }
  throw new Error('no free PIN ID found');
}

/** Two people given the same new ID at the same moment: the loser's transaction runs again. */
async function withFreshUidRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || round >= 5) throw error;
    }
  }
}
