import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { Icon, type TIconName } from './icons';
import { PublicPageHead } from './public-page-head';
import { ArrowLink, ProseCard, PublicHero, usePageScroll } from './public-layout';
import '../../styles/public/tutorial.css';

/** `alt`: an alternative to the step before (e-mail instead of uploading, the code instead of the phone). */
const STEPS = [
  { id: 'account', icon: 'users' },
  { id: 'upload', icon: 'upload' },
  { id: 'email', icon: 'mail', alt: true },
  { id: 'settings', icon: 'tag' },
  { id: 'printer', icon: 'pin' },
  { id: 'phone', icon: 'qr' },
  { id: 'code', icon: 'keypad', alt: true },
  { id: 'pickup', icon: 'printer' },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName; alt?: boolean }>;

/** The main steps are numbered 1, 2, 3…; an alternative step has no number of its own. */
const NUMBERS: ReadonlyArray<number | null> = STEPS.reduce<Array<number | null>>((out, step) => {
  const last = out.findLast((n) => n !== null) ?? 0;
  out.push('alt' in step && step.alt ? null : last + 1);
  return out;
}, []);

/** `/tutorial`: how to print, step by step, with printing by e-mail and with the code. */
export function TutorialPage() {
  const t = useT();
  usePageScroll();
  return (
    <div className="public-page" data-testid="tutorial-page">
      <PublicPageHead path="/tutorial" />
      <PublicHero
        icon="document"
        eyebrow={t('content.tutorial.eyebrow')}
        title={t('content.tutorial.title')}
        lead={t('content.tutorial.lead')}
      >
        <Link to="/print" className="button button--large button--accent">
          <Icon name="printer" size={20} />
          {t('content.tutorial.start')}
        </Link>
      </PublicHero>
      <div className="public-page__body public-page__body--narrow container">
        <ol className="timeline">
          {STEPS.map((step, index) => {
            const number = NUMBERS[index] ?? null;
            const alt = number === null;
            return (
              <li
                key={step.id}
                className={alt ? 'timeline__step timeline__step--alt' : 'timeline__step'}
                data-testid={`tutorial-step-${step.id}`}
              >
                <span className="timeline__marker" aria-hidden="true">
                  {alt ? <Icon name={step.icon} size={20} /> : number}
                </span>
                <div className="timeline__body">
                  <h2 className="timeline__title">
                    {!alt && <Icon name={step.icon} size={22} />}
                    {t(`content.tutorial.${step.id}.title`)}
                  </h2>
                  <p className="timeline__text">{t(`content.tutorial.${step.id}.text`)}</p>
                </div>
              </li>
            );
          })}
        </ol>
        <ProseCard id="tutorial-tips" title={t('content.tutorial.tips.title')}>
          <ul className="check-list">
            {(['pdf', 'copy_scan', 'help'] as const).map((tip) => (
              <li key={tip}>
                <Icon name="check" size={18} />
                {t(`content.tutorial.tips.${tip}`)}
              </li>
            ))}
          </ul>
          <p className="link-row">
            <ArrowLink to="/faq">{t('content.tutorial.faq')}</ArrowLink>
            <ArrowLink to="/map">{t('site.nav.find_printer')}</ArrowLink>
          </p>
        </ProseCard>
      </div>
    </div>
  );
}
