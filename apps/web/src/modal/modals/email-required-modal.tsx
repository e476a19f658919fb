import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { TModalProps } from '../modal-types';

/** `payments/email_required`: before paying, the e-mail address must be confirmed (spec 2). */
export default function EmailRequiredModal({ titleId, close }: TModalProps) {
  const t = useT();
  return (
    <div data-testid="email-required-modal">
      <h2 id={titleId} className="modal__title">
        {t('payments.email_modal.title')}
      </h2>
      <p className="modal__text">{t('payments.email_modal.text')}</p>
      <div className="modal__actions">
        <Link to="/account" className="button" onClick={close}>
          {t('payments.email_modal.account')}
        </Link>
        <button type="button" className="button button--secondary" onClick={close}>
          {t('payments.email_modal.close')}
        </button>
      </div>
    </div>
  );
}
