import type { TPublicPrinter } from '@printomat/shared';
import { useT } from '../../i18n/use-t';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

type TOpenHours = TPublicPrinter['open_hours'][number];

/** Monday to Sunday; a day the server does not list, or lists as not open, is closed. */
export function OpenHoursTable({
  hours,
  labelledBy,
}: {
  hours: TPublicPrinter['open_hours'];
  labelledBy?: string;
}) {
  const t = useT();
  const byWeekday = new Map<number, TOpenHours>(hours.map((h) => [h.weekday, h]));

  function describe(day: TOpenHours | undefined): string {
    if (!day?.is_open) return t('printer_page.hours.closed');
    if (day.open_time === null && day.close_time === null) return t('printer_page.hours.all_day');
    return t('printer_page.hours.range', {
      open: day.open_time ?? '',
      close: day.close_time ?? '',
    });
  }

  return (
    <table className="open-hours" aria-labelledby={labelledBy} data-testid="open-hours">
      <tbody>
        {WEEKDAYS.map((name, index) => {
          const day = byWeekday.get(index + 1);
          const open = day?.is_open === true;
          return (
            <tr
              key={name}
              className={open ? undefined : 'open-hours__closed'}
              data-testid="open-hours-row"
              data-weekday={index + 1}
            >
              <th scope="row">{t(`printer_page.weekdays.${name}`)}</th>
              <td>{describe(day)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
