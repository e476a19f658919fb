import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatMoney, type TExpressOrderView } from '@printomat/shared';
import type { TTranslate } from '@printomat/shared/i18n';
import { ApiError } from '../api/client';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { PageTitle } from '../components/page-title';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import {
  EXPRESS_POLL_MS,
  expressOrderKey,
  fetchExpressOrder,
  printExpressOrder,
  printExpressOrderWithCode,
  storeDraftToken,
} from './express-api';
import { ExpressPrinterCard } from './express-printer';
import { ExpressLoadFailed, ExpressLoading, ExpressNotFound } from './express-states';
import { ExpressPriceTable } from './express-price';
import './express.css';

/** Whether the order can still change by itself (payment, printer, refund): read it again. */
export function orderIsLive(order: TExpressOrderView): boolean {
  if (order.refund?.status === 'pending') return true;
  // A failed order changes by itself only while its refund may still be decided.
  if (order.status === 'failed') return order.refund === null;
  return ['awaiting_payment', 'created', 'scheduled'].includes(order.status);
}

/** The status line: a sent job says whether the printer has started it. */
export function orderStatusText(t: TTranslate, order: TExpressOrderView): string {
  if (order.status === 'scheduled' && order.printjob.phase === 'printing') {
    return t('express_page.order.statuses.printing');
  }
  return t(`express_page.order.statuses.${order.status}`);
}

/**
 * `/express/orders/:token` (issue 13): the guest's private page of one order, where the payment
 * provider sends them back. Status with live updates, "Print now" (or the printer's code), the
 * price paid, a refund, and when the documents are deleted. The server's refusals are shown as
 * they come, already in the guest's language.
 */
export function ExpressOrderPage() {
  const token = useParams().token ?? '';
  const query = useQuery({
    queryKey: expressOrderKey(token),
    queryFn: () => fetchExpressOrder(token),
    enabled: token !== '',
    retry: false,
    refetchInterval: (q) => (q.state.data && orderIsLive(q.state.data) ? EXPRESS_POLL_MS : false),
  });

  const notFound = token === '' || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    return (
      <ExpressNotFound
        testId="express-order-not-found"
        title="express_page.order.not_found.title"
        text="express_page.order.not_found.text"
      />
    );
  }
  if (query.isError && !query.data) return <ExpressLoadFailed />;
  if (!query.data) return <ExpressLoading />;
  return <OrderDetails order={query.data} />;
}

function OrderDetails({ order }: { order: TExpressOrderView }) {
  const t = useT();
  const { locale } = useLocale();
  const money = (minor: number, currency: string) => formatMoney(locale, minor, currency);
  const title = t('express_page.order.title', { printer: order.printer.name });
  const paid = order.paid_at !== null;
  return (
    <div className="container express-page express-order" data-testid="express-order-page">
      <PageTitle title={title} />
      <h1 className="page-title express-page__title">{title}</h1>
      <p
        className={`banner express-order__status ${
          order.status === 'failed' || order.status === 'abandoned'
            ? 'banner--danger'
            : 'banner--info'
        }`}
        role="status"
        data-testid="express-order-status"
        data-status={order.status}
        data-phase={order.printjob.phase}
      >
        {orderStatusText(t, order)}
      </p>
      {order.failure_reason && (
        <p className="express-order__failure" data-testid="express-failure-reason">
          {order.failure_reason}
        </p>
      )}

      {order.status === 'draft' && <BackToDraft order={order} />}
      {order.status === 'created' && <PrintActions order={order} />}

      {order.refund && (
        <section className="card express-refund" data-testid="express-refund">
          <h2 className="card__title">{t('express_page.order.refund.title')}</h2>
          <p data-testid="express-refund-amount">
            {t('express_page.order.refund.amount', {
              amount: money(order.refund.amount_minor, order.refund.currency),
            })}
          </p>
          <p data-testid="express-refund-status" data-status={order.refund.status}>
            {t(`express_page.order.refund.${order.refund.status}`)}
          </p>
          <p className="express-refund__reason">
            {t(`express_page.order.refund.reasons.${order.refund.reason}`)}
          </p>
        </section>
      )}

      <section className="card express-order__summary">
        <h2 className="card__title">{t('express_page.price.title')}</h2>
        <ExpressPriceTable price={order.price} pending={false} paid={paid} />
        {paid && order.paid_at && (
          <p className="express-order__paid" data-testid="express-paid-at">
            {t('express_page.order.paid_at', { date: formatDateTime(locale, order.paid_at) })}
          </p>
        )}
        {order.status === 'created' && order.print_by && (
          <p className="express-order__print-by" data-testid="express-print-by">
            {t('express_page.order.print_by', { time: formatDateTime(locale, order.print_by) })}
          </p>
        )}
      </section>

      <section className="card express-order__documents">
        <h2 className="card__title">{t('express_page.order.documents_title')}</h2>
        {order.documents_deleted ? (
          <p data-testid="express-documents-deleted">{t('express_page.order.documents_deleted')}</p>
        ) : (
          <ul className="express-order__doc-list">
            {order.printjob.documents.map((d) => (
              <li key={d.id} data-testid="express-order-document">
                {d.name}
                {d.page_count !== null && ` · ${t('uploader.pages', { count: d.page_count })}`}
              </li>
            ))}
          </ul>
        )}
        {order.documents_delete_at && !order.documents_deleted && (
          <p className="express-order__delete-at" data-testid="express-documents-delete-at">
            {t('express_page.order.documents_delete_at', {
              date: formatDateTime(locale, order.documents_delete_at),
            })}
          </p>
        )}
      </section>

      <ExpressPrinterCard printer={order.printer} />
      <p className="express-order__private">{t('express_page.order.private_link')}</p>
      {['printed', 'refunded', 'abandoned', 'failed'].includes(order.status) && (
        <Link to={`/express/${order.printer.id}`} className="button button--secondary">
          {t('express_page.order.new_order')}
        </Link>
      )}
    </div>
  );
}

/** An unpaid order (a payment failed or was cancelled): back to the express page to pay. */
function BackToDraft({ order }: { order: TExpressOrderView }) {
  const t = useT();
  return (
    <Link
      to={`/express/${order.printer.id}`}
      className="button button--block"
      data-testid="express-back-to-draft"
      // The express page resumes the draft it has stored for this printer: this one.
      onClick={() => storeDraftToken(order.printer.id, order.token)}
    >
      {t('express_page.order.pay_again')}
    </Link>
  );
}

/** "Print now" at the order's printer, or the code the printer shows. */
function PrintActions({ order }: { order: TExpressOrderView }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const setOrder = (next: TExpressOrderView) => {
    queryClient.setQueryData(expressOrderKey(next.token), next);
  };
  const printNow = useSubmit(async () => setOrder(await printExpressOrder(order.token)));
  const withCode = useSubmit(async () =>
    setOrder(await printExpressOrderWithCode(order.token, { code })),
  );
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    void withCode.submit();
  };
  return (
    <section className="card express-print" data-testid="express-print">
      <FormAlert error={printNow.error} />
      <button
        type="button"
        className="button button--block button--accent express-print__now"
        disabled={!order.can_print || printNow.isPending}
        onClick={() => void printNow.submit()}
        data-testid="express-print-now"
      >
        {t('express_page.order.print_now')}
      </button>
      <form className="form express-print__code" onSubmit={onCode} noValidate>
        <h2 className="express-print__code-title">{t('express_page.order.code.title')}</h2>
        <FormAlert error={withCode.error} shownFields={['code']} />
        <FormField
          name="code"
          label={t('express_page.order.code.label')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={withCode.fieldErrors.code}
          autoComplete="off"
          inputMode="numeric"
          maxLength={32}
          data-testid="express-print-code"
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={withCode.isPending}
          data-testid="express-print-code-submit"
        >
          {t('express_page.order.code.submit')}
        </button>
      </form>
    </section>
  );
}
