import type { TPrinterRow } from '../../db/schema';
import { AppError } from '../../http/errors';

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
