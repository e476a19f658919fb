// Months and calendar dates of invoices, counted in the invoice time zone (config
// invoices.timezone, Europe/Warsaw): a purchase paid at 00:30 on 1 December in Warsaw (23:30 UTC
// on 30 November) belongs to December. Periods are 'YYYY-MM', dates 'YYYY-MM-DD'.

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPeriod(value: string): boolean {
  return PERIOD.test(value);
}

function parsePeriod(period: string): { year: number; month: number } {
  const match = PERIOD.exec(period);
  if (!match) throw new Error(`not a month: ${period}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const periodOfParts = (year: number, month: number) => `${year}-${pad(month)}`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of an instant in the time zone. */
function wallClock(at: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant (ms). */
function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1_000) * 1_000;
}

/** The instant of local midnight starting that calendar day in the time zone. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  // Twice: the offset at the guess may differ from the one at the answer (a DST change).
  let at = guess - offsetMs(new Date(guess), timeZone);
  at = guess - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function localDateOf(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The day of the month (1–31) of the instant in the time zone. */
export function localDayOf(at: Date, timeZone: string): number {
  return wallClock(at, timeZone).day;
}

/** 'YYYY-MM' of the instant in the time zone. */
export function periodOf(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return periodOfParts(w.year, w.month);
}

export function previousPeriod(period: string): string {
  const { year, month } = parsePeriod(period);
  return month === 1 ? periodOfParts(year - 1, 12) : periodOfParts(year, month - 1);
}

export function nextPeriod(period: string): string {
  const { year, month } = parsePeriod(period);
  return month === 12 ? periodOfParts(year + 1, 1) : periodOfParts(year, month + 1);
}

/** The month as instants: from its first local midnight (inclusive) to the next month's (exclusive). */
export function periodRange(period: string, timeZone: string): { from: Date; to: Date } {
  const { year, month } = parsePeriod(period);
  const next = parsePeriod(nextPeriod(period));
  return {
    from: localMidnight(year, month, 1, timeZone),
    to: localMidnight(next.year, next.month, 1, timeZone),
  };
}

/** 'YYYY-MM-DD' of the month's last day. */
export function lastDayOf(period: string): string {
  const { year, month } = parsePeriod(period);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${periodOfParts(year, month)}-${pad(days)}`;
}

/** 'YYYY/MM' as invoice numbers print the month. */
export function periodForNumber(period: string): string {
  const { year, month } = parsePeriod(period);
  return `${year}/${pad(month)}`;
}
