import { useCallback, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PHONE_NUMBER_MAX_LENGTH, ZPhoneNumberInput } from '@printomat/shared';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import {
  addPhoneNumber,
  fetchPhone,
  PHONE_QUERY_KEY,
  storePhoneState,
} from '../../free-pages/free-pages-api';
import { checkInput } from '../../forms/check-input';
import { readFormValues } from '../../forms/form-values';
import { useSubmit } from '../../forms/use-submit';
import { useT } from '../../i18n/use-t';
import { useModal } from '../modal-context';
import type { TModalProps } from '../modal-types';
import '../../styles/free-pages.css';

const FIELDS = ['phone_number'] as const;

/**
 * `phone/add` (the spec's phone number add modal): the number is checked (invalid, not
 * supported, blacklisted, already taken, checked less than 30 s ago) and a code is texted to
 * it; then the verify modal takes over.
 */
export default function PhoneAddModal({ titleId, close }: TModalProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const phone = useQuery({ queryKey: PHONE_QUERY_KEY, queryFn: fetchPhone });
  const action = useCallback(
    async (values: Record<(typeof FIELDS)[number], string>) => {
      const state = await addPhoneNumber(checkInput(ZPhoneNumberInput, values, t));
      storePhoneState(queryClient, state);
      if (state.pending) openModal('phone/verify');
      else close(); // it already was this account's verified number
    },
    [queryClient, openModal, close, t],
  );
  const { submit, isPending, error, fieldErrors } = useSubmit(action);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(readFormValues(event.currentTarget, FIELDS));
  }

  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t('phone.add.title')}
      </h2>
      <p className="modal__text">{t('phone.add.text')}</p>
      {phone.data?.old_app_verification_required && (
        <p className="alert free-pages__notice">{t('phone.add.polish_only')}</p>
      )}
      <FormAlert error={error} shownFields={FIELDS} />
      <form className="form" onSubmit={onSubmit} noValidate data-testid="phone-add-form">
        <FormField
          name="phone_number"
          type="tel"
          label={t('phone.fields.phone_number')}
          hint={t('phone.add.hint')}
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={PHONE_NUMBER_MAX_LENGTH}
          defaultValue={phone.data?.pending?.phone_number ?? ''}
          errors={fieldErrors.phone_number}
        />
        <button type="submit" className="button button--block" disabled={isPending}>
          {isPending ? t('common.please_wait') : t('phone.add.submit')}
        </button>
      </form>
    </>
  );
}
