import { useState } from 'react';
import { ADMIN_EXPORTS } from '@printomat/shared';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n/use-t';
import { exportUrl } from './operations-api';

/** The first day of this month and today (UTC), as the exports count days. */
function thisMonth(): { from: string; to: string } {
  const today = new Date().toISOString().slice(0, 10);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/**
 * CSV downloads for a date range (issue 17): plain links, so the browser downloads the file
 * with the session cookie; the server checks the range and says what is wrong.
 */
export function ExportsPage() {
  const t = useT();
  const [range, setRange] = useState(thisMonth);
  const ready = range.from !== '' && range.to !== '';
  return (
    <section className="ops" aria-labelledby="ops-exports-title">
      <PageTitle title={t('admin_support.exports.title')} />
      <h2 id="ops-exports-title">{t('admin_support.exports.title')}</h2>
      <section className="card">
        <p>{t('admin_support.exports.intro')}</p>
        <div className="ops-filters">
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className="field">
              <span className="field__label">{t(`admin_support.exports.${end}`)}</span>
              <input
                className="field__input"
                type="date"
                name={end}
                value={range[end]}
                onChange={(e) => setRange({ ...range, [end]: e.target.value })}
              />
            </label>
          ))}
        </div>
        {ready ? (
          <div className="ops-actions__buttons">
            {ADMIN_EXPORTS.map((kind) => (
              <a
                key={kind}
                className="button button--secondary"
                href={exportUrl(kind, range.from, range.to)}
                download
                data-testid={`export-${kind}`}
              >
                {t(`admin_support.exports.${kind}`)}
              </a>
            ))}
          </div>
        ) : (
          <p>{t('admin_support.exports.choose_dates')}</p>
        )}
        <p className="field__hint">{t('admin_support.exports.statistics_note')}</p>
      </section>
    </section>
  );
}
