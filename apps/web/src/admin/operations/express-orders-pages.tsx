import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  EXPRESS_ORDER_STATUSES,
  formatDateTime,
  formatMoney,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type TExpressOrder,
  type TExpressOrderAction,
  type TLocale,
} from '@printomat/shared';
import type { TTranslate } from '@printomat/shared/i18n';
import { PageTitle } from '../../components/page-title';
import { useLocale, useT } from '../../i18n/use-t';
import {
  ActionButtons,
  ConfirmDialog,
  Details,
  LoadState,
  StatusBadge,
  useListParams,
} from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { FilterSelect, ListFilters } from '../shared/list-filters';
import {
  fetchExpressOrder,
  fetchExpressOrders,
  OPS_KEY,
  queryString,
  runExpressAction,
} from './operations-api';

const COLUMNS = ['id', 'customer', 'printer', 'status', 'pages', 'price', 'created'] as const;

/** Express orders, newest first, filtered by status. */
export function ExpressOrdersListPage() {
  const t = useT();
  const { locale } = useLocale();
  const list = useListParams();
  const search = queryString({ status: list.get('status'), page: list.page });
  const orders = useQuery({
    queryKey: [...OPS_KEY, 'express-orders', search],
    queryFn: () => fetchExpressOrders(search),
  });
  const rows = orders.data?.orders ?? [];
  return (
    <section className="ops" aria-labelledby="ops-express-title">
      <h2 id="ops-express-title">{t('admin.express_orders.title')}</h2>
      <ListFilters list={list} clearable={false}>
        <FilterSelect
          label={t('admin.printjobs.filters.status')}
          name="status"
          defaultValue={list.get('status')}
          empty={t('admin.common.any')}
          options={EXPRESS_ORDER_STATUSES.map((s) => ({
            value: s,
            label: t(`admin.statuses.${s}`),
          }))}
        />
      </ListFilters>
      <ListTable
        query={orders}
        count={rows.length}
        testId="express-table"
        paging={orders.data?.paging}
        onPage={list.setPage}
        head={COLUMNS.map((c) => t(`admin.express_orders.columns.${c}`))}
      >
        {rows.map((o) => (
          <tr key={o.id} data-testid="express-row" data-status={o.status}>
            <td>
              <Link to={`/admin/express-orders/${o.id}`}>#{o.id}</Link>
            </td>
            <td>{o.customer_email}</td>
            <td>{o.printer.name}</td>
            <td>
              <StatusBadge status={o.status} />
            </td>
            <td>{o.page_count}</td>
            <td>{formatMoney(locale, o.price_minor, o.currency)}</td>
            <td>{formatDateTime(locale, o.created_at)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

function printerState(order: TExpressOrder): 'ready' | 'disabled' | 'maintenance' {
  if (!order.printer.is_enabled) return 'disabled';
  return order.printer.maintenance_mode ? 'maintenance' : 'ready';
}

/** One express order with print, fail and reset. */
export function ExpressOrderShowPage() {
  const t = useT();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [confirmFail, setConfirmFail] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...OPS_KEY, 'express-order', id],
    queryFn: () => fetchExpressOrder(id),
  });
  const action = useMutation({
    mutationFn: (name: TExpressOrderAction) => runExpressAction(id, name),
    onSuccess: (updated) => {
      queryClient.setQueryData([...OPS_KEY, 'express-order', id], updated);
      setDone(
        t('admin.express_orders.action_done', { status: t(`admin.statuses.${updated.status}`) }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_KEY }),
  });
  const order = query.data;
  const none = t('admin.common.none');
  const start = (name: TExpressOrderAction) => {
    setDone(null);
    action.reset();
    if (name === 'fail') setConfirmFail(true);
    else action.mutate(name);
  };

  return (
    <section className="ops" aria-labelledby="ops-express-order-title">
      <Link to="/admin/express-orders" className="ops-back">
        {t('admin.common.back')}
      </Link>
      <PageTitle title={t('admin.express_orders.detail_title', { id })} />
      <h2 id="ops-express-order-title">{t('admin.express_orders.detail_title', { id })}</h2>
      <LoadState isLoading={query.isLoading} error={query.error} />
      {order && (
        <>
          <section className="ops-actions" aria-label={t('admin.common.actions')}>
            <ActionButtons
              actions={order.allowed_actions}
              label={(name) => t(`admin.express_orders.actions.${name}`)}
              testIdPrefix="express"
              busy={action.isPending}
              onStart={start}
              error={action.error}
              done={done}
            />
          </section>
          <section className="card">
            <Details
              rows={[
                [
                  t('admin.express_orders.columns.status'),
                  <StatusBadge key="s" status={order.status} />,
                ],
                [t('admin.express_orders.columns.customer'), order.customer_email ?? none],
                [t('admin.express_orders.columns.printer'), order.printer.name],
                [
                  t('admin.express_orders.fields.printer_state'),
                  t(`admin.express_orders.printer_states.${printerState(order)}`),
                ],
                [t('admin.express_orders.fields.documents'), order.document_count],
                [t('admin.express_orders.columns.pages'), order.page_count],
                [
                  t('admin.express_orders.fields.color'),
                  order.is_color ? t('admin.common.yes') : t('admin.common.no'),
                ],
                [
                  t('admin.express_orders.money.list_price'),
                  formatMoney(locale, order.list_price_minor, order.currency),
                ],
                [
                  t('admin.express_orders.columns.price'),
                  formatMoney(locale, order.price_minor, order.currency),
                ],
                [
                  t('admin.express_orders.fields.discount'),
                  order.discount_code
                    ? `${order.discount_code} (${order.discount_percent ?? 0}%)`
                    : none,
                ],
                [
                  t('admin.express_orders.fields.express_url'),
                  <a key="u" href={order.express_url} data-testid="express-url">
                    {order.express_url}
                  </a>,
                ],
                [t('admin.express_orders.fields.failure_reason'), order.failure_reason ?? none],
                [
                  t('admin.express_orders.columns.created'),
                  formatDateTime(locale, order.created_at),
                ],
                [
                  t('admin.express_orders.fields.printed_at'),
                  order.printed_at ? formatDateTime(locale, order.printed_at) : none,
                ],
                ...orderMoneyRows(order, t, locale, none),
              ]}
            />
          </section>
          <PaymentCard order={order} />
          <RefundCard order={order} />
          {confirmFail && (
            <ConfirmDialog
              question={t('admin.express_orders.confirm_fail')}
              confirmLabel={t('admin.express_orders.actions.fail')}
              busy={action.isPending}
              onCancel={() => setConfirmFail(false)}
              onConfirm={() => {
                setConfirmFail(false);
                action.mutate('fail');
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

/** When the order was paid, must print by, ended, and lost its documents; its print job. */
function orderMoneyRows(
  order: TExpressOrder,
  t: TTranslate,
  locale: TLocale,
  none: string,
): Array<readonly [string, ReactNode]> {
  const when = (value: string | null) => (value ? formatDateTime(locale, value) : none);
  return [
    [t('admin.express_orders.money.paid_at'), when(order.paid_at)],
    [t('admin.express_orders.money.print_by'), when(order.print_by)],
    [t('admin.express_orders.money.printed_faces'), order.printed_faces ?? none],
    [t('admin.express_orders.money.ended_at'), when(order.ended_at)],
    [t('admin.express_orders.money.documents_deleted_at'), when(order.documents_deleted_at)],
    [
      t('admin.express_orders.money.printjob'),
      order.printjob_id ? (
        <Link key="j" to={`/admin/printjobs/${order.printjob_id}`} data-testid="express-printjob">
          #{order.printjob_id}
        </Link>
      ) : (
        none
      ),
    ],
  ];
}

/** Whether `value` is one of `values` (the admin schema sends payment names as plain strings). */
function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** A payment method in the admin's language; an unknown one (a newer server) as it came. */
function paymentMethodText(t: TTranslate, method: string): string {
  return isOneOf(PAYMENT_METHODS, method) ? t(`payments.methods.${method}`) : method;
}

/** A payment state in the admin's language; an unknown one (a newer server) as it came. */
function paymentStatusText(t: TTranslate, status: string): string {
  return isOneOf(PAYMENT_STATUSES, status)
    ? t(`admin.express_orders.money.payment_statuses.${status}`)
    : status;
}

/** The payment that bought the order, with the provider's own reference. */
function PaymentCard({ order }: { order: TExpressOrder }) {
  const t = useT();
  const { locale } = useLocale();
  const payment = order.payment;
  const none = t('admin.common.none');
  return (
    <section className="card" data-testid="express-payment" aria-labelledby="express-payment-title">
      <h3 id="express-payment-title" className="card__title">
        {t('admin.express_orders.money.payment_title')}
      </h3>
      {payment ? (
        <Details
          rows={[
            [t('admin.express_orders.money.reference'), <code key="r">{payment.reference}</code>],
            [t('admin.express_orders.money.provider'), payment.provider],
            [
              t('admin.express_orders.money.provider_reference'),
              payment.provider_reference ? (
                <code key="p" data-testid="express-payment-provider-reference">
                  {payment.provider_reference}
                </code>
              ) : (
                none
              ),
            ],
            [t('admin.express_orders.money.method'), paymentMethodText(t, payment.method)],
            [t('admin.express_orders.money.status'), paymentStatusText(t, payment.status)],
            [
              t('admin.express_orders.money.amount'),
              formatMoney(locale, payment.amount_minor, payment.currency),
            ],
            [
              t('admin.express_orders.money.completed_at'),
              payment.completed_at ? formatDateTime(locale, payment.completed_at) : none,
            ],
          ]}
        />
      ) : (
        <p className="ops-muted">{t('admin.express_orders.money.no_payment')}</p>
      )}
    </section>
  );
}

/** The money given back (at most one refund per order), with the provider's reference. */
function RefundCard({ order }: { order: TExpressOrder }) {
  const t = useT();
  const { locale } = useLocale();
  const refund = order.refund;
  const none = t('admin.common.none');
  return (
    <section className="card" data-testid="express-refund" aria-labelledby="express-refund-title">
      <h3 id="express-refund-title" className="card__title">
        {t('admin.express_orders.money.refund_title')}
      </h3>
      {refund ? (
        <Details
          rows={[
            [t('admin.express_orders.money.reference'), <code key="r">{refund.reference}</code>],
            [t('admin.express_orders.money.provider'), refund.provider],
            [
              t('admin.express_orders.money.provider_reference'),
              refund.provider_reference ? (
                <code key="p" data-testid="express-refund-provider-reference">
                  {refund.provider_reference}
                </code>
              ) : (
                none
              ),
            ],
            [
              t('admin.express_orders.money.status'),
              t(`admin.express_orders.money.refund_statuses.${refund.status}`),
            ],
            [
              t('admin.express_orders.money.reason'),
              t(`admin.express_orders.money.refund_reasons.${refund.reason}`),
            ],
            [
              t('admin.express_orders.money.amount'),
              formatMoney(locale, refund.amount_minor, refund.currency),
            ],
            [t('admin.express_orders.money.failure_code'), refund.failure_code ?? none],
            [t('admin.express_orders.money.created_at'), formatDateTime(locale, refund.created_at)],
            [
              t('admin.express_orders.money.completed_at'),
              refund.completed_at ? formatDateTime(locale, refund.completed_at) : none,
            ],
          ]}
        />
      ) : (
        <p className="ops-muted">{t('admin.express_orders.money.no_refund')}</p>
      )}
    </section>
  );
}
