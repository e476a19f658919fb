import { useCallback, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  EXPRESS_PAYMENT_METHODS,
  formatMoney,
  type TExpressOrderView,
  type TExpressPaymentMethod,
} from '@printomat/shared';
import { ApiError } from '../api/client';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import { PaymentMethodChoice } from '../payments/payment-method-choice';
import { goToProvider, newIdempotencyKey } from '../payments/payments-api';
import { checkoutExpressOrder, expressOrderKey, quoteExpressOrder } from './express-api';
import { ExpressPriceTable } from './express-price';

const SHOWN_FIELDS = ['email', 'discount_code', 'method'];

/**
 * The price, the discount code (Apply asks the server for the price with it; a refused code gets
 * the server's translated message under the field), the optional receipt e-mail, how to pay, and
 * Pay: off to the provider, or straight to the order page when nothing is to be paid.
 */
export function ExpressCheckoutForm(props: {
  order: TExpressOrderView;
  /** Why paying is not possible yet (no documents, still processing...); null: it is. */
  blockedReason: string | null;
  pricePending: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { order } = props;
  const token = order.token;
  const [codeText, setCodeText] = useState(order.price.discount_code ?? '');
  // The code the guest applied; its price is asked for again whenever the order's price changes.
  const [appliedCode, setAppliedCode] = useState<string | null>(order.price.discount_code);
  const [email, setEmail] = useState(order.customer_email ?? '');
  const [method, setMethod] = useState<TExpressPaymentMethod | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // One key per attempt: a double click or a replayed request never pays twice.
  const [key, setKey] = useState(newIdempotencyKey);

  const priceKey = `${order.price.list_minor}:${order.price.faces}`;
  const quote = useQuery({
    queryKey: [...expressOrderKey(token), 'quote', appliedCode, priceKey],
    queryFn: () => quoteExpressOrder(token, { discount_code: appliedCode ?? undefined }),
    enabled: appliedCode !== null,
    retry: false,
  });
  const applied = appliedCode !== null && quote.data?.discount_code ? quote.data : null;
  const codeErrors =
    appliedCode === null || !quote.error
      ? []
      : quote.error instanceof ApiError
        ? (quote.error.fieldErrors.discount_code ??
          (quote.error.message ? [quote.error.message] : [t('express_page.errors.generic')]))
        : [t('express_page.errors.generic')];
  const applying = appliedCode !== null && quote.isFetching;
  const price = applied ?? order.price;
  const free = !props.pricePending && price.total_minor === 0 && price.faces > 0;

  const action = useCallback(async () => {
    try {
      const result = await checkoutExpressOrder(token, {
        email,
        discount_code: applied?.discount_code ?? undefined,
        method: free ? null : method,
        idempotency_key: key,
      });
      if (result.redirect_url) {
        setRedirecting(true);
        goToProvider(result.redirect_url);
      } else {
        await navigate(`/express/orders/${encodeURIComponent(token)}`);
      }
    } catch (error) {
      // A refused attempt is over: the next one is a new checkout.
      setKey(newIdempotencyKey());
      throw error;
    }
  }, [token, email, applied, free, method, key, navigate]);
  const { submit, isPending, error, fieldErrors } = useSubmit(action);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (props.blockedReason) return;
    // A code typed (or changed) but not applied is applied first: the guest sees its price,
    // and the next "Pay" pays it, never the price without it.
    const typed = codeText.trim().toUpperCase();
    if (typed !== (appliedCode ?? '')) {
      onApply();
      return;
    }
    if (!free && method === null) {
      setMethodError(t('express_page.pay.choose_method'));
      return;
    }
    setMethodError(null);
    void submit();
  };

  const onApply = () => {
    const code = codeText.trim().toUpperCase();
    setAppliedCode(code === '' ? null : code);
    // The same code again (after a refusal) is asked for again.
    if (code !== '' && code === appliedCode) void quote.refetch();
  };

  const methodErrors = [...(methodError ? [methodError] : []), ...(fieldErrors.method ?? [])];
  return (
    <section className="card express-checkout" aria-labelledby="express-price-title">
      <h2 id="express-price-title" className="card__title">
        {t('express_page.price.title')}
      </h2>
      <ExpressPriceTable price={price} pending={props.pricePending} />
      <form className="form express-checkout__form" onSubmit={onSubmit} noValidate>
        <FormAlert error={error} shownFields={SHOWN_FIELDS} />
        <div className="express-code">
          <FormField
            name="discount_code"
            label={t('express_page.discount.label')}
            value={codeText}
            onChange={(e) => setCodeText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onApply();
              }
            }}
            errors={[...codeErrors, ...(fieldErrors.discount_code ?? [])]}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            data-testid="express-code"
          />
          <button
            type="button"
            className="button button--secondary express-code__apply"
            onClick={onApply}
            disabled={applying}
            data-testid="express-code-apply"
          >
            {t('express_page.discount.apply')}
          </button>
        </div>
        {applied?.discount_code && (
          <p className="express-code__applied" role="status" data-testid="express-code-applied">
            {t('express_page.discount.applied', {
              code: applied.discount_code,
              percent: applied.discount_percent ?? 0,
            })}
          </p>
        )}
        <FormField
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t('express_page.email.label')}
          hint={t('express_page.email.hint')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={fieldErrors.email}
          data-testid="express-email"
        />
        {!free && (
          <PaymentMethodChoice
            methods={EXPRESS_PAYMENT_METHODS}
            value={method}
            onChange={(m) => {
              setMethod(m);
              setMethodError(null);
              setKey(newIdempotencyKey());
            }}
            testIdPrefix="express-method-"
            className="express-checkout__methods"
            errors={methodErrors}
          />
        )}
        {props.blockedReason && (
          <p className="express-checkout__blocked" data-testid="express-pay-blocked">
            {props.blockedReason}
          </p>
        )}
        <button
          type="submit"
          className="button button--block button--accent"
          disabled={isPending || redirecting || applying || props.blockedReason !== null}
          data-testid="express-pay"
        >
          {redirecting
            ? t('express_page.pay.redirecting')
            : free
              ? t('express_page.pay.free')
              : t('express_page.pay.button', {
                  amount: formatMoney(locale, price.total_minor, price.currency),
                })}
        </button>
      </form>
    </section>
  );
}
