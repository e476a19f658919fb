import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { shownAvailability, type TPublicPrinter } from '@printomat/shared';
import { ApiError } from '../api/client';
import { fetchPrinter, printerQueryKey } from '../api/printers-api';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';
import { OpenHoursTable } from './printer/open-hours-table';
import { PrintHerePanel } from './printer/print-here-panel';

/** A positive whole number from the address, or null (`/printers/abc` is not a printer). */
function parsePrinterId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * `/printers/:id`, public: the page the QR code on a printer opens. Where the printer is, whether
 * it can print now, its open hours, and "Print here" for a signed-in person's confirmed job.
 */
export function PrinterPage() {
  const t = useT();
  const printerId = parsePrinterId(useParams().id);
  const query = useQuery({
    queryKey: printerQueryKey(printerId ?? 0),
    queryFn: () => fetchPrinter(printerId ?? 0),
    enabled: printerId !== null,
    retry: false,
  });

  const notFound =
    printerId === null ||
    (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  if (notFound) {
    return (
      <div className="not-found container" data-testid="printer-not-found">
        <PageTitle title={t('printer_page.not_found.title')} />
        <h1 className="not-found__title">{t('printer_page.not_found.title')}</h1>
        <p className="not-found__text">{t('printer_page.not_found.text')}</p>
        <Link to="/" className="button">
          {t('common.not_found.home')}
        </Link>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="container printer-page">
        <p className="alert alert--error" role="alert">
          {t('printer_page.load_failed')}
        </p>
      </div>
    );
  }
  if (!query.data) {
    return <div className="container printer-page page-loading">{t('common.loading')}</div>;
  }
  return <PrinterDetails printer={query.data} />;
}

function PrinterDetails({ printer }: { printer: TPublicPrinter }) {
  const t = useT();
  // A closed place is shown as closed, never "Available" (the hours are on this page too).
  const shown = shownAvailability(printer.availability, printer.open_now);
  const availability = {
    available: t('printer_page.availability.available'),
    door_open: t('printer_page.availability.door_open'),
    closed: t('printer_page.availability.closed'),
    out_of_paper: t('printers.errors.out_of_paper'),
    paper_jam: t('printers.errors.paper_jam'),
    out_of_toner: t('printers.errors.out_of_toner'),
    printer_error: t('printers.errors.printer_error'),
    printer_unreachable: t('printers.errors.printer_unreachable'),
    offline: t('printers.errors.offline'),
    disabled: t('printers.errors.disabled'),
    maintenance: t('printers.errors.maintenance'),
  }[shown];

  return (
    <div className="container printer-page" data-testid="printer-page">
      <PageTitle title={printer.name} />
      <header className="printer-page__header">
        <h1 className="page-title printer-page__name" data-testid="printer-name">
          {printer.name}
        </h1>
        {printer.full_name && printer.full_name !== printer.name && (
          <p className="printer-page__full-name" data-testid="printer-full-name">
            {printer.full_name}
          </p>
        )}
        <ul
          className="printer-page__badges"
          aria-label={t('printer_page.badges.label')}
          data-testid="printer-badges"
        >
          <li className={`badge${printer.is_color ? ' badge--colour' : ''}`}>
            {printer.is_color
              ? t('printer_page.badges.colour')
              : t('printer_page.badges.black_white')}
          </li>
          {printer.is_copier && <li className="badge">{t('printer_page.badges.copier')}</li>}
        </ul>
      </header>

      <p
        className={`banner printer-page__availability ${
          shown === 'available'
            ? 'banner--info'
            : shown === 'closed'
              ? 'banner--warning'
              : 'banner--danger'
        }`}
        role="status"
        data-testid="printer-availability"
        data-availability={shown}
      >
        {availability}
      </p>

      <div className="printer-page__grid">
        <PrintHerePanel printerId={printer.id} />
        <section className="card" aria-labelledby="printer-details-title">
          <h2 id="printer-details-title" className="card__title">
            {t('printer_page.details.title')}
          </h2>
          <dl className="details">
            <div className="details__row">
              <dt>{t('printer_page.details.address')}</dt>
              <dd data-testid="printer-address">{printer.address}</dd>
            </div>
            {printer.email && (
              <div className="details__row">
                <dt>{t('printer_page.details.email')}</dt>
                <dd data-testid="printer-email">
                  <a href={`mailto:${printer.email}`}>{printer.email}</a>
                  <p className="printer-page__hint">
                    {t('printer_page.details.email_hint', { address: printer.email })}
                  </p>
                </dd>
              </div>
            )}
            {printer.description && (
              <div className="details__row">
                <dt>{t('printer_page.details.description')}</dt>
                <dd className="printer-page__description" data-testid="printer-description">
                  {printer.description}
                </dd>
              </div>
            )}
          </dl>
        </section>
        <section className="card" aria-labelledby="printer-hours-title">
          <h2 id="printer-hours-title" className="card__title">
            {t('printer_page.hours.title')}
          </h2>
          <OpenHoursTable hours={printer.open_hours} labelledBy="printer-hours-title" />
        </section>
      </div>
    </div>
  );
}
