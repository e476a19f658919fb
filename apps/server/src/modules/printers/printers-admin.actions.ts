import type { Readable } from 'node:stream';
import type { TAdminPrinter, TPrinterImageKind, TPrinterStatistics } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { runDecommissionReactions } from './printer-decommission.service';
import { listMonthlyStats } from './printer-stats.repo';
import { contentTypeOf, PrinterImageStore } from './printers-admin.images';
import { lockPrinter, updatePrinterRow } from './printers-admin.repo';
import { getAdminPrinter } from './printers-admin.service';
import { findPrinterById } from './printers.repo';
import { availabilityOf } from './printers.service';

/** Spec section 4: maintenance on blocks printing at once (releases read the flag). */
export async function setMaintenance(
  ctx: TAppContext,
  actorUserId: number,
  id: number,
  enabled: boolean,
): Promise<TAdminPrinter> {
  await ctx.db.transaction().execute(async (trx) => {
    const printer = await lockPrinter(trx, id);
    if (!printer) throw notFound();
    if (printer.maintenance_mode === enabled) return;
    await updatePrinterRow(trx, id, { maintenance_mode: enabled, updated_at: ctx.now() });
    await recordAudit(trx, {
      actorUserId,
      action: enabled ? 'printer.maintenance_on' : 'printer.maintenance_off',
      subject: ['printer', id],
    });
  });
  return getAdminPrinter(ctx, id);
}

/**
 * Takes a printer out of service (off the map and its page, refuses releases and express
 * printing, no alerts) or brings it back: reversible, since a printer may be moved or repaired.
 * The row, its statistics and its jobs stay. Jobs still waiting there (released, not started)
 * end in the same transaction as an expired job does: their pages go back, the agent drops them,
 * their owners get a mail (the print jobs module's reaction, see printer-decommission.service.ts);
 * nobody should wait hours with pages held for a printer that will not print.
 */
export async function setDecommissioned(
  ctx: TAppContext,
  actorUserId: number,
  id: number,
  decommissioned: boolean,
): Promise<TAdminPrinter> {
  const afterCommit = await ctx.db.transaction().execute(async (trx) => {
    const printer = await lockPrinter(trx, id);
    if (!printer) throw notFound();
    if ((printer.decommissioned_at !== null) === decommissioned) return undefined;
    const now = ctx.now();
    const changes = { decommissioned_at: decommissioned ? now : null, updated_at: now };
    await updatePrinterRow(trx, id, changes);
    await recordAudit(trx, {
      actorUserId,
      action: decommissioned ? 'printer.decommissioned' : 'printer.recommissioned',
      subject: ['printer', id],
    });
    return decommissioned
      ? runDecommissionReactions(ctx, trx, { ...printer, ...changes })
      : undefined;
  });
  await afterCommit?.();
  return getAdminPrinter(ctx, id);
}

/**
 * Spec section 4: a printer moves to API V3 (jobs through the agent) when it is not V3 yet and
 * has a minion_id. Conversion also needs a working agent: a secret issued for it and at least
 * one connection, else the printer would stop printing; the reason is given.
 */
export async function convertToV3(
  ctx: TAppContext,
  actorUserId: number,
  id: number,
): Promise<TAdminPrinter> {
  await ctx.db.transaction().execute(async (trx) => {
    const printer = await lockPrinter(trx, id);
    if (!printer) throw notFound();
    if (printer.api_version === 3)
      throw new AppError(409, 'already_v3', 'admin_printers.errors.already_v3');
    if (!printer.minion_id)
      throw new AppError(409, 'v3_needs_minion_id', 'admin_printers.errors.v3_needs_minion_id');
    const reason = !printer.agent_secret_hash
      ? 'no_agent_secret'
      : printer.agent_last_seen_at === null
        ? 'agent_never_connected'
        : null;
    if (reason)
      throw new AppError(409, 'v3_conversion_failed', 'admin_printers.errors.v3_failed', {
        reason,
      });
    await updatePrinterRow(trx, id, { api_version: 3, updated_at: ctx.now() });
    await recordAudit(trx, {
      actorUserId,
      action: 'printer.convert_v3',
      subject: ['printer', id],
      details: { minion_id: printer.minion_id },
    });
  });
  return getAdminPrinter(ctx, id);
}

export async function getPrinterStatistics(
  ctx: TAppContext,
  id: number,
): Promise<TPrinterStatistics> {
  const printer = await findPrinterById(ctx.db, id);
  if (!printer) throw notFound();
  const months = await listMonthlyStats(ctx.db, printer.id);
  return {
    availability: availabilityOf(printer, ctx.now()),
    last_seen_at: printer.agent_last_seen_at?.toISOString() ?? null,
    status: printer.agent_status,
    months: months.map((m) => ({
      month: m.month,
      classic_color_pages: m.classicColorPages,
      classic_mono_pages: m.classicMonoPages,
      express_color_pages: m.expressColorPages,
      express_mono_pages: m.expressMonoPages,
      copy_color_pages: m.copyColorPages,
      copy_mono_pages: m.copyMonoPages,
      scanned_pages: m.scannedPages,
      printing_users: m.printingUsers,
      copying_users: m.copyingUsers,
      scanning_users: m.scanningUsers,
    })),
  };
}

/** The file of a printer's logo or photo, for the admin screens. */
export async function printerImageFile(
  ctx: TAppContext,
  id: number,
  kind: TPrinterImageKind,
): Promise<{ stream: Readable; size: number; contentType: string }> {
  const printer = await findPrinterById(ctx.db, id);
  const key = kind === 'logo' ? printer?.logo_path : printer?.photo_path;
  if (!key) throw notFound();
  const stored = await new PrinterImageStore(ctx.storage).open(key);
  if (!stored) throw notFound();
  return { ...stored, contentType: contentTypeOf(key) };
}
