import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { SIGN_OUT_PATH } from '../api/auth-api';
import { refreshSession, useCurrentUser } from '../api/session';
import { useAfterSignOut } from '../api/use-after-sign-out';
import { useT } from '../i18n/use-t';
import { LanguageSwitcher } from './language-switcher';
import { LogoMark } from './logo';
import { MethodLink } from './method-link';
import '../styles/public/header.css';

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'nav__link nav__link--active' : 'nav__link';
}

export function AppHeader() {
  const t = useT();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const afterSignOut = useAfterSignOut();

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="logo">
          <LogoMark />
          <span className="logo__name">{t('common.app_name')}</span>
        </Link>
        <nav className="nav" aria-label={t('common.nav.label')}>
          {/* Two groups: on phones the site's pages scroll sideways while the account's links
              (sign in / up, account, sign out) stay on screen in a row of their own. */}
          <div className="nav__main">
            {user && (
              <>
                <NavLink to="/" end className={navClass}>
                  {t('common.nav.home')}
                </NavLink>
                <NavLink to="/print" className={navClass}>
                  {t('common.nav.print')}
                </NavLink>
              </>
            )}
            <NavLink to="/map" className={navClass} data-testid="nav-find-printer">
              {t('site.nav.find_printer')}
            </NavLink>
            {!user && (
              // The landing page's printer section; a plain Link: NavLink would mark it active on `/`.
              <Link to="/#printers" className="nav__link" data-testid="nav-locations">
                {t('site.nav.locations')}
              </Link>
            )}
            <NavLink to="/business" end className={navClass} data-testid="nav-business">
              {t('site.nav.business')}
            </NavLink>
          </div>
          <div className="nav__account" data-testid="nav-account">
            {user ? (
              <>
                {user.role === 'business' && (
                  <NavLink
                    to="/business/account"
                    className={navClass}
                    data-testid="nav-business-account"
                  >
                    {t('business.account_link')}
                  </NavLink>
                )}
                {user.role === 'admin' && (
                  <NavLink to="/admin" className={navClass} data-testid="nav-admin">
                    {t('admin.title')}
                  </NavLink>
                )}
                <NavLink to="/account" className={navClass}>
                  {t('common.nav.account')}
                </NavLink>
                <MethodLink
                  href={SIGN_OUT_PATH}
                  method="post"
                  className="nav__link nav__link--button"
                  onDone={afterSignOut}
                  // E.g. the session had already expired: show the truth.
                  onError={() => void refreshSession(queryClient)}
                >
                  {t('auth.sign_out')}
                </MethodLink>
              </>
            ) : (
              <>
                <NavLink to="/sign-in" className={navClass}>
                  {t('auth.sign_in')}
                </NavLink>
                <NavLink to="/sign-up" className="button button--small">
                  {t('auth.sign_up')}
                </NavLink>
              </>
            )}
          </div>
        </nav>
        <LanguageSwitcher className="site-header__language" />
      </div>
    </header>
  );
}
