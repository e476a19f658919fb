import { type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, ZAdminRefundInput, type TAdminRefundInput } from '@printomat/shared';
import { checkInput } from '../../forms/check-input';
import { useLocale, useT } from '../../i18n/use-t';
import { formValues } from '../shared/admin-ui';
import { asApiError } from '../../api/client';
import { PagesGrantFields } from './pages-grant-fields';
import { fetchPrintjobRefund, OPS_KEY, refundPrintjob } from './operations-api';

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
  const error = asApiError(refund.error);
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
            <PagesGrantFields
              error={error}
              maxPages={data.charged_pages}
              defaultPages={data.charged_pages}
              submitLabel={t('admin_support.refund.submit')}
              busy={refund.isPending}
            />
          </form>
        )
      )}
    </section>
  );
}
