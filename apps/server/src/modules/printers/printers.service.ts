import type { TPrinterRow } from '../../db/schema';
import type { TPublicPrinter } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { findPrinterById, listOpenHours } from './printers.repo';

export const HEARTBEAT_INTERVAL_MS = 15_000;
/** QUALITY.md: an agent is shown offline within 2 heartbeats + 5 s. */
export const OFFLINE_AFTER_MS = 2 * HEARTBEAT_INTERVAL_MS + 5_000;

export function isPrinterOnline(printer: TPrinterRow, now: Date): boolean {
  return (
    printer.agent_last_seen_at !== null &&
    now.getTime() - printer.agent_last_seen_at.getTime() <= OFFLINE_AFTER_MS
  );
}

/** Refuses a release to a printer that cannot print now, before any pages are reserved. */
export function assertPrinterCanPrint(printer: TPrinterRow, now: Date): void {
  if (!printer.is_enabled) throw new AppError(409, 'printer_disabled', 'printers.errors.disabled');
  if (printer.maintenance_mode)
    throw new AppError(409, 'printer_maintenance', 'printers.errors.maintenance');
  if (!isPrinterOnline(printer, now))
    throw new AppError(409, 'printer_offline', 'printers.errors.offline');
}

export function availabilityOf(printer: TPrinterRow, now: Date): TPublicPrinter['availability'] {
  if (!printer.is_enabled) return 'disabled';
  if (printer.maintenance_mode) return 'maintenance';
  return isPrinterOnline(printer, now) ? 'available' : 'offline';
}

export async function getPublicPrinter(ctx: TAppContext, id: number): Promise<TPublicPrinter> {
  const printer = await findPrinterById(ctx.db, id);
  if (!printer) throw notFound();
  const city = await ctx.db
    .selectFrom('cities')
    .select('name')
    .where('id', '=', printer.city_id)
    .executeTakeFirstOrThrow();
  const hours = await listOpenHours(ctx.db, printer.id);
  return {
    id: printer.id,
    name: printer.name,
    full_name: printer.full_name,
    description: printer.description,
    address: `${printer.street} ${printer.house_number}, ${printer.postcode} ${city.name}`,
    city: city.name,
    lat: printer.location_x,
    lon: printer.location_y,
    is_color: printer.is_color,
    is_copier: printer.is_copier,
    premium: printer.is_premium,
    availability: availabilityOf(printer, ctx.now()),
    open_hours: hours.map((h) => ({
      weekday: h.weekday,
      is_open: h.is_open,
      open_time: h.open_time?.slice(0, 5) ?? null,
      close_time: h.close_time?.slice(0, 5) ?? null,
    })),
  };
}
