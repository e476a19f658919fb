import { useState, type FormEvent } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ZPrintWithCodeInput } from '@printomat/shared';
import { ApiError } from '../../api/client';
import { FormField } from '../../components/form-field';
import { checkInput } from '../../forms/check-input';
import { useT } from '../../i18n/use-t';
import {
  AJAX_USER_QUERY_KEY,
  fetchCurrentPrintjob,
  printWithCode,
  PRINTJOB_QUERY_KEY,
} from '../../print/print-api';
import type { TModalProps } from '../modal-types';

/** `printjobs/print_with_code`: the person types the code the printer shows, and printing starts. */
export default function PrintWithCodeModal({ titleId, close }: TModalProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { data: job } = useSuspenseQuery({
    queryKey: PRINTJOB_QUERY_KEY,
    queryFn: fetchCurrentPrintjob,
    retry: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('code');
    const code = typeof value === 'string' ? value : '';
    setBusy(true);
    // A refusal of the shared schema (an empty code) is shown like the server's, and not sent.
    Promise.resolve({ code })
      .then((input) => printWithCode(job.id, checkInput(ZPrintWithCodeInput, input, t)))
      .then((updated) => {
        queryClient.setQueryData(PRINTJOB_QUERY_KEY, updated);
        void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
        setError(null);
        setStarted(true);
      })
      .catch((err: unknown) => {
        setError(
          err instanceof ApiError ? (err.fieldErrors.code?.[0] ?? err.message) : String(err),
        );
      })
      .finally(() => setBusy(false));
  }

  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t('uploader.release.title')}
      </h2>
      {started ? (
        <>
          <p className="modal__text" role="status" data-testid="release-started">
            {t('uploader.release.started')}
          </p>
          <div className="modal__actions">
            <button type="button" className="button" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        </>
      ) : (
        <form className="form" onSubmit={onSubmit}>
          <p className="modal__text">{t('uploader.release.text')}</p>
          {error && (
            <p className="alert alert--error" role="alert" data-testid="release-error">
              {error}
            </p>
          )}
          <FormField
            name="code"
            label={t('uploader.release.code')}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
          />
          <button type="submit" className="button button--block" disabled={busy}>
            {t('uploader.release.submit')}
          </button>
        </form>
      )}
    </>
  );
}
