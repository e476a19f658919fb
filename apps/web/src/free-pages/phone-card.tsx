import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t';
import { useModal } from '../modal/modal-context';
import { PHONE_QUERY_KEY, fetchPhone } from './free-pages-api';

/** Account page card: the verified phone number, a code waiting, and the old-app notice. */
export function PhoneCard() {
  const t = useT();
  const { openModal } = useModal();
  const query = useQuery({ queryKey: PHONE_QUERY_KEY, queryFn: fetchPhone });
  const phone = query.data;
  return (
    <section className="card" aria-labelledby="account-phone-title" data-testid="phone-card">
      <h2 id="account-phone-title" className="card__title">
        {t('phone.card.title')}
      </h2>
      {phone?.old_app_verification_required && (
        <p className="alert free-pages__notice" role="status" data-testid="old-app-notice">
          {t('phone.old_app.notice', { count: phone.old_app_extra_pages })}
        </p>
      )}
      <p className="card__text">{t('phone.card.text')}</p>
      {phone && (
        <p className="card__text" data-testid="phone-status">
          {phone.phone_number ? (
            <>
              <strong data-testid="phone-number">{phone.phone_number}</strong>{' '}
              <span className="free-pages__badge">{t('phone.card.verified')}</span>
            </>
          ) : (
            t('phone.card.none')
          )}
        </p>
      )}
      {phone?.pending && (
        <p className="card__text" data-testid="phone-pending">
          {t('phone.card.pending', { phone: phone.pending.phone_number })}
        </p>
      )}
      <div className="free-pages__actions">
        {phone?.pending && (
          <button type="button" className="button" onClick={() => openModal('phone/verify')}>
            {t('phone.card.enter_code')}
          </button>
        )}
        <button
          type="button"
          className={phone?.pending ? 'button button--secondary' : 'button'}
          onClick={() => openModal('phone/add')}
          data-testid="phone-add"
        >
          {phone?.phone_number ? t('phone.card.change') : t('phone.card.add')}
        </button>
      </div>
    </section>
  );
}
