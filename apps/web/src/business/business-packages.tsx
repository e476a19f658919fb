import { useCallback, useState } from 'react';
import type { TBusinessPackage, TPaymentMethodName } from '@printomat/shared';
import { ApiError } from '../api/client';
import { FormAlert } from '../components/form-alert';
import { useSubmit } from '../forms/use-submit';
import { useT } from '../i18n/use-t';
import { useModal } from '../modal/modal-context';
import { PackageCard } from '../pages/public/package-card';
import { goToProvider, newIdempotencyKey, startPurchase } from '../payments/payments-api';
import { useBusinessPackages } from './business-api';
import { businessOffer, GrossPrice } from './business-offer';

/** Business packages are paid by card or transfer (spec 1). */
const BUY_METHODS = ['card', 'transfer'] as const satisfies readonly TPaymentMethodName[];

/**
 * The business page's packages (`#packages`): net price, gross with VAT, and a button per way
 * of paying that goes straight to the provider's page (the purchase of `/kup-pakiet`).
 */
export function BusinessPackages() {
  const t = useT();
  const packages = useBusinessPackages();
  const offered = new Set(packages.data?.payment_methods ?? []);
  const methods = BUY_METHODS.filter((m) => offered.has(m));
  const list = packages.data?.packages ?? [];
  return (
    <section
      className="card business-section"
      id="packages"
      aria-labelledby="business-packages-title"
      data-testid="business-packages"
    >
      <h2 id="business-packages-title" className="card__title">
        {t('business_account.packages.title')}
      </h2>
      <p className="card__text">{t('business_account.packages.lead')}</p>
      {packages.isError && <p className="card__text">{t('common.errors.generic')}</p>}
      {packages.isSuccess && list.length === 0 && (
        <p className="card__text">{t('business_account.packages.empty')}</p>
      )}
      {list.length > 0 && (
        <ul
          className="package-grid business-packages"
          aria-label={t('business.pricing.list_label')}
        >
          {list.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard
                offer={businessOffer(pkg)}
                name={t('packages.card.name', { name: pkg.code })}
                net
              >
                <GrossPrice pkg={pkg} />
                <BuyButtons pkg={pkg} methods={methods} />
              </PackageCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BuyButtons({
  pkg,
  methods,
}: {
  pkg: TBusinessPackage;
  methods: ReadonlyArray<(typeof BUY_METHODS)[number]>;
}) {
  const t = useT();
  const { openModal } = useModal();
  const [redirecting, setRedirecting] = useState(false);
  const action = useCallback(
    async (method: TPaymentMethodName) => {
      try {
        // A fresh key per click: useSubmit lets one request run at a time, so a double click
        // never buys twice; a refused attempt is over and the next one is a new purchase.
        const started = await startPurchase({
          package_id: pkg.id,
          method,
          idempotency_key: newIdempotencyKey(),
        });
        setRedirecting(true);
        goToProvider(started.redirect_url);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'email_required')
          openModal('payments/email_required');
        throw error;
      }
    },
    [pkg.id, openModal],
  );
  const { submit, isPending, error } = useSubmit(action);
  return (
    <>
      <FormAlert error={error?.code === 'email_required' ? null : error} />
      {methods.map((method, index) => (
        <button
          key={method}
          type="button"
          className={
            index === 0 ? 'button button--block' : 'button button--secondary button--block'
          }
          disabled={isPending || redirecting}
          onClick={() => void submit(method)}
          data-testid={`business-buy-${method}`}
        >
          {redirecting
            ? t('business_account.packages.redirecting')
            : t(`business_account.packages.buy.${method}`)}
        </button>
      ))}
    </>
  );
}
