import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';

const STEPS = ['upload', 'pay', 'print'] as const;

export function GuestHero() {
  const t = useT();
  return (
    <>
      <section className="hero">
        <div className="hero__inner container">
          <p className="hero__eyebrow">{t('home.hero.eyebrow')}</p>
          <h1 className="hero__title">{t('home.hero.title')}</h1>
          <p className="hero__lead">{t('home.hero.lead')}</p>
          <div className="hero__actions">
            <Link to="/sign-up" className="button button--large button--accent">
              {t('home.hero.cta')}
            </Link>
            <Link to="/sign-in" className="button button--large button--ghost">
              {t('home.hero.sign_in')}
            </Link>
          </div>
        </div>
      </section>
      <section className="steps container" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title">
          {t('home.steps.title')}
        </h2>
        <ol className="steps__list">
          {STEPS.map((step, index) => (
            <li key={step} className="card step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">{t(`home.steps.${step}.title`)}</h3>
              <p className="step__text">{t(`home.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
