import { z } from 'zod';

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
   * `available`: can print now; `offline`: its agent has not reported recently; `disabled`;
   * `maintenance`. Only `available` accepts jobs.
   */
  availability: z.enum(['available', 'offline', 'disabled', 'maintenance']),
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
