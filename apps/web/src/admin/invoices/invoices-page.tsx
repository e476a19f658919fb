import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVOICE_KINDS, KSEF_STATUSES, type TAdminInvoice } from '@printomat/shared';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n/use-t';
import { ConfirmDialog, ErrorAlert, useListParams } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { FilterInput, FilterSelect, ListFilters } from '../shared/list-filters';
import { InvoiceRow } from './invoice-row';
import { InvoiceRunForm } from './invoice-run-form';
import {
  fetchInvoices,
  INVOICE_FILTERS,
  INVOICES_KEY,
  invoicesCsvUrl,
  invoicesSearch,
  resendInvoice,
} from './invoices-api';

const COLUMNS = [
  'number',
  'kind',
  'period',
  'issue_date',
  'buyer',
  'net',
  'vat',
  'gross',
  'ksef',
  'documents',
] as const;

/**
 * Invoices and corrections of every business (issue 15 point 8): filters in the address, the CSV
 * of what is filtered, KSeF state with "send again" after a rejection or failure, and issuing a
 * month's invoices on demand.
 */
export function InvoicesPage() {
  const t = useT();
  const list = useListParams();
  const queryClient = useQueryClient();
  const filters = Object.fromEntries(INVOICE_FILTERS.map((f) => [f, list.get(f)]));
  const search = invoicesSearch(filters, list.page);
  const invoices = useQuery({
    queryKey: [...INVOICES_KEY, search],
    queryFn: () => fetchInvoices(search),
  });
  const [confirming, setConfirming] = useState<TAdminInvoice | null>(null);
  const resend = useMutation({
    mutationFn: (invoice: TAdminInvoice) => resendInvoice(invoice.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
  const rows = invoices.data?.invoices ?? [];

  return (
    <section className="ops" aria-labelledby="ops-invoices-title">
      <PageTitle title={t('invoices.admin.title')} />
      <h2 id="ops-invoices-title">{t('invoices.admin.title')}</h2>
      <InvoiceRunForm />

      <ListFilters list={list} role="search">
        <FilterInput
          label={t('invoices.admin.filters.period')}
          type="month"
          name="period"
          defaultValue={list.get('period')}
        />
        <FilterSelect
          label={t('invoices.admin.filters.kind')}
          name="kind"
          defaultValue={list.get('kind')}
          empty={t('admin.common.any')}
          options={INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoices.admin.kinds.${k}`) }))}
        />
        <FilterSelect
          label={t('invoices.admin.filters.ksef_status')}
          name="ksef_status"
          defaultValue={list.get('ksef_status')}
          empty={t('admin.common.any')}
          options={KSEF_STATUSES.map((s) => ({ value: s, label: t(`invoices.ksef_status.${s}`) }))}
        />
        <FilterInput
          label={t('invoices.admin.filters.q')}
          type="search"
          name="q"
          defaultValue={list.get('q')}
        />
      </ListFilters>
      <div className="ops-actions__buttons">
        <a
          className="button button--secondary"
          href={invoicesCsvUrl(invoicesSearch(filters))}
          download
          data-testid="invoices-csv"
        >
          {t('invoices.admin.csv')}
        </a>
      </div>

      <ErrorAlert error={resend.error} />
      {resend.isSuccess && (
        <div className="alert alert--success" role="status" data-testid="resend-notice">
          <p>{t('invoices.admin.resent', { number: resend.variables.number })}</p>
        </div>
      )}
      <ListTable
        query={invoices}
        count={rows.length}
        testId="invoices-table"
        paging={invoices.data?.paging}
        onPage={list.setPage}
        head={[...COLUMNS.map((c) => t(`invoices.admin.columns.${c}`)), t('admin.common.actions')]}
      >
        {rows.map((invoice) => (
          <InvoiceRow
            key={invoice.id}
            invoice={invoice}
            busy={resend.isPending}
            onResend={(chosen) => {
              resend.reset();
              setConfirming(chosen);
            }}
          />
        ))}
      </ListTable>
      {confirming && (
        <ConfirmDialog
          question={t('invoices.admin.resend_confirm', { number: confirming.number })}
          detail={t('invoices.admin.resend_explained')}
          confirmLabel={t('invoices.admin.resend')}
          busy={resend.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            resend.mutate(confirming);
            setConfirming(null);
          }}
        />
      )}
    </section>
  );
}
