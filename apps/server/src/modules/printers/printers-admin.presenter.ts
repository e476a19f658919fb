import type {
  TAdminPrinter,
  TAdminPrinterSummary,
  TAgentPrinterStatus,
  TPrinterImageKind,
} from '@printomat/shared';
import type { TPrinterOpenHoursTable } from '../../db/schema';
import type { TPrinterWithCity } from './printers-admin.repo';
import type { TIncidentRow } from './printer-alerts.repo';
import { availabilityOf } from './printers.service';

/** Where an image is served; the key in the query makes a replaced image load again. */
function imageUrl(printerId: number, kind: TPrinterImageKind, key: string | null): string | null {
  return key
    ? `/api/admin/printers/${printerId}/images/${kind}?v=${encodeURIComponent(key)}`
    : null;
}

/** The lowest level reported by any supply or marker (negative levels mean "unknown"). */
function lowestLevel(status: TAgentPrinterStatus | null): number | null {
  if (!status) return null;
  const levels = [
    ...status.supplies.map((s) => s.level ?? -1),
    ...status.markers.map((m) => m.level),
  ].filter((level) => level >= 0);
  return levels.length === 0 ? null : Math.min(...levels);
}

export function presentPrinterSummary(
  printer: TPrinterWithCity,
  now: Date,
  incidents: readonly TIncidentRow[] = [],
): TAdminPrinterSummary {
  return {
    id: printer.id,
    name: printer.name,
    full_name: printer.full_name,
    city_id: printer.city_id,
    city: printer.city_name,
    direct_print_code: printer.direct_print_code,
    is_enabled: printer.is_enabled,
    maintenance_mode: printer.maintenance_mode,
    api_version: printer.api_version,
    minion_id: printer.minion_id,
    availability: availabilityOf(printer, now),
    last_seen_at: printer.agent_last_seen_at?.toISOString() ?? null,
    decommissioned_at: printer.decommissioned_at?.toISOString() ?? null,
    printer_state: printer.agent_status?.state ?? null,
    reasons: printer.agent_status?.reasons ?? [],
    lowest_supply_percent: lowestLevel(printer.agent_status),
    incidents: incidents.map((i) => ({
      kind: i.kind,
      problem: i.problem,
      started_at: i.started_at.toISOString(),
    })),
  };
}

export function presentAdminPrinter(
  printer: TPrinterWithCity,
  hours: ReadonlyArray<TPrinterOpenHoursTable>,
  now: Date,
): TAdminPrinter {
  return {
    id: printer.id,
    name: printer.name,
    full_name: printer.full_name,
    description: printer.description,
    country: printer.country,
    city_id: printer.city_id,
    city: printer.city_name,
    street: printer.street,
    house_number: printer.house_number,
    postcode: printer.postcode,
    location_x: printer.location_x,
    location_y: printer.location_y,
    radius: printer.radius,
    email: printer.email,
    direct_print_code: printer.direct_print_code,
    express_email: printer.express_email,
    contact_email: printer.contact_email,
    express_mono_price_minor: printer.express_mono_price_minor,
    express_color_price_minor: printer.express_color_price_minor,
    is_color: printer.is_color,
    is_copier: printer.is_copier,
    is_enabled: printer.is_enabled,
    is_premium: printer.is_premium,
    maintenance_mode: printer.maintenance_mode,
    api_version: printer.api_version,
    minion_id: printer.minion_id,
    maps_place_url: printer.maps_place_url,
    logo_url: imageUrl(printer.id, 'logo', printer.logo_path),
    photo_url: imageUrl(printer.id, 'photo', printer.photo_path),
    has_agent_secret: printer.agent_secret_hash !== null,
    availability: availabilityOf(printer, now),
    last_seen_at: printer.agent_last_seen_at?.toISOString() ?? null,
    status: printer.agent_status,
    agent_version: printer.agent_version,
    decommissioned_at: printer.decommissioned_at?.toISOString() ?? null,
    open_hours: hours.map((h) => ({
      weekday: h.weekday,
      is_open: h.is_open,
      open_time: h.open_time?.slice(0, 5) ?? null,
      close_time: h.close_time?.slice(0, 5) ?? null,
    })),
    created_at: printer.created_at.toISOString(),
    updated_at: printer.updated_at.toISOString(),
  };
}
