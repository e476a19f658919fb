import { useT } from '../i18n/use-t';
import { LogoMark } from './logo';

export function AppFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <span className="logo logo--muted">
            <LogoMark />
            <span className="logo__name">{t('common.app_name')}</span>
          </span>
          <p className="site-footer__tagline">{t('common.footer.tagline')}</p>
        </div>
        <p className="site-footer__copy">
          {t('common.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
