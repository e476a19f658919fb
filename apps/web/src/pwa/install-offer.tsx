import { useT } from '../i18n/use-t';
import { showInstallPrompt } from './install-prompt';
import { isIos, isMobileDevice, isStandalone } from './platform';
import { usePwaState } from './pwa-state';
import './pwa.css';

/** The address people type on their phone (no scheme); empty while pre-rendering. */
const siteAddress = () => (typeof window === 'undefined' ? '' : window.location.host);

export type TInstallWay = 'installed' | 'prompt' | 'ios' | 'mobile' | 'desktop';

/** How this browser can install the app (pure: the component and its tests share it). */
export function installWay(options: {
  hasPrompt: boolean;
  installed: boolean;
  standalone: boolean;
  ios: boolean;
  mobile: boolean;
}): TInstallWay {
  if (options.installed || options.standalone) return 'installed';
  if (options.hasPrompt) return 'prompt';
  if (options.ios) return 'ios';
  return options.mobile ? 'mobile' : 'desktop';
}

/**
 * The dashboard's offer of the app to people who have not used it yet (spec section 6: "others
 * are told to download it"): the browser's own install prompt where there is one; on iPhone and
 * iPad the Share → Add to Home Screen steps; on other phones the browser menu; on a computer
 * the address to open on the phone.
 */
export function InstallOffer() {
  const t = useT();
  const { installPrompt, installed } = usePwaState();
  const way = installWay({
    hasPrompt: installPrompt !== null,
    installed,
    standalone: isStandalone(),
    ios: isIos(),
    mobile: isMobileDevice(),
  });
  return (
    <section className="install-offer" data-testid="install-offer" data-way={way}>
      <h2 className="install-offer__title">{t('pwa.install.title')}</h2>
      {way === 'installed' && <p>{t('pwa.install.installed')}</p>}
      {way === 'prompt' && installPrompt && (
        <>
          <p>{t('pwa.install.prompt_lead')}</p>
          <button
            type="button"
            className="button"
            data-testid="install-button"
            onClick={() => void showInstallPrompt(installPrompt)}
          >
            {t('pwa.install.button')}
          </button>
        </>
      )}
      {way === 'ios' && <p>{t('pwa.install.ios')}</p>}
      {way === 'mobile' && <p>{t('pwa.install.mobile')}</p>}
      {way === 'desktop' && <p>{t('pwa.install.desktop', { address: siteAddress() })}</p>}
    </section>
  );
}
