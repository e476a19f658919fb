import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TPackage, TPaymentMethodName } from '@printomat/shared';
import { ApiError } from '../api/client';
import { FormAlert } from '../components/form-alert';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import { useModal } from '../modal/modal-context';
import { formatPrice } from '../pages/public/package-data';
import { PaymentMethodChoice } from './payment-method-choice';
import { goToProvider, newIdempotencyKey, startPurchase } from './payments-api';

/**
 * Buying one package: choose how to pay, then off to the provider's page. The methods are the
 * ones the server takes right now (`payment_methods` of `GET /api/packages`: card, transfer and
 * BLIK from the main provider, SMS when an SMS-payment provider is configured). Nothing is
 * chosen for the person; submitting without a method gets the provider's message. A confirmed
 * e-mail is needed first: the server says so and the e-mail-required modal explains.
 */
export function CheckoutPanel({
  pkg,
  methods,
  onCancel,
}: {
  pkg: TPackage;
  methods: readonly TPaymentMethodName[];
  onCancel: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { openModal } = useModal();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [method, setMethod] = useState<TPaymentMethodName | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // One key per package and method: a double click or a retry never buys twice.
  const [key, setKey] = useState(newIdempotencyKey);
  useEffect(() => heading.current?.focus(), [pkg.id]);

  const action = useCallback(async () => {
    try {
      const started = await startPurchase({
        package_id: pkg.id,
        method,
        idempotency_key: key,
      });
      setRedirecting(true);
      goToProvider(started.redirect_url);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_required')
        openModal('payments/email_required');
      // A refused attempt is over: the next one is a new purchase.
      setKey(newIdempotencyKey());
      throw error;
    }
  }, [pkg.id, method, key, openModal]);
  const { submit, isPending, error } = useSubmit(action);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <section className="card checkout" aria-labelledby={titleId} data-testid="checkout">
      <h2 id={titleId} className="checkout__title" ref={heading} tabIndex={-1}>
        {t('payments.checkout.title', { name: pkg.code })}
      </h2>
      <p data-testid="checkout-summary">
        {t('payments.checkout.summary', {
          count: pkg.pages,
          days: pkg.validity_days,
          price: formatPrice(locale, pkg.price_minor, pkg.currency),
        })}
      </p>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert error={error?.code === 'email_required' ? null : error} />
        <PaymentMethodChoice
          methods={methods}
          value={method}
          onChange={(m) => {
            setMethod(m);
            setKey(newIdempotencyKey());
          }}
          testIdPrefix="method-"
        />
        <div className="checkout__actions">
          <button
            type="submit"
            className="button"
            disabled={isPending || redirecting}
            data-testid="checkout-pay"
          >
            {redirecting ? t('payments.checkout.redirecting') : t('payments.checkout.pay')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('payments.checkout.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
