import type { ReactNode } from 'react';
import type { TMessageKey } from '@printomat/shared';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';

/** What the express pages show while their first answer is missing: unknown, failed, loading. */
export function ExpressNotFound(props: {
  testId: string;
  title: TMessageKey;
  text: TMessageKey;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="not-found container" data-testid={props.testId}>
      <PageTitle title={t(props.title)} />
      <h1 className="not-found__title">{t(props.title)}</h1>
      <p className="not-found__text">{t(props.text)}</p>
      {props.children}
    </div>
  );
}

export function ExpressLoadFailed() {
  const t = useT();
  return (
    <div className="container express-page">
      <p className="alert alert--error" role="alert">
        {t('express_page.load_failed')}
      </p>
    </div>
  );
}

export function ExpressLoading() {
  const t = useT();
  return <div className="container express-page page-loading">{t('express_page.loading')}</div>;
}
