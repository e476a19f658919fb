import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { TModalProps } from '../modal-types';

const CTAS = ['cta_color', 'cta_duplex', 'cta_orientation', 'cta_per_sheet'] as const;

/** `paid_packages/{cta}`: the offer shown when a 'limited' job's setting is changed. */
export default function PaidPackagesModal({ params, titleId, close }: TModalProps) {
  const t = useT();
  const cta = CTAS.find((c) => c === params.cta);
  // An unknown cta is a bad address: the host closes the dialog.
  if (!cta) throw new Error(`unknown package offer ${params.cta ?? ''}`);
  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t('uploader.offer.title')}
      </h2>
      <p className="modal__text" data-testid="offer-text">
        {t(`uploader.offer.${cta}`)}
      </p>
      <p className="modal__text">{t('uploader.offer.text')}</p>
      <div className="modal__actions">
        <Link to="/kup-pakiet" className="button" onClick={close}>
          {t('uploader.offer.buy')}
        </Link>
        <button type="button" className="button button--secondary" onClick={close}>
          {t('uploader.offer.close')}
        </button>
      </div>
    </>
  );
}
