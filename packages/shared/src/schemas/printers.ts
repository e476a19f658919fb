import { z } from 'zod';

export const PRINTER_AVAILABILITIES = [
  'available',
  'out_of_paper',
  'paper_jam',
  'out_of_toner',
  'printer_error',
  'printer_unreachable',
  'door_open',
  'offline',
  'disabled',
  'maintenance',
] as const;
export const ZPrinterAvailability = z.enum(PRINTER_AVAILABILITIES);
export type TPrinterAvailability = z.infer<typeof ZPrinterAvailability>;

/** What anyone may see of a printer (its page, the phone's "print here"). */
export const ZPublicPrinter = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
  is_color: z.boolean(),
  is_copier: z.boolean(),
  premium: z.boolean(),
  /**
   * `available`: can print now; `door_open`: a door or cover is open (jobs wait until it is
   * closed); `out_of_paper`, `paper_jam`, `out_of_toner`, `printer_error` (stopped),
   * `printer_unreachable`: its agent reports the device cannot print (printer-condition.ts);
   * `offline`: its agent has not reported recently; `disabled`; `maintenance`.
   * Only `available` and `door_open` accept jobs.
   */
  availability: ZPrinterAvailability,
  city_slug: z.string(),
  /** Documents e-mailed here are printed at this printer (null: not offered). */
  email: z.string().nullable(),
  /** Express orders for this printer are e-mailed here (null: not offered). */
  express_url: z.string().nullable(),
  /** Open right now in the printer's city time; null when its hours are not known. */
  open_now: z.boolean().nullable(),
  /** Open hours Monday (1) to Sunday (7), times as HH:MM in the printer's city time. */
  open_hours: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7),
      is_open: z.boolean(),
      open_time: z.string().nullable(),
      close_time: z.string().nullable(),
    }),
  ),
});
export type TPublicPrinter = z.infer<typeof ZPublicPrinter>;

/** The whole map in one answer: cities and every printer's marker with its live state. */
export const ZPrinterMap = z.object({
  /** Map tiles (Leaflet URL template) and their attribution; configurable on the server. */
  tiles: z.object({ url: z.string(), attribution: z.string() }),
  cities: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      country: z.string(),
      lat: z.number(),
      lon: z.number(),
      printer_count: z.number().int(),
    }),
  ),
  printers: z.array(
    ZPublicPrinter.pick({
      id: true,
      name: true,
      full_name: true,
      address: true,
      city: true,
      city_slug: true,
      lat: true,
      lon: true,
      is_color: true,
      is_copier: true,
      premium: true,
      availability: true,
      open_now: true,
    }),
  ),
});
export type TPrinterMap = z.infer<typeof ZPrinterMap>;
export type TPrinterMarker = TPrinterMap['printers'][number];

/** A person's suggestion of a new printer location (/modal/mailings/report_location). */
export const ZLocationSuggestionInput = z.object({
  place: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank' })
    .max(200, { error: 'too_long' }),
  address: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank' })
    .max(300, { error: 'too_long' }),
  city: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank' })
    .max(100, { error: 'too_long' }),
  comment: z.string().trim().max(2000, { error: 'too_long' }).default(''),
  email: z
    .union([
      z.literal(''),
      z.string().trim().max(254, { error: 'too_long' }).email({ error: 'invalid' }),
    ])
    .default(''),
});
export type TLocationSuggestionInput = z.input<typeof ZLocationSuggestionInput>;
