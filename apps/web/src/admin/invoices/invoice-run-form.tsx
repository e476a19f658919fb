import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZInvoiceRunInput } from '@printomat/shared';
import { FormAlert, SuccessNotice } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { checkInput } from '../../forms/check-input';
import { useT } from '../../i18n/use-t';
import { asApiError } from '../../api/client';
import { INVOICES_KEY, runInvoiceMonth } from './invoices-api';

/** The month before `today`'s, YYYY-MM: what the run on the 1st bills. */
export function previousMonth(today: Date = new Date()): string {
  const month = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * "Issue invoices for a month" (POST /api/admin/invoices/run): the month, the previous one by
 * default; the answer says how many were issued and how many businesses already had theirs.
 */
export function InvoiceRunForm() {
  const t = useT();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(previousMonth);
  const run = useMutation({
    mutationFn: (value: string) =>
      runInvoiceMonth(checkInput(ZInvoiceRunInput, { month: value }, t).month),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
  const error = asApiError(run.error);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run.mutate(month.trim());
  };

  return (
    <section className="card" aria-labelledby="invoice-run-title" data-testid="invoice-run">
      <h3 id="invoice-run-title" className="card__title">
        {t('invoices.admin.run.title')}
      </h3>
      <p className="field__hint">{t('invoices.admin.run.hint')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormAlert error={error} shownFields={['month']} />
        <FormField
          name="month"
          type="month"
          label={t('invoices.admin.run.month')}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          errors={error?.fieldErrors.month}
        />
        <div className="ops-actions__buttons">
          <button type="submit" className="button" disabled={run.isPending}>
            {t('invoices.admin.run.submit')}
          </button>
        </div>
      </form>
      {run.data && (
        <SuccessNotice>
          {t('invoices.admin.run.done', {
            month: run.data.month,
            issued: run.data.issued,
            existing: run.data.existing,
          })}
        </SuccessNotice>
      )}
    </section>
  );
}
