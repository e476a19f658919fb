import { describe, expect, it } from 'vitest';
import { isOpenAt, localWeekdayAndTime, shownAvailability } from './open-hours';

const weekdays = (open: string, close: string) =>
  [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    is_open: true,
    open_time: open,
    close_time: close,
  }));

describe('open hours', () => {
  it('reads the weekday and time in the printer’s city, not the server’s', () => {
    // Monday 2026-11-23 07:30 UTC is 08:30 in Warsaw.
    expect(localWeekdayAndTime(new Date('2026-11-23T07:30:00Z'), 'Europe/Warsaw')).toEqual({
      weekday: 1,
      time: '08:30',
    });
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin.
    expect(localWeekdayAndTime(new Date('2026-11-22T23:30:00Z'), 'Europe/Berlin').weekday).toBe(1);
  });

  it('is open between opening and closing time, closed before, after and on closed days', () => {
    const hours = [
      ...weekdays('09:00', '18:00'),
      { weekday: 6, is_open: false, open_time: null, close_time: null },
    ];
    const at = (iso: string) => isOpenAt(hours, new Date(iso), 'Europe/Warsaw');
    expect(at('2026-11-23T07:59:00Z')).toBe(false); // 08:59 local
    expect(at('2026-11-23T08:00:00Z')).toBe(true); // 09:00
    expect(at('2026-11-23T16:59:00Z')).toBe(true); // 17:59
    expect(at('2026-11-23T17:00:00Z')).toBe(false); // 18:00
    expect(at('2026-11-28T12:00:00Z')).toBe(false); // Saturday, closed
    expect(at('2026-11-29T12:00:00Z')).toBe(false); // Sunday, not listed
    expect(isOpenAt([], new Date(), 'Europe/Warsaw')).toBeNull();
  });
});

describe('shown availability', () => {
  it('shows a working printer at a closed place as closed, never available', () => {
    expect(shownAvailability('available', false)).toBe('closed');
    expect(shownAvailability('door_open', false)).toBe('closed');
    expect(shownAvailability('available', true)).toBe('available');
    expect(shownAvailability('available', null)).toBe('available');
    // A printer that cannot print says why, open or not.
    expect(shownAvailability('offline', false)).toBe('offline');
    expect(shownAvailability('out_of_paper', false)).toBe('out_of_paper');
  });
});
