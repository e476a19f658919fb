import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { PublicPageHead } from './public-page-head';
import { ArrowLink, PublicHero, usePageScroll } from './public-layout';
import '../../styles/public/faq.css';

const QUESTIONS = [
  'how',
  'files',
  'price',
  'color',
  'validity',
  'payment',
  'free',
  'code',
  'email',
  'copy_scan',
  'failed',
  'documents',
  'business',
] as const;

/** Where an answer's topic is explained at length. */
const MORE: Partial<
  Record<
    (typeof QUESTIONS)[number],
    { to: string; label: 'tutorial' | 'packages' | 'get_pages' | 'business' }
  >
> = {
  how: { to: '/tutorial', label: 'tutorial' },
  validity: { to: '/kup-pakiet', label: 'packages' },
  free: { to: '/zdobadz-strony', label: 'get_pages' },
  business: { to: '/business', label: 'business' },
};

const MORE_LABEL = {
  tutorial: 'site.footer.tutorial',
  packages: 'site.footer.buy_package',
  get_pages: 'site.footer.get_pages',
  business: 'site.footer.business',
} as const;

/** `/faq`: questions as disclosure widgets (work without JavaScript, and on the server). */
export function FaqPage() {
  const t = useT();
  usePageScroll();
  return (
    <div className="public-page" data-testid="faq-page">
      <PublicPageHead path="/faq" />
      <PublicHero
        icon="chat"
        eyebrow={t('content.faq.eyebrow')}
        title={t('content.faq.title')}
        lead={t('content.faq.lead')}
      />
      <div className="public-page__body public-page__body--narrow container">
        <div className="faq-list">
          {QUESTIONS.map((id, index) => {
            const more = MORE[id];
            return (
              <details key={id} className="faq-item" data-testid="faq-item" open={index === 0}>
                <summary className="faq-item__question">
                  <h2 className="faq-item__title">{t(`content.faq.${id}.q`)}</h2>
                </summary>
                <div className="faq-item__answer">
                  <p>{t(`content.faq.${id}.a`)}</p>
                  {more && <ArrowLink to={more.to}>{t(MORE_LABEL[more.label])}</ArrowLink>}
                </div>
              </details>
            );
          })}
        </div>
        <p className="public-page__more">
          <Link to="/contact" className="button button--secondary">
            <Icon name="mail" size={18} />
            {t('content.faq.contact_link')}
          </Link>
        </p>
      </div>
    </div>
  );
}
