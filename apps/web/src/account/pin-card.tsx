import { Link } from 'react-router';
import { useT } from '../i18n/use-t';

/** The account page's way to the PIN page (/account/pin): the ID and PIN for copying and scanning. */
export function PinCard() {
  const t = useT();
  return (
    <section className="card" aria-labelledby="account-pin-title">
      <h2 id="account-pin-title" className="card__title">
        {t('pin.title')}
      </h2>
      <p className="card__text">{t('pin.card.text')}</p>
      <Link className="button button--secondary" to="/account/pin">
        {t('pin.card.link')}
      </Link>
    </section>
  );
}
