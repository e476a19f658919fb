import { useT } from '../i18n/use-t';
import { usePwaState } from './pwa-state';
import { useMobileAppStart } from './use-mobile-app-start';
import { useOnline } from './use-online';
import './pwa.css';

/**
 * The app-wide parts of the installable app (main.tsx renders it beside the routes): the offline
 * notice, the "new version" banner, and recording a start of the installed app. Renders nothing
 * while hydrating a pre-rendered page (both states start as "online, no update").
 */
export function PwaShell() {
  const t = useT();
  const online = useOnline();
  const { activateUpdate } = usePwaState();
  useMobileAppStart();
  if (online && !activateUpdate) return null;
  return (
    <div className="pwa-notices">
      {!online && (
        <div className="pwa-notice pwa-notice--offline" role="status" data-testid="offline-notice">
          <p>{t('pwa.offline.notice')}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => window.location.reload()}
          >
            {t('pwa.offline.retry')}
          </button>
        </div>
      )}
      {activateUpdate && (
        <div className="pwa-notice" role="status" data-testid="update-banner">
          <p>{t('pwa.update.available')}</p>
          <button type="button" className="button button--small" onClick={activateUpdate}>
            {t('pwa.update.reload')}
          </button>
        </div>
      )}
    </div>
  );
}
