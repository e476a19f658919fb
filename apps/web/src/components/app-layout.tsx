import { Outlet } from 'react-router';
import { useSession } from '../api/session';
import { useT } from '../i18n/use-t';
import { ModalProvider } from '../modal/modal-context';
import { ModalHost } from '../modal/modal-host';
import type { TModalEntry } from '../modal/modal-types';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import '../styles/public/site.css';

/** Shell of every page: header, main content, footer, and the one shared dialog. */
export function AppLayout({ modalRegistry }: { modalRegistry?: readonly TModalEntry[] }) {
  const t = useT();
  const session = useSession();
  return (
    <ModalProvider registry={modalRegistry}>
      <a href="#main" className="skip-link">
        {t('common.skip_to_content')}
      </a>
      <AppHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {session.isPending ? <PageLoading /> : <Outlet />}
      </main>
      <AppFooter />
      <ModalHost />
    </ModalProvider>
  );
}

export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading container" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}
