import { useCallback, useState } from 'react';
import { resendConfirmation } from '../../api/auth-api';
import { FormAlert } from '../../components/form-alert';
import { useSubmit } from '../../forms/use-submit';
import { useT } from '../../i18n/use-t';

export function ConfirmEmailBanner({ email }: { email: string }) {
  const t = useT();
  const [isSent, setSent] = useState(false);
  const action = useCallback(async () => {
    setSent(false);
    await resendConfirmation();
    setSent(true);
  }, []);
  const { submit, isPending, error } = useSubmit(action);

  return (
    <section className="banner" aria-live="polite">
      <p className="banner__text">{t('home.confirm.text', { email })}</p>
      {isSent ? (
        <p className="banner__done" role="status">
          {t('home.confirm.sent')}
        </p>
      ) : (
        <button
          type="button"
          className="button button--small"
          disabled={isPending}
          onClick={() => void submit()}
        >
          {isPending ? t('common.please_wait') : t('home.confirm.resend')}
        </button>
      )}
      <FormAlert error={error} />
    </section>
  );
}
