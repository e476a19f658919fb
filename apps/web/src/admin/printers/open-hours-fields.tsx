import type { TAdminPrinter } from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { FieldErrors } from '../../components/field-errors';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

type THours = TAdminPrinter['open_hours'];

/** Open hours Monday to Sunday; the server's messages appear at the day's times. */
export function OpenHoursFields({
  hours,
  errors,
}: {
  hours: THours;
  errors: Record<string, string[]>;
}) {
  const t = useT();
  return (
    <fieldset className="open-hours-fields" data-testid="open-hours-fields">
      <legend>{t('admin_printers.form.section_hours')}</legend>
      <table className="admin-table open-hours-fields__table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('admin_printers.form.section_hours')}</span>
            </th>
            <th scope="col">{t('admin_printers.form.is_open')}</th>
            <th scope="col">{t('admin_printers.form.open_time')}</th>
            <th scope="col">{t('admin_printers.form.close_time')}</th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((weekday, index) => {
            const day = hours.find((h) => h.weekday === weekday);
            const dayName = t(`admin_printers.weekdays.${weekday}`);
            return (
              <tr key={weekday} data-testid={`hours-${weekday}`}>
                <th scope="row">{dayName}</th>
                <td>
                  <input
                    type="checkbox"
                    name={`is_open_${weekday}`}
                    defaultChecked={day?.is_open ?? false}
                    aria-label={`${dayName}: ${t('admin_printers.form.is_open')}`}
                  />
                </td>
                {TIMES.map((time) => (
                  <TimeCell
                    key={time}
                    time={time}
                    weekday={weekday}
                    dayName={dayName}
                    value={day?.[`${time}_time`] ?? ''}
                    errors={errors[`open_hours.${index}.${time}_time`]}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}

/** The seven days as the server wants them, read from the form. */
export function readOpenHours(data: FormData) {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return WEEKDAYS.map((weekday) => {
    const isOpen = data.get(`is_open_${weekday}`) === 'on';
    return {
      weekday,
      is_open: isOpen,
      open_time: isOpen ? text(`open_time_${weekday}`) : null,
      close_time: isOpen ? text(`close_time_${weekday}`) : null,
    };
  });
}

const TIMES = ['open', 'close'] as const;

/** A day's opening or closing time, with the server's messages for it. */
function TimeCell({
  time,
  weekday,
  dayName,
  value,
  errors,
}: {
  time: (typeof TIMES)[number];
  weekday: number;
  dayName: string;
  value: string;
  errors: string[] | undefined;
}) {
  const t = useT();
  const errorId = `${time}-error-${weekday}`;
  return (
    <td className={errors ? 'field--invalid' : undefined}>
      <input
        type="time"
        className="field__input"
        name={`${time}_time_${weekday}`}
        defaultValue={value}
        aria-label={`${dayName}: ${t(`admin_printers.form.${time}_time`)}`}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} />
    </td>
  );
}
