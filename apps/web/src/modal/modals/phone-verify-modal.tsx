import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ZSmsCodeInput, type TPhoneState } from '@printomat/shared';
import { FormAlert, SuccessNotice } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import {
  fetchPhone,
  PHONE_QUERY_KEY,
  resendPhoneCode,
  storePhoneState,
  verifyPhoneNumber,
} from '../../free-pages/free-pages-api';
import { checkInput } from '../../forms/check-input';
import { readFormValues } from '../../forms/form-values';
import { useSubmit } from '../../forms/use-submit';
import { useT } from '../../i18n/use-t';
import { useModal } from '../modal-context';
import type { TModalProps } from '../modal-types';
import '../../styles/free-pages.css';

const FIELDS = ['sms_verification_code'] as const;

/**
 * `phone/verify` (the spec's phone number verify modal): the code from the SMS; 'Invalid code'
 * for a wrong one; "send again" answers 'Wait at least 30 seconds' when asked too soon.
 */
export default function PhoneVerifyModal({ titleId, close }: TModalProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const { data: phone } = useSuspenseQuery({
    queryKey: PHONE_QUERY_KEY,
    queryFn: fetchPhone,
    retry: false,
  });
  const [verified, setVerified] = useState<TPhoneState | null>(null);
  const [resent, setResent] = useState(false);

  const verifyAction = useCallback(
    async (values: Record<(typeof FIELDS)[number], string>) => {
      const state = await verifyPhoneNumber(checkInput(ZSmsCodeInput, values, t));
      storePhoneState(queryClient, state);
      setVerified(state);
    },
    [queryClient, t],
  );
  const verify = useSubmit(verifyAction);
  const resendAction = useCallback(async () => {
    setResent(false);
    storePhoneState(queryClient, await resendPhoneCode());
    setResent(true);
  }, [queryClient]);
  const resend = useSubmit(resendAction);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verify.submit(readFormValues(event.currentTarget, FIELDS));
  }

  const title = (
    <h2 id={titleId} className="modal__title">
      {t('phone.verify.title')}
    </h2>
  );

  if (verified?.phone_number) {
    return (
      <>
        {title}
        <div data-testid="phone-verified">
          <SuccessNotice>{t('phone.verify.done', { phone: verified.phone_number })}</SuccessNotice>
          {verified.credited_pages > 0 && (
            <p className="modal__text">
              {t('phone.verify.credited', { count: verified.credited_pages })}
            </p>
          )}
        </div>
        <div className="modal__actions">
          <button type="button" className="button" onClick={close}>
            {t('common.close')}
          </button>
        </div>
      </>
    );
  }

  if (!phone.pending) {
    return (
      <>
        {title}
        <p className="modal__text">{t('phone.errors.nothing_pending')}</p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={() => openModal('phone/add')}>
            {t('phone.card.add')}
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      {title}
      <p className="modal__text">{t('phone.verify.text', { phone: phone.pending.phone_number })}</p>
      <FormAlert error={verify.error} shownFields={FIELDS} />
      <form className="form" onSubmit={onSubmit} noValidate data-testid="phone-verify-form">
        <FormField
          name="sms_verification_code"
          label={t('phone.fields.sms_verification_code')}
          hint={t('phone.verify.hint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={16}
          errors={verify.fieldErrors.sms_verification_code}
        />
        <button type="submit" className="button button--block" disabled={verify.isPending}>
          {verify.isPending ? t('common.please_wait') : t('phone.verify.submit')}
        </button>
      </form>
      <div className="free-pages__actions" data-testid="phone-resend-area">
        <button
          type="button"
          className="button button--secondary"
          disabled={resend.isPending}
          onClick={() => void resend.submit()}
          data-testid="phone-resend"
        >
          {t('phone.verify.resend')}
        </button>
        <button
          type="button"
          className="button button--link"
          onClick={() => openModal('phone/add')}
        >
          {t('phone.verify.change_number')}
        </button>
      </div>
      <FormAlert error={resend.error} />
      {resent && !resend.error && <SuccessNotice>{t('phone.verify.resent')}</SuccessNotice>}
    </>
  );
}
