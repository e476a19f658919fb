import type { TPrinterAvailability } from '../schemas/printers';

/** One weekday's hours: 1 = Monday ... 7 = Sunday; times as HH:MM in the printer's city time. */
export interface TOpenHours {
  weekday: number;
  is_open: boolean;
  open_time: string | null;
  close_time: string | null;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The weekday and HH:MM of `at` in `timeZone`. */
export function localWeekdayAndTime(at: Date, timeZone: string): { weekday: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS[get('weekday')] ?? 1, time: `${get('hour')}:${get('minute')}` };
}

/** Whether the place is open at `at`; null when its hours are not known. */
export function isOpenAt(hours: readonly TOpenHours[], at: Date, timeZone: string): boolean | null {
  if (hours.length === 0) return null;
  const { weekday, time } = localWeekdayAndTime(at, timeZone);
  const day = hours.find((h) => h.weekday === weekday);
  if (!day || !day.is_open || !day.open_time || !day.close_time) return false;
  return time >= day.open_time.slice(0, 5) && time < day.close_time.slice(0, 5);
}

/**
 * What a person is told of a printer: its own availability, except that a printer that would take
 * a job but whose place is closed by its opening hours is shown `closed`, never "Available" next
 * to "Closed now". Closed places still take jobs (decisions.md, "Printing outside opening hours"):
 * the job waits at the printer until it is printed or expires, as express orders always did.
 */
export type TShownAvailability = TPrinterAvailability | 'closed';

export function shownAvailability(
  availability: TPrinterAvailability,
  openNow: boolean | null,
): TShownAvailability {
  if (openNow === false && (availability === 'available' || availability === 'door_open'))
    return 'closed';
  return availability;
}
