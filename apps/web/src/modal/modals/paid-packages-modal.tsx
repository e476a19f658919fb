import { Link } from 'react-router';
import { useLocale, useT } from '../../i18n/use-t';
import { formatPrice } from '../../pages/public/package-data';
import { usePackages } from '../../payments/payments-api';
import type { TModalProps } from '../modal-types';

const CTAS = ['cta_color', 'cta_duplex', 'cta_orientation', 'cta_per_sheet'] as const;

/**
 * `paid_packages/{cta}`: the offer shown when a 'limited' job's setting is changed. It offers
 * the package on promotion (else the most popular one) and leads straight to its checkout.
 */
export default function PaidPackagesModal({ params, titleId, close }: TModalProps) {
  const t = useT();
  const { locale } = useLocale();
  const packages = usePackages();
  const cta = CTAS.find((c) => c === params.cta);
  // An unknown cta is a bad address: the host closes the dialog.
  if (!cta) throw new Error(`unknown package offer ${params.cta ?? ''}`);
  const personal = (packages.data?.packages ?? []).filter((p) => p.audience === 'personal');
  const offer =
    personal.find((p) => p.promo_percent > 0) ?? personal.find((p) => p.is_popular) ?? personal[0];
  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t('uploader.offer.title')}
      </h2>
      <p className="modal__text" data-testid="offer-text">
        {t(`uploader.offer.${cta}`)}
      </p>
      <p className="modal__text">{t('uploader.offer.text')}</p>
      {offer && (
        <p className="modal__text" data-testid="offer-package">
          <strong>
            {t('payments.offer_modal.package', {
              name: offer.code,
              count: offer.pages,
              price: formatPrice(locale, offer.price_minor, offer.currency),
            })}
          </strong>
        </p>
      )}
      <div className="modal__actions">
        {offer ? (
          <Link
            to={`/kup-pakiet?package=${encodeURIComponent(offer.code)}`}
            className="button"
            onClick={close}
            data-testid="offer-buy"
          >
            {t('payments.offer_modal.buy_package', { name: offer.code })}
          </Link>
        ) : null}
        <Link
          to="/kup-pakiet"
          className={offer ? 'button button--secondary' : 'button'}
          onClick={close}
        >
          {offer ? t('payments.offer_modal.all') : t('uploader.offer.buy')}
        </Link>
        <button type="button" className="button button--secondary" onClick={close}>
          {t('uploader.offer.close')}
        </button>
      </div>
    </>
  );
}
