import { timingSafeEqual } from 'node:crypto';
import {
  COLOR_PAGE_MULTIPLIER,
  DEVICE_SESSION_MINUTES,
  SCAN_UPLOAD_GRACE_MINUTES,
  type TAgentMessage,
  type TDeviceAction,
  type TDeviceAuthorization,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { hitRateLimit, refundRateLimit } from '../../http/rate-limit-store';
import { hashToken, randomToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { chargeDeviceCopy, deviceCopyCharge } from '../pages/page-reservations.service';
import { remainingPages } from '../pages/pages-ledger.service';
import { addMonthlyCounts, addMonthlyUser, findPrinterById, monthOf } from '../printers';
import { verifyDevicePin } from '../users';
import {
  findDeviceSessionWithPin,
  findScanSessionForUpload,
  insertDeviceSession,
  markDeviceSessionEnded,
} from './device-sessions.repo';

// Copying and scanning at the device (issue 16): the device's panel signs a person in with their
// numeric ID and PIN through the agent link; the server answers with a device session. Copies
// reported in the session are charged to the person on the pages ledger; a scan session's PDF is
// uploaded with the session's token (modules/scans).

const MINUTE_MS = 60_000;

/**
 * Wrong PINs allowed per typed ID and per printer in a fixed window (constants, not config: they
 * protect 4-digit PINs and nobody needs to tune them per installation). Every try is counted
 * before the PIN is checked and a right PIN takes its try back, so the (max + 1)th try within
 * the window is refused as `locked` without looking at the PIN, even when it is right.
 */
export const DEVICE_PIN_LIMITS = {
  perId: { max: 5, windowMs: 15 * MINUTE_MS },
  perPrinter: { max: 20, windowMs: 15 * MINUTE_MS },
} as const;
const BUCKET_ID = 'device_pin:uid';
const BUCKET_PRINTER = 'device_pin:printer';

/**
 * A copy report naming a session is charged up to this long after the session's end: when the
 * person signed out, or when it expired if that came first (nobody copies in a session after it
 * expired). Agents report a session's copies when it ends, or from their journal after a
 * reconnection or a restart, which may be hours later; later reports are counted in the
 * statistics without a person and not charged.
 */
export const COPY_REPORT_LATE_MS = 24 * 60 * MINUTE_MS;

/** When a session ended for charging: sign-out or expiry, whichever came first. */
function endOfSession(session: { ended_at: Date | null; expires_at: Date }): number {
  const expires = new Date(session.expires_at).getTime();
  return session.ended_at === null ? expires : Math.min(session.ended_at.getTime(), expires);
}

/**
 * The person's PIN was changed or removed (reset) after the session was opened: the session no
 * longer speaks for them (a leaked PIN's session stops charging them and uploading to them).
 */
function pinChangedSince(
  person: { pin_hash: string | null; pin_set_at: Date | null },
  openedAt: Date,
): boolean {
  return (
    person.pin_hash === null ||
    person.pin_set_at === null ||
    person.pin_set_at.getTime() > new Date(openedAt).getTime()
  );
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const refused = (
  reason: Extract<TDeviceAuthorization, { ok: false }>['reason'],
  retryAfterSeconds?: number,
): TDeviceAuthorization => ({
  ok: false,
  reason,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

/** A lockout is audited once, when the try that crosses the limit comes in. */
async function lockedOut(
  ctx: TAppContext,
  printerId: number,
  scope: 'id' | 'printer',
  uid: string,
  hit: { count: number; ttlMs: number },
  max: number,
): Promise<TDeviceAuthorization> {
  const retryAfterSeconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
  if (hit.count === max + 1) {
    ctx.log.warn({ printerId, uid, scope }, 'device PIN: too many wrong PINs, locked');
    await recordAudit(ctx.db, {
      actorUserId: null,
      action: 'device.pin_locked',
      subject: ['printer', printerId],
      details: { scope, uid, retry_after_seconds: retryAfterSeconds },
    });
  }
  return refused('locked', retryAfterSeconds);
}

/**
 * The device's panel asks to sign a person in with their ID and PIN, for copying or scanning.
 * Order: the printer must be in service (else `unavailable`) and a copier (`is_copier`: the
 * device copies and scans; else `not_supported`); the wrong-PIN limits per ID and per printer
 * are counted and checked before the PIN (`locked`); then the PIN (`invalid` for an unknown ID,
 * a wrong PIN or no PIN, never said which); a copy needs pages left (`no_pages`). A scan needs
 * none (scans are free) and gets an upload path with a fresh token.
 */
export async function authorizeDevice(
  ctx: TAppContext,
  printerId: number,
  request: { uid: string; pin: string; action: TDeviceAction },
): Promise<TDeviceAuthorization> {
  const printer = await findPrinterById(ctx.db, printerId);
  if (
    !printer ||
    !printer.is_enabled ||
    printer.maintenance_mode ||
    printer.decommissioned_at !== null
  )
    return refused('unavailable');
  if (!printer.is_copier) return refused('not_supported');

  const uid = request.uid.trim();
  const idKey = `uid:${uid}`;
  const printerKey = `printer:${printerId}`;
  const byId = await hitRateLimit(ctx.db, BUCKET_ID, idKey, DEVICE_PIN_LIMITS.perId.windowMs);
  if (byId.count > DEVICE_PIN_LIMITS.perId.max)
    return lockedOut(ctx, printerId, 'id', uid, byId, DEVICE_PIN_LIMITS.perId.max);
  const byPrinter = await hitRateLimit(
    ctx.db,
    BUCKET_PRINTER,
    printerKey,
    DEVICE_PIN_LIMITS.perPrinter.windowMs,
  );
  if (byPrinter.count > DEVICE_PIN_LIMITS.perPrinter.max) {
    // The PIN was not tried: this try does not count against the ID.
    await refundRateLimit(ctx.db, BUCKET_ID, idKey);
    return lockedOut(ctx, printerId, 'printer', uid, byPrinter, DEVICE_PIN_LIMITS.perPrinter.max);
  }

  const person = await verifyDevicePin(ctx.db, uid, request.pin);
  if (!person) {
    ctx.log.info({ printerId, uid }, 'device PIN: unknown ID or wrong PIN');
    return refused('invalid');
  }
  // A right PIN is not a wrong try.
  await refundRateLimit(ctx.db, BUCKET_ID, idKey);
  await refundRateLimit(ctx.db, BUCKET_PRINTER, printerKey);

  const now = ctx.now();
  const remaining = await remainingPages(ctx.db, person.userId, now);
  if (request.action === 'copy' && remaining <= 0) return refused('no_pages');
  // Colour copies cost COLOR_PAGE_MULTIPLIER pages each; colour scans cost nothing.
  const colorAllowed =
    request.action === 'scan' ? true : printer.is_color && remaining >= COLOR_PAGE_MULTIPLIER;
  const token = request.action === 'scan' ? randomToken() : null;
  const session = await insertDeviceSession(ctx.db, {
    printer_id: printerId,
    user_id: person.userId,
    action: request.action,
    color_allowed: colorAllowed,
    upload_token_hash: token === null ? null : hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + DEVICE_SESSION_MINUTES * MINUTE_MS),
  });
  return {
    ok: true,
    sessionId: session.id,
    userId: person.userId,
    action: request.action,
    remainingPages: Math.max(0, remaining),
    colorAllowed,
    expiresAt: new Date(session.expires_at).toISOString(),
    ...(token === null ? {} : { uploadPath: `/agent/scans/${session.id}?token=${token}` }),
  };
}

/** The person signed out at the panel: the session ends (only its own printer may end it). */
export async function endDeviceSession(
  ctx: TAppContext,
  printerId: number,
  sessionId: number,
): Promise<void> {
  if (!(await markDeviceSessionEnded(ctx.db, sessionId, printerId, ctx.now())))
    ctx.log.info({ printerId, sessionId }, 'session_end for no open session of this printer');
}

type TUsage = Extract<TAgentMessage, { type: 'usage' }>;

/** What a usage report naming a session did: charged to its person, or why not. */
export type TSessionUsage =
  { chargeable: true; userId: number; sessionId: number } | { chargeable: false; why: string };

/**
 * Whether a usage report's session may be charged: it must be a copy session of this printer
 * whose person still exists and has not changed or reset their PIN since the session opened,
 * reported within COPY_REPORT_LATE_MS of the session's end (sign-out or expiry).
 */
export async function sessionOfUsage(
  db: TDb,
  printerId: number,
  usage: TUsage & { sessionId: number },
  now: Date,
): Promise<TSessionUsage> {
  const session = await findDeviceSessionWithPin(db, usage.sessionId);
  if (!session || session.printer_id !== printerId)
    return { chargeable: false, why: 'not a session of this printer' };
  if (session.action !== 'copy' || usage.kind !== 'copy')
    return { chargeable: false, why: 'not a copy session' };
  if (session.user_id === null) return { chargeable: false, why: 'its person is gone' };
  if (pinChangedSince(session, session.created_at))
    return { chargeable: false, why: 'the PIN was changed or reset after the session opened' };
  if (now.getTime() - endOfSession(session) > COPY_REPORT_LATE_MS)
    return { chargeable: false, why: 'reported too late' };
  return { chargeable: true, userId: session.user_id, sessionId: session.id };
}

/**
 * Charges a copy report of a session (checked by `sessionOfUsage`) inside the caller's
 * transaction, which also claimed the report: monoPages + colorPages × COLOR_PAGE_MULTIPLIER
 * pages, as much of it as the person has (logged when short), and counts the copying person and
 * (unless `countPages` is false: a report over MAX_USAGE_PAGES_PER_REPORT) the pages in the
 * printer's monthly statistics. Answers the charge and what is left.
 */
export async function chargeSessionCopies(
  ctx: TAppContext,
  trx: TDb,
  printerId: number,
  usage: TUsage,
  session: { userId: number; sessionId: number },
  now: Date,
  countPages = true,
): Promise<{ charged: number; remainingPages: number }> {
  const cost = usage.monoPages + usage.colorPages * COLOR_PAGE_MULTIPLIER;
  const result = await chargeDeviceCopy(
    trx,
    {
      userId: session.userId,
      deviceSessionId: session.sessionId,
      usageReportId: usage.reportId,
      pages: cost,
    },
    now,
  );
  if (result.shortfall > 0)
    ctx.log.warn(
      { printerId, sessionId: session.sessionId, reportId: usage.reportId, cost, ...result },
      'copies cost more pages than the person had: charged what there was',
    );
  const month = monthOf(now);
  if (countPages)
    await addMonthlyCounts(trx, printerId, month, {
      copy_color_pages: usage.colorPages,
      copy_mono_pages: usage.monoPages,
    });
  await addMonthlyUser(trx, printerId, month, 'copying', session.userId);
  return {
    charged: result.charged,
    remainingPages: await remainingPages(trx, session.userId, now),
  };
}

/** A report already counted: what its session was charged for it then, and what is left now. */
export async function earlierSessionCharge(
  db: TDb,
  usage: TUsage,
  session: { userId: number; sessionId: number },
  now: Date,
): Promise<{ charged: number; remainingPages: number }> {
  return {
    charged: await deviceCopyCharge(db, session.sessionId, usage.reportId),
    remainingPages: await remainingPages(db, session.userId, now),
  };
}

/**
 * For the scans module: the scan session a PDF is uploaded to, if the token is its own, the
 * upload comes no later than SCAN_UPLOAD_GRACE_MINUTES after the session expired, its person
 * (not blocked, PIN not changed or reset since the session opened) and printer still exist;
 * null otherwise (the caller answers the same for all).
 */
export async function verifyScanUpload(
  db: TDb,
  sessionId: number,
  token: string,
  now: Date,
): Promise<{ sessionId: number; userId: number; printerId: number } | null> {
  const session = await findScanSessionForUpload(db, sessionId);
  if (!session || session.upload_token_hash === null) return null;
  if (!sameHex(session.upload_token_hash, hashToken(token))) return null;
  const deadline = new Date(session.expires_at).getTime() + SCAN_UPLOAD_GRACE_MINUTES * MINUTE_MS;
  if (now.getTime() > deadline) return null;
  if (session.user_id === null || session.printer_id === null || session.blocked_at !== null)
    return null;
  if (pinChangedSince(session, session.created_at)) return null;
  return { sessionId: session.id, userId: session.user_id, printerId: session.printer_id };
}

/** For the scans module: a delivered scan's pages and its person in the printer's statistics. */
export async function recordScanUsage(
  db: TDb,
  printerId: number,
  userId: number,
  pages: number,
  now: Date,
): Promise<void> {
  const month = monthOf(now);
  await addMonthlyCounts(db, printerId, month, { scanned_pages: pages });
  await addMonthlyUser(db, printerId, month, 'scanning', userId);
}
