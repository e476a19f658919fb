import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { shownAvailability, type TPrinterMarker } from '@printomat/shared';
import { ApiError } from '../api/client';
import { fetchPrinter, printerQueryKey } from '../api/printers-api';
import { useT } from '../i18n/use-t';
import { OpenHoursTable } from '../pages/printer/open-hours-table';
import { OpenNowText, useAvailabilityText } from './availability';

/**
 * Level 3: one printer. What the map already knows (name, address, state) shows at once; the
 * description, open hours, e-mail printing and express ordering come from `GET /api/printers/:id`
 * (the query its own page uses, so opening that page next needs no new request).
 */
export function PrinterDetailsPanel({
  printerId,
  marker,
}: {
  printerId: number;
  marker: TPrinterMarker | undefined;
}) {
  const t = useT();
  const availabilityText = useAvailabilityText();
  const hoursId = useId();
  const query = useQuery({
    queryKey: printerQueryKey(printerId),
    queryFn: () => fetchPrinter(printerId),
    retry: false,
  });
  const details = query.data;
  const notFound =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  const printer = details ?? marker;

  if (!printer) {
    if (notFound) {
      return (
        <div className="map-details" data-testid="map-printer-not-found">
          <h2 className="map-panel__title" tabIndex={-1}>
            {t('map.details.not_found')}
          </h2>
        </div>
      );
    }
    if (query.isError) {
      return (
        <p className="alert alert--error" role="alert">
          {t('map.details.load_failed')}
        </p>
      );
    }
    return (
      <p className="map-panel__loading" role="status">
        {t('common.loading')}
      </p>
    );
  }

  const shown = shownAvailability(printer.availability, printer.open_now);
  return (
    <div className="map-details" data-testid="map-printer-details">
      <h2 className="map-panel__title" tabIndex={-1}>
        {printer.name}
      </h2>
      {printer.full_name && printer.full_name !== printer.name && (
        <p className="map-details__full-name">{printer.full_name}</p>
      )}
      <p
        className={`map-state map-state--${shown}`}
        data-testid="map-availability"
        data-availability={shown}
      >
        {availabilityText(shown)}
      </p>
      <p className="map-details__open-now" data-testid="map-open-now">
        <OpenNowText openNow={printer.open_now} shown={shown} />
      </p>

      <dl className="details map-details__list">
        <div className="details__row">
          <dt>{t('map.details.address')}</dt>
          <dd data-testid="map-address">{printer.address}</dd>
        </div>
        {details?.description && (
          <div className="details__row">
            <dt>{t('map.details.description')}</dt>
            <dd className="map-details__description">{details.description}</dd>
          </div>
        )}
        <div className="details__row">
          <dt>{t('map.details.features')}</dt>
          <dd>
            <ul className="map-details__features" data-testid="map-features">
              <li>{printer.is_color ? t('map.details.colour') : t('map.details.black_white')}</li>
              {printer.is_copier && <li>{t('map.details.copier')}</li>}
            </ul>
          </dd>
        </div>
        {details?.email && (
          <div className="details__row">
            <dt>{t('map.details.email')}</dt>
            <dd>
              <a href={`mailto:${details.email}`} data-testid="map-email">
                {details.email}
              </a>
              <span className="map-details__hint">{t('map.details.email_hint')}</span>
            </dd>
          </div>
        )}
        {/* Issue 13: every printer has its express page (a guest pays for one job). */}
        <div className="details__row">
          <dt>{t('map.details.express')}</dt>
          <dd>
            <Link to={`/express/${printer.id}`} data-testid="map-express">
              {t('map.details.express_link')}
            </Link>
          </dd>
        </div>
      </dl>

      {details ? (
        <section className="map-details__hours" aria-labelledby={hoursId}>
          <h3 id={hoursId} className="map-details__subtitle">
            {t('map.details.hours')}
          </h3>
          <OpenHoursTable hours={details.open_hours} labelledBy={hoursId} />
        </section>
      ) : query.isError ? (
        <p className="alert alert--error" role="alert">
          {t('map.details.load_failed')}
        </p>
      ) : (
        <p className="map-panel__loading" role="status">
          {t('map.details.loading')}
        </p>
      )}

      <Link
        to={`/printers/${printer.id}`}
        className="button button--block button--accent"
        data-testid="map-print-here"
      >
        {t('printer_page.print.button')}
      </Link>
    </div>
  );
}
