import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { FOOTER_GROUPS } from '../pages/public/footer-links';
import { LogoMark } from './logo';
import '../styles/public/footer.css';

export function AppFooter() {
  const t = useT();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <Link to="/" className="logo logo--muted">
            <LogoMark />
            <span className="logo__name">{t('common.app_name')}</span>
          </Link>
          <p className="site-footer__tagline">{t('common.footer.tagline')}</p>
        </div>
        <nav className="site-footer__links" aria-label={t('site.footer.label')}>
          {FOOTER_GROUPS.map((group) => (
            <div key={group.title} className="site-footer__group">
              <h2 className="site-footer__heading">{t(group.title)}</h2>
              <ul className="site-footer__list">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="site-footer__link">
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="site-footer__bottom container">
        <p className="site-footer__copy">
          {t('common.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
