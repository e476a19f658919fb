import { z } from 'zod';
import { ZAgentPrinterStatus } from './agent';
import { ZPrinterAvailability } from './printers';

// Administration of printers (spec sections 3 "Printer (admin)", 5 and 8). Messages on the
// schemas are catalog keys under `errors.`, shown at the form fields.

/** Postcode formats of the countries printers can stand in (ISO 3166-1 alpha-2). */
export const POSTCODE_PATTERNS = {
  PL: /^\d{2}-\d{3}$/,
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  FR: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
} as const satisfies Record<string, RegExp>;
export type TPrinterCountry = keyof typeof POSTCODE_PATTERNS;
export const PRINTER_COUNTRIES = Object.keys(POSTCODE_PATTERNS) as TPrinterCountry[];

export function isValidPostcode(country: string, postcode: string): boolean {
  const pattern = (POSTCODE_PATTERNS as Record<string, RegExp | undefined>)[country];
  return pattern !== undefined && pattern.test(postcode);
}

/** 'HH:MM', 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Images admins upload for a printer (location logo, printer photo). */
export const PRINTER_IMAGE_KINDS = ['logo', 'photo'] as const;
export type TPrinterImageKind = (typeof PRINTER_IMAGE_KINDS)[number];
export const MAX_PRINTER_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Required text. Unlike `zRequiredText` it does not abort the parse, so the cross-field checks
 * (postcode, open hours) still run and the admin sees every problem at once.
 */
const zRequiredText = (max: number) =>
  z.string({ error: 'blank' }).trim().min(1, { error: 'blank' }).max(max, { error: 'too_long' });

const zOptionalText = (max: number) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, { error: 'too_long' })
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional whole amount of minor units (0 to 100 000), blank meaning "not set". */
const zOptionalPriceMinor = z
  .number({ error: 'not_a_number' })
  .int({ error: 'not_an_integer' })
  .min(0, { error: 'invalid' })
  .max(100_000, { error: 'invalid' })
  .nullish()
  .transform((v) => v ?? null);

const zOptionalEmail = z
  .string({ error: 'invalid' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'too_long' })
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email({ error: 'invalid' }).nullable());

const zNumber = (min: number, max: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? 'blank' : 'invalid'),
    })
    .min(min, { error: 'invalid' })
    .max(max, { error: 'invalid' });

export const ZOpenHoursInput = z.object({
  weekday: z.number().int().min(1).max(7),
  is_open: z.boolean({ error: 'invalid' }),
  open_time: z.string().trim().nullish(),
  close_time: z.string().trim().nullish(),
});

/** Create and edit: every admin field; `direct_print_code` empty gets a random free code. */
export const ZAdminPrinterInput = z
  .object({
    name: zRequiredText(100),
    full_name: zRequiredText(200),
    description: z.string({ error: 'invalid' }).trim().max(2000, { error: 'too_long' }).default(''),
    country: zRequiredText(2).toUpperCase(),
    city_id: z.number({ error: 'blank' }).int({ error: 'blank' }).positive({ error: 'blank' }),
    street: zRequiredText(200),
    house_number: zRequiredText(20),
    postcode: zRequiredText(12).toUpperCase(),
    location_x: zNumber(-90, 90),
    location_y: zNumber(-180, 180),
    radius: z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? 'blank' : 'not_a_number',
      })
      .int({ error: 'not_an_integer' })
      .min(0, { error: 'invalid' })
      .max(100_000, { error: 'invalid' }),
    /**
     * The print-by-e-mail address. Blank: the server makes one from the name at the inbound mail
     * domain; typed: the server refuses any other domain (it only knows the domain).
     */
    email: zOptionalEmail,
    direct_print_code: z
      .string({ error: 'invalid' })
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(
        z
          .string()
          .regex(/^\d{4,10}$/, { error: 'invalid' })
          .nullable(),
      ),
    express_email: zOptionalEmail,
    /** Who looks after the printer on site: told of its alerts (offline, error, low supplies). */
    contact_email: zOptionalEmail,
    /** Express page prices in minor units (grosze); null: the configured default. */
    express_mono_price_minor: zOptionalPriceMinor,
    express_color_price_minor: zOptionalPriceMinor,
    is_color: z.boolean().default(false),
    is_copier: z.boolean().default(false),
    is_enabled: z.boolean().default(true),
    is_premium: z.boolean().default(false),
    minion_id: zOptionalText(64).pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{3,64}$/, { error: 'invalid' })
        .nullable(),
    ),
    maps_place_url: zOptionalText(500).pipe(
      z.url({ protocol: /^https?$/, error: 'invalid' }).nullable(),
    ),
    remove_logo: z.boolean().default(false),
    remove_photo: z.boolean().default(false),
    open_hours: z.array(ZOpenHoursInput).max(7).default([]),
  })
  .superRefine(
    (value, ctx) => {
      const country = value.country.trim().toUpperCase();
      const postcode = value.postcode.trim().toUpperCase();
      if (country && !(PRINTER_COUNTRIES as string[]).includes(country))
        ctx.addIssue({ code: 'custom', path: ['country'], message: 'invalid' });
      else if (country && postcode && !isValidPostcode(country, postcode))
        ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'invalid' });
      const seen = new Set<number>();
      value.open_hours.forEach((day, index) => {
        if (seen.has(day.weekday))
          ctx.addIssue({
            code: 'custom',
            path: ['open_hours', index, 'weekday'],
            message: 'taken',
          });
        seen.add(day.weekday);
        if (!day.is_open) return;
        const open = day.open_time ?? '';
        const close = day.close_time ?? '';
        const openOk = TIME_OF_DAY.test(open);
        const closeOk = TIME_OF_DAY.test(close);
        if (!openOk)
          ctx.addIssue({
            code: 'custom',
            path: ['open_hours', index, 'open_time'],
            message: open ? 'invalid_format' : 'blank',
          });
        if (!closeOk)
          ctx.addIssue({
            code: 'custom',
            path: ['open_hours', index, 'close_time'],
            message: close ? 'invalid_format' : 'blank',
          });
        if (openOk && closeOk && close <= open)
          ctx.addIssue({
            code: 'custom',
            path: ['open_hours', index, 'close_time'],
            message: 'close_before_open',
          });
      });
    },
    // Run also when other fields failed, so every problem is reported at once.
    { when: (payload) => whole(payload.value) },
  );

/** The cross-field checks need these shapes; other problems are reported by the fields. */
function whole(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.country === 'string' &&
    typeof v.postcode === 'string' &&
    Array.isArray(v.open_hours) &&
    ZOpenHoursInput.array().safeParse(v.open_hours).success
  );
}
export type TAdminPrinterInput = z.input<typeof ZAdminPrinterInput>;
export type TAdminPrinterValues = z.output<typeof ZAdminPrinterInput>;

export const ZAdminOpenHours = z.object({
  weekday: z.number().int(),
  is_open: z.boolean(),
  open_time: z.string().nullable(),
  close_time: z.string().nullable(),
});

/** One printer as the administration shows it. */
export const ZAdminPrinter = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  description: z.string(),
  country: z.string(),
  city_id: z.number().int(),
  city: z.string(),
  street: z.string(),
  house_number: z.string(),
  postcode: z.string(),
  location_x: z.number(),
  location_y: z.number(),
  radius: z.number().int(),
  email: z.string().nullable(),
  direct_print_code: z.string(),
  express_email: z.string().nullable(),
  contact_email: z.string().nullable(),
  express_mono_price_minor: z.number().int().nullable(),
  express_color_price_minor: z.number().int().nullable(),
  is_color: z.boolean(),
  is_copier: z.boolean(),
  is_enabled: z.boolean(),
  is_premium: z.boolean(),
  maintenance_mode: z.boolean(),
  api_version: z.number().int(),
  minion_id: z.string().nullable(),
  maps_place_url: z.string().nullable(),
  /** Where the image is served (admin only), with a version so a new upload shows at once. */
  logo_url: z.string().nullable(),
  photo_url: z.string().nullable(),
  has_agent_secret: z.boolean(),
  availability: ZPrinterAvailability,
  last_seen_at: z.string().nullable(),
  status: ZAgentPrinterStatus.nullable(),
  /** The version of the printer's agent, as its last hello said; null: none connected yet. */
  agent_version: z.string().nullable(),
  open_hours: z.array(ZAdminOpenHours),
  /** Taken out of service (off the map, refuses jobs, statistics kept); null: in service. */
  decommissioned_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminPrinter = z.infer<typeof ZAdminPrinter>;

/** The kinds of printer incident admins are alerted of (issue 18 point 5). */
export const PRINTER_INCIDENT_KINDS = ['offline', 'error', 'paper_low', 'toner_low'] as const;
export const ZPrinterIncident = z.object({
  kind: z.enum(PRINTER_INCIDENT_KINDS),
  /** An error's problem as first reported (printer-condition.ts), else null. */
  problem: z.string().nullable(),
  started_at: z.string(),
});
export type TPrinterIncident = z.infer<typeof ZPrinterIncident>;

/** The index row: where the printer is and its live state. */
export const ZAdminPrinterSummary = ZAdminPrinter.pick({
  id: true,
  name: true,
  full_name: true,
  city_id: true,
  city: true,
  direct_print_code: true,
  is_enabled: true,
  maintenance_mode: true,
  api_version: true,
  minion_id: true,
  availability: true,
  last_seen_at: true,
  decommissioned_at: true,
}).extend({
  /** printer-state from the last heartbeat, e.g. idle, processing, stopped. */
  printer_state: z.string().nullable(),
  reasons: z.array(z.string()),
  /** The lowest reported supply level in percent; null when none is reported. */
  lowest_supply_percent: z.number().nullable(),
  /** Its open incidents (alerts), oldest first: what is wrong and since when. */
  incidents: z.array(ZPrinterIncident),
});
export type TAdminPrinterSummary = z.infer<typeof ZAdminPrinterSummary>;

export const ZAdminPrinterIndex = z.object({
  printers: z.array(ZAdminPrinterSummary),
  cities: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
});
export type TAdminPrinterIndex = z.infer<typeof ZAdminPrinterIndex>;

export const ZPrinterMonthStats = z.object({
  month: z.string(),
  classic_color_pages: z.number(),
  classic_mono_pages: z.number(),
  express_color_pages: z.number(),
  express_mono_pages: z.number(),
  copy_color_pages: z.number(),
  copy_mono_pages: z.number(),
  scanned_pages: z.number(),
  printing_users: z.number(),
  copying_users: z.number(),
  scanning_users: z.number(),
});
export type TPrinterMonthStats = z.infer<typeof ZPrinterMonthStats>;

export const ZPrinterStatistics = z.object({
  availability: ZPrinterAvailability,
  last_seen_at: z.string().nullable(),
  status: ZAgentPrinterStatus.nullable(),
  months: z.array(ZPrinterMonthStats),
});
export type TPrinterStatistics = z.infer<typeof ZPrinterStatistics>;

export const ZDetectedPrinter = z.object({
  minion_id: z.string(),
  agent_version: z.string(),
  printer: ZAgentPrinterStatus.nullable(),
  remote_address: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** The printer an admin already gave this minion id (before the agent connected), if any. */
  claimed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TDetectedPrinter = z.infer<typeof ZDetectedPrinter>;

/** `POST /api/admin/printers/:id/maintenance`. */
export const ZMaintenanceInput = z.object({ enabled: z.boolean() });

/** `POST /api/admin/printers/:id/decommission`: take out of service (true) or bring back (false). */
export const ZDecommissionInput = z.object({ decommissioned: z.boolean() });
export type TDecommissionInput = z.infer<typeof ZDecommissionInput>;

/** A time zone the runtime knows (IANA name, e.g. Europe/Warsaw). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `POST /api/admin/cities` and `PUT /api/admin/cities/:id`: a city printers can be placed in. */
export const ZAdminCityInput = z.object({
  name: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank' })
    .max(100, { error: 'too_long' }),
  slug: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank' })
    .max(60, { error: 'too_long' })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'invalid' }),
  country: z
    .string({ error: 'blank' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'invalid' }),
  timezone: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank' })
    .refine(isTimeZone, { error: 'invalid' }),
  lat: z.coerce
    .number({ error: 'invalid' })
    .min(-90, { error: 'invalid' })
    .max(90, { error: 'invalid' }),
  lon: z.coerce
    .number({ error: 'invalid' })
    .min(-180, { error: 'invalid' })
    .max(180, { error: 'invalid' }),
});
export type TAdminCityInput = z.input<typeof ZAdminCityInput>;

export const ZAdminCity = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country: z.string(),
  timezone: z.string(),
  lat: z.number(),
  lon: z.number(),
  printer_count: z.number().int(),
});
export type TAdminCity = z.infer<typeof ZAdminCity>;
export const ZAdminCityList = z.object({ cities: z.array(ZAdminCity) });
export type TAdminCityList = z.infer<typeof ZAdminCityList>;
export type TMaintenanceInput = z.input<typeof ZMaintenanceInput>;

/** The id an agent dials in with (its Salt minion id, carried over from the old network). */
export const ZMinionId = z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, { error: 'invalid' });

/** `POST /api/admin/printers/:id/register_agent`: a detected agent becomes the printer's agent. */
export const ZRegisterAgentInput = z.object({ minion_id: ZMinionId });
export type TRegisterAgentInput = z.input<typeof ZRegisterAgentInput>;
export const ZRegisteredAgent = z.object({
  id: z.number(),
  minion_id: z.string(),
  api_version: z.number(),
});
export type TRegisteredAgent = z.infer<typeof ZRegisteredAgent>;

/** `POST /api/admin/printers/:id/agent_secret`: a new secret, shown once. */
export const ZAgentSecretInput = z.object({ minion_id: ZMinionId.optional() });
export type TAgentSecretInput = z.input<typeof ZAgentSecretInput>;
export const ZAgentSecret = z.object({ minion_id: z.string(), secret: z.string() });
export type TAgentSecret = z.infer<typeof ZAgentSecret>;

/** `GET /api/admin/printers/detected`. */
export const ZDetectedPrinterList = z.object({ detected: z.array(ZDetectedPrinter) });
export type TDetectedPrinterList = z.infer<typeof ZDetectedPrinterList>;
