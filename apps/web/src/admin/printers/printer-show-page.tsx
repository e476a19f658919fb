import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime } from '@printomat/shared';
import { SuccessNotice } from '../../components/form-alert';
import { useLocale, useT } from '../../i18n/use-t';
import { adminPrinterKey, fetchAdminPrinter } from './admin-printers-api';
import { AvailabilityBadge } from './availability-badge';
import { PrinterActions } from './printer-actions';
import { PrinterInboundMail } from './printer-inbound-mail';
import type { TShowNotice } from './printer-form-page';
import { PrinterStatistics } from './printer-statistics';
import { WEEKDAYS } from './open-hours-fields';

/** One printer: details, images, open hours, live state, actions and statistics. */
export function PrinterShowPage() {
  const t = useT();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const location = useLocation();
  const notice = (location.state as TShowNotice | null)?.notice;
  const query = useQuery({
    queryKey: adminPrinterKey(id),
    queryFn: () => fetchAdminPrinter(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: 5_000,
  });
  if (!Number.isInteger(id) || id <= 0 || query.isError)
    return (
      <p className="alert alert--error" role="alert" data-testid="printer-not-found">
        {t('admin_printers.not_found')}
      </p>
    );
  if (!query.data) return <p>{t('admin_printers.loading')}</p>;
  const p = query.data;
  const none = t('admin_printers.show.none');
  const capabilities = [
    p.is_color ? t('admin_printers.show.color') : t('admin_printers.show.mono'),
    ...(p.is_copier ? [t('admin_printers.show.copier')] : []),
    ...(p.is_premium ? [t('admin_printers.show.premium')] : []),
  ].join(', ');

  return (
    <article className="admin-printers printer-show" aria-labelledby="printer-show-title">
      <p>
        <Link to="/admin/printers">{t('admin_printers.back_to_list')}</Link>
      </p>
      <div className="admin-printers__header">
        <div>
          <h2 id="printer-show-title">{p.name}</h2>
          <p className="admin-printers__muted">{p.full_name}</p>
        </div>
        <div className="admin-printers__actions">
          <AvailabilityBadge availability={p.availability} />
          {/* A plain link: the browser downloads the PDF with the session cookie (issue 16). */}
          <a
            className="button button--secondary"
            href={`/api/admin/printers/${p.id}/sticker.pdf`}
            download
            data-testid="printer-sticker"
          >
            {t('stickers.admin.download')}
          </a>
          <Link className="button" to="edit">
            {t('admin_printers.show.edit')}
          </Link>
        </div>
      </div>
      {notice && (
        <SuccessNotice>
          {notice === 'created' ? t('admin_printers.form.created') : t('admin_printers.form.saved')}
        </SuccessNotice>
      )}

      <div className="printer-show__columns">
        <section aria-labelledby="printer-details-title">
          <h3 id="printer-details-title">{t('admin_printers.show.details')}</h3>
          <dl className="printer-show__details" data-testid="printer-details">
            <dt>{t('admin_printers.show.address')}</dt>
            <dd>
              {p.street} {p.house_number}, {p.postcode} {p.city} ({p.country})
            </dd>
            <dt>{t('admin_printers.show.location')}</dt>
            <dd>
              {p.location_x}, {p.location_y} ·{' '}
              {t('admin_printers.show.radius', { radius: p.radius })}
              {p.maps_place_url && (
                <>
                  {' · '}
                  <a href={p.maps_place_url} target="_blank" rel="noreferrer noopener">
                    {t('admin_printers.show.maps')}
                  </a>
                </>
              )}
            </dd>
            <dt>{t('admin_printers.show.code')}</dt>
            <dd>
              <code data-testid="printer-code">{p.direct_print_code}</code>
            </dd>
            <dt>{t('admin_printers.show.minion')}</dt>
            <dd>{p.minion_id ?? none}</dd>
            <dt>{t('admin_printers.show.email')}</dt>
            <dd>{p.email ?? none}</dd>
            <dt>{t('admin_printers.show.express_email')}</dt>
            <dd>{p.express_email ?? none}</dd>
            <dt>{t('admin_printers.show.express_prices')}</dt>
            <dd data-testid="printer-express-prices">
              {t('admin_printers.show.express_prices_value', {
                mono: p.express_mono_price_minor ?? t('admin_printers.show.express_price_default'),
                colour:
                  p.express_color_price_minor ?? t('admin_printers.show.express_price_default'),
              })}
            </dd>
            <dt>{t('admin_printers.show.capabilities')}</dt>
            <dd>{capabilities}</dd>
            <dt>{t('admin_printers.show.enabled')}</dt>
            <dd>{p.is_enabled ? t('admin_printers.show.yes') : t('admin_printers.show.no')}</dd>
          </dl>
          {p.description && <p>{p.description}</p>}
          <h3>{t('admin_printers.show.open_hours')}</h3>
          {p.open_hours.length === 0 ? (
            <p>{t('admin_printers.show.no_hours')}</p>
          ) : (
            <table className="admin-table admin-table--compact" data-testid="printer-hours">
              <tbody>
                {WEEKDAYS.map((weekday) => {
                  const day = p.open_hours.find((h) => h.weekday === weekday);
                  return (
                    <tr key={weekday}>
                      <th scope="row">{t(`admin_printers.weekdays.${weekday}`)}</th>
                      <td>
                        {day?.is_open
                          ? `${day.open_time ?? ''}–${day.close_time ?? ''}`
                          : t('admin_printers.show.closed')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="printer-live-title">
          <h3 id="printer-live-title">{t('admin_printers.show.live')}</h3>
          <dl className="printer-show__details">
            <dt>{t('admin_printers.show.state')}</dt>
            <dd>
              <AvailabilityBadge availability={p.availability} />
            </dd>
            <dt>{t('admin_printers.show.printer_state')}</dt>
            <dd>
              {p.status
                ? [p.status.state, p.status.makeAndModel].filter(Boolean).join(' · ')
                : none}
            </dd>
            {p.status && p.status.reasons.length > 0 && (
              <>
                <dt>{t('admin_printers.show.reasons')}</dt>
                <dd>{p.status.reasons.join(', ')}</dd>
              </>
            )}
            <dt>{t('admin_printers.show.last_seen')}</dt>
            <dd>
              {p.last_seen_at ? formatDateTime(locale, p.last_seen_at) : t('admin_printers.never')}
            </dd>
            <dt>{t('admin_printers.show.agent_version')}</dt>
            <dd data-testid="printer-agent-version">{p.agent_version ?? none}</dd>
          </dl>
          <PrinterActions printer={p} />
          <div className="printer-show__images">
            {p.photo_url && (
              <img
                src={p.photo_url}
                alt={t('admin_printers.show.photo_alt', { name: p.name })}
                className="printer-show__photo"
                data-testid="printer-photo"
              />
            )}
            {p.logo_url && (
              <img
                src={p.logo_url}
                alt={t('admin_printers.show.logo_alt', { name: p.name })}
                className="printer-show__logo"
              />
            )}
          </div>
        </section>
      </div>

      <PrinterStatistics printerId={p.id} />
      <PrinterInboundMail printerId={p.id} address={p.email} />
    </article>
  );
}
