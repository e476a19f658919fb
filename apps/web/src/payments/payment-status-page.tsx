import { Link, useParams } from 'react-router';
import { formatDateTime, type TPayment } from '@printomat/shared';
import { ApiError } from '../api/client';
import { useCurrentUser } from '../api/session';
import { PageTitle } from '../components/page-title';
import { useLocale, useT } from '../i18n/use-t';
import { formatPrice } from '../pages/public/package-data';
import { usePayment } from './payments-api';

/**
 * `/payments/:reference`: where the provider sends the payer back. It only reads the payment
 * (crediting happens on the provider's signed notification) and polls while it is processing.
 * A completed payment shows its receipt.
 */
export function PaymentStatusPage() {
  const t = useT();
  const { reference = '' } = useParams();
  const payment = usePayment(reference);

  if (payment.isError) {
    const notFound = payment.error instanceof ApiError && payment.error.status === 404;
    return (
      <div className="container payment-page">
        <PageTitle title={t('payments.status.page_title')} />
        <p className="alert alert--error" role="alert" data-testid="payment-error">
          {notFound ? t('payments.status.not_found') : t('common.errors.generic')}
        </p>
      </div>
    );
  }
  if (!payment.data) return <div className="container page-loading" />;
  return <PaymentStatus payment={payment.data} />;
}

const BUSINESS_PACKAGES_PATH = '/business/account#packages';

function PaymentStatus({ payment }: { payment: TPayment }) {
  const t = useT();
  const { locale } = useLocale();
  const isBusiness = useCurrentUser()?.role === 'business';
  const title = t(`payments.status.${payment.status}_title`);
  return (
    <div className="container payment-page" data-testid="payment-page">
      <PageTitle title={title} />
      <section
        className={`card payment-status payment-status--${payment.status}`}
        data-testid="payment-status"
        data-status={payment.status}
        aria-live="polite"
      >
        <h1 className="card__title">{title}</h1>
        {payment.status === 'processing' && (
          <p className="card__text">{t('payments.status.processing')}</p>
        )}
        {payment.status === 'failed' && (
          <p className="alert alert--error" role="alert">
            {t(payment.is_abandoned ? 'payments.status.abandoned' : 'payments.errors.failed')}
          </p>
        )}
        {payment.status === 'completed' && payment.pages_expire_at && (
          <p className="card__text" data-testid="payment-pages-added">
            {t('payments.status.completed', {
              count: payment.pages,
              date: formatDateTime(locale, payment.pages_expire_at),
            })}
          </p>
        )}
        <div className="payment-status__actions">
          {payment.status === 'completed' && (
            <Link to="/print" className="button">
              {t('payments.status.print_now')}
            </Link>
          )}
          {isBusiness ? (
            // A company's packages, purchases and invoices are on its business page.
            <Link
              to={BUSINESS_PACKAGES_PATH}
              className="button button--secondary"
              data-testid="payment-business-account"
            >
              {t('business.account_link')}
            </Link>
          ) : (
            payment.status !== 'completed' && (
              <Link to="/kup-pakiet" className="button button--secondary">
                {t('payments.status.buy_again')}
              </Link>
            )
          )}
        </div>
      </section>
      {payment.status === 'completed' && <Receipt payment={payment} />}
    </div>
  );
}

/** What the receipt mail says, on screen. */
export function Receipt({ payment }: { payment: TPayment }) {
  const t = useT();
  const { locale } = useLocale();
  const rows: Array<[string, string, string]> = [
    ['number', t('payments.receipt.number'), payment.receipt_number ?? '—'],
    [
      'date',
      t('payments.receipt.date'),
      formatDateTime(locale, payment.completed_at ?? payment.created_at),
    ],
    [
      'package',
      t('payments.receipt.package'),
      t('packages.card.name', { name: payment.package_code }),
    ],
    ['pages', t('payments.receipt.pages'), String(payment.pages)],
    [
      'amount',
      t('payments.receipt.amount'),
      formatPrice(locale, payment.amount_minor, payment.currency),
    ],
    ['method', t('payments.receipt.method'), t(`payments.methods.${payment.method}`)],
    [
      'expires',
      t('payments.receipt.expires'),
      payment.pages_expire_at ? formatDateTime(locale, payment.pages_expire_at) : '—',
    ],
    ['reference', t('payments.receipt.reference'), payment.reference],
  ];
  return (
    <section className="card receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <h2 id="receipt-title" className="card__title">
        {t('payments.receipt.title')}
      </h2>
      <dl className="receipt__list">
        {rows.map(([key, label, value]) => (
          <div key={key} className="receipt__row" data-testid={`receipt-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
