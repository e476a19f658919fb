import { formatDateTime, type TPrinterIncident } from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';

/** A printer's open incidents (alerts sent): what is wrong and since when; a dash when none. */
export function IncidentList({ incidents }: { incidents: readonly TPrinterIncident[] }) {
  const t = useT();
  const { locale } = useLocale();
  if (incidents.length === 0) return <>—</>;
  return (
    <ul className="admin-printers__incidents" data-testid="printer-incidents">
      {incidents.map((incident) => (
        <li key={incident.kind} data-kind={incident.kind}>
          <strong>{t(`admin_printers.incident.${incident.kind}`)}</strong>{' '}
          <span className="admin-printers__muted">
            {t('admin_printers.incident.since', {
              since: formatDateTime(locale, incident.started_at),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}
