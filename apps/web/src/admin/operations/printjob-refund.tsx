import { type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SUPPORT_PAGES_VALID_DAYS,
  formatDateTime,
  MAX_SUPPORT_REASON_LENGTH,
  ZAdminRefundInput,
  type TAdminRefundInput,
} from '@printomat/shared';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { checkInput } from '../../forms/check-input';
import { useLocale, useT } from '../../i18n/use-t';
import { formValues } from '../shared/admin-ui';
import { fetchPrintjobRefund, OPS_KEY, refundPrintjob } from './operations-api';

const FIELDS = ['pages', 'valid_days', 'reason'];

/**
 * Refund of a job's charged pages to its owner (issue 17): what it was charged, the refund given
 * (once), or the form: pages (all charged by default), validity and a reason.
 */
export function PrintjobRefund({ jobId }: { jobId: number }) {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const key = [...OPS_KEY, 'printjob', jobId, 'refund'];
  const state = useQuery({ queryKey: key, queryFn: () => fetchPrintjobRefund(jobId) });
  const refund = useMutation({
    mutationFn: (input: TAdminRefundInput) =>
      refundPrintjob(jobId, checkInput(ZAdminRefundInput, input, t)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_KEY }),
  });
  const data = state.data;
  if (!data) return null;
  const error =
    refund.error instanceof ApiError
      ? refund.error
      : refund.error
        ? new ApiError(0, 'unexpected', '')
        : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    refund.mutate({
      pages: values.pages ?? '',
      valid_days: values.valid_days ?? '',
      reason: values.reason ?? '',
    });
  };

  return (
    <section className="card" aria-labelledby="ops-refund-title" data-testid="printjob-refund">
      <h3 id="ops-refund-title" className="card__title">
        {t('admin_support.refund.title')}
      </h3>
      {refund.data && (
        <p className="alert alert--success" role="status" data-testid="refund-notice">
          {t('admin_support.refund.refunded', { count: refund.data.pages })}
        </p>
      )}
      {data.charged_pages === 0 ? (
        <p>{t('admin_support.refund.nothing_charged')}</p>
      ) : (
        <p>{t('admin_support.refund.charged', { count: data.charged_pages })}</p>
      )}
      {data.refund ? (
        <p data-testid="refund-done">
          {t('admin_support.refund.done', {
            count: data.refund.pages,
            date: formatDateTime(locale, data.refund.created_at),
            reason: data.refund.reason ?? '',
          })}
        </p>
      ) : (
        data.charged_pages > 0 && (
          <form className="form ops-code-form" onSubmit={onSubmit} noValidate>
            <p className="field__hint">{t('admin_support.refund.hint')}</p>
            <FormAlert error={error} shownFields={FIELDS} />
            <FormField
              name="pages"
              type="number"
              min={1}
              max={data.charged_pages}
              step={1}
              label={t('admin_support.fields.pages')}
              errors={error?.fieldErrors?.pages}
              defaultValue={data.charged_pages}
            />
            <FormField
              name="valid_days"
              type="number"
              min={1}
              step={1}
              label={t('admin_support.fields.valid_days')}
              errors={error?.fieldErrors?.valid_days}
              defaultValue={DEFAULT_SUPPORT_PAGES_VALID_DAYS}
            />
            <FormField
              name="reason"
              label={t('admin_support.fields.reason')}
              maxLength={MAX_SUPPORT_REASON_LENGTH}
              errors={error?.fieldErrors?.reason}
            />
            <div className="ops-actions__buttons">
              <button type="submit" className="button" disabled={refund.isPending}>
                {t('admin_support.refund.submit')}
              </button>
            </div>
          </form>
        )
      )}
    </section>
  );
}
