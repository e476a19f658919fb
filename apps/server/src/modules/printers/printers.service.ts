import type { TPrinterRow } from '../../db/schema';
import {
  AGENT_HEARTBEAT_MS,
  isOpenAt,
  printerCondition,
  type TPrinterCondition,
  type TPrinterAvailability,
  type TPrinterMap,
  type TPublicPrinter,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import {
  findCityOfPrinter,
  findPrinterById,
  listAllOpenHours,
  listCities,
  listOpenHours,
  listPrinters,
} from './printers.repo';

/** QUALITY.md: an agent is shown offline within 2 heartbeats + 5 s. */
export const OFFLINE_AFTER_MS = 2 * AGENT_HEARTBEAT_MS + 5_000;

/** The columns a printer's availability depends on (the metrics read only these). */
export type TPrinterAvailabilityFields = Pick<
  TPrinterRow,
  'decommissioned_at' | 'is_enabled' | 'maintenance_mode' | 'agent_last_seen_at' | 'agent_status'
>;

export function isPrinterOnline(
  printer: Pick<TPrinterRow, 'agent_last_seen_at'>,
  now: Date,
): boolean {
  return (
    printer.agent_last_seen_at !== null &&
    now.getTime() - printer.agent_last_seen_at.getTime() <= OFFLINE_AFTER_MS
  );
}

/**
 * What the device itself says, from its agent's latest report (printer-condition.ts): a printer
 * that never reported a state is taken as ready (its agent is online, which is checked first).
 */
function conditionOf(printer: Pick<TPrinterRow, 'agent_status'>): TPrinterCondition {
  return printer.agent_status ? printerCondition(printer.agent_status) : { kind: 'ready' };
}

/** The API's error code of each device problem that refuses releases. */
const ERROR_CODES: Record<Extract<TPrinterCondition, { kind: 'error' }>['problem'], string> = {
  out_of_paper: 'printer_out_of_paper',
  paper_jam: 'printer_paper_jam',
  out_of_toner: 'printer_out_of_toner',
  printer_error: 'printer_error',
  printer_unreachable: 'printer_unreachable',
};

/**
 * Why a printer cannot take a release now (decommissioned, disabled, maintenance, offline, or its device out of
 * paper, jammed, out of toner, stopped or unreachable), or null. A door left open does not
 * refuse: the job waits until it is closed.
 */
export function whyPrinterCannotPrint(printer: TPrinterRow, now: Date): AppError | null {
  if (printer.decommissioned_at)
    return new AppError(409, 'printer_decommissioned', 'printers.errors.decommissioned');
  if (!printer.is_enabled) return new AppError(409, 'printer_disabled', 'printers.errors.disabled');
  if (printer.maintenance_mode)
    return new AppError(409, 'printer_maintenance', 'printers.errors.maintenance');
  if (!isPrinterOnline(printer, now))
    return new AppError(409, 'printer_offline', 'printers.errors.offline');
  const condition = conditionOf(printer);
  if (condition.kind === 'error')
    return new AppError(
      409,
      ERROR_CODES[condition.problem],
      `printers.errors.${condition.problem}`,
    );
  return null;
}

/** Refuses a release to a printer that cannot print now, before any pages are reserved. */
export function assertPrinterCanPrint(printer: TPrinterRow, now: Date): void {
  const cannotPrint = whyPrinterCannotPrint(printer, now);
  if (cannotPrint) throw cannotPrint;
}

export function availabilityOf(
  printer: TPrinterAvailabilityFields,
  now: Date,
): TPrinterAvailability {
  // A decommissioned printer is shown to admins only (with its own flag); it takes no jobs.
  if (printer.decommissioned_at || !printer.is_enabled) return 'disabled';
  if (printer.maintenance_mode) return 'maintenance';
  if (!isPrinterOnline(printer, now)) return 'offline';
  const condition = conditionOf(printer);
  return condition.kind === 'ready' ? 'available' : condition.problem;
}

type TCity = { name: string; slug: string; timezone: string };

function presentHours(hours: Awaited<ReturnType<typeof listOpenHours>>) {
  return hours.map((h) => ({
    weekday: h.weekday,
    is_open: h.is_open,
    open_time: h.open_time?.slice(0, 5) ?? null,
    close_time: h.close_time?.slice(0, 5) ?? null,
  }));
}

function presentPrinter(
  ctx: TAppContext,
  printer: TPrinterRow,
  city: TCity,
  hours: ReturnType<typeof presentHours>,
): TPublicPrinter {
  const now = ctx.now();
  return {
    id: printer.id,
    name: printer.name,
    full_name: printer.full_name,
    description: printer.description,
    address: `${printer.street} ${printer.house_number}, ${printer.postcode} ${city.name}`,
    city: city.name,
    city_slug: city.slug,
    lat: printer.location_x,
    lon: printer.location_y,
    is_color: printer.is_color,
    is_copier: printer.is_copier,
    premium: printer.is_premium,
    availability: availabilityOf(printer, now),
    email: printer.email,
    // Every printer takes express orders: a guest prints there without an account (issue 13).
    express_url: `${ctx.config.publicUrl}/express/${printer.id}`,
    open_now: isOpenAt(hours, now, city.timezone),
    open_hours: hours,
  };
}

export async function getPublicPrinter(ctx: TAppContext, id: number): Promise<TPublicPrinter> {
  const printer = await findPrinterById(ctx.db, id);
  // A decommissioned printer is gone for the public (its page, the express page, the phone).
  if (!printer || printer.decommissioned_at) throw notFound();
  const city = await findCityOfPrinter(ctx.db, printer.city_id);
  return presentPrinter(ctx, printer, city, presentHours(await listOpenHours(ctx.db, printer.id)));
}

/** Every city and printer for the map, with each printer's live state and open-now. */
export async function getPrinterMap(ctx: TAppContext): Promise<TPrinterMap> {
  const cities = await listCities(ctx.db);
  const printers = (await listPrinters(ctx.db)).filter((p) => p.decommissioned_at === null);
  const hours = await listAllOpenHours(ctx.db);
  const cityById = new Map(cities.map((c) => [c.id, c]));
  const markers = printers.flatMap((printer) => {
    const city = cityById.get(printer.city_id);
    if (!city) return [];
    const p = presentPrinter(
      ctx,
      printer,
      city,
      presentHours(hours.filter((h) => h.printer_id === printer.id)),
    );
    return [
      {
        id: p.id,
        name: p.name,
        full_name: p.full_name,
        address: p.address,
        city: p.city,
        city_slug: p.city_slug,
        lat: p.lat,
        lon: p.lon,
        is_color: p.is_color,
        is_copier: p.is_copier,
        premium: p.premium,
        availability: p.availability,
        open_now: p.open_now,
      },
    ];
  });
  return {
    tiles: ctx.config.mapTiles,
    cities: cities.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      country: c.country,
      lat: c.lat,
      lon: c.lon,
      printer_count: markers.filter((m) => m.city_slug === c.slug).length,
    })),
    printers: markers,
  };
}
