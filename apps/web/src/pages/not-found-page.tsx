import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="not-found container">
      <PageTitle title={t('common.not_found.title')} />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{t('common.not_found.title')}</h1>
      <p className="not-found__text">{t('common.not_found.text')}</p>
      <Link to="/" className="button">
        {t('common.not_found.home')}
      </Link>
    </div>
  );
}
