import { formatMoney, type TExpressPrice } from '@printomat/shared';
import { useLocale, useT } from '../i18n/use-t';

/**
 * The order's price in money as the server computed it (the same `expressPrice` the web would
 * compute): faces printed, of which colour, the list price, the discount and what is paid.
 */
export function ExpressPriceTable(props: {
  price: TExpressPrice;
  pending: boolean;
  /** The order was paid: the total is what was paid, not what is to pay. */
  paid?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { price } = props;
  const money = (minor: number) => formatMoney(locale, minor, price.currency);
  if (props.pending) {
    return (
      <p className="express-price__pending" data-testid="express-price-pending">
        {t('express_page.price.pending')}
      </p>
    );
  }
  return (
    <dl className="express-price" data-testid="express-price">
      <dt>{t('express_page.price.faces')}</dt>
      <dd data-testid="express-faces">{price.faces}</dd>
      <dt>{t('express_page.price.colour_faces')}</dt>
      <dd data-testid="express-colour-faces">{price.color_faces}</dd>
      {price.discount_code && (
        <>
          <dt>{t('express_page.price.list')}</dt>
          <dd data-testid="express-list-price">{money(price.list_minor)}</dd>
          <dt>
            {t('express_page.price.discount', {
              code: price.discount_code,
              percent: price.discount_percent ?? 0,
            })}
          </dt>
          <dd data-testid="express-discount">−{money(price.discount_minor)}</dd>
        </>
      )}
      <dt className="express-price__total">
        {props.paid ? t('express_page.price.paid') : t('express_page.price.total')}
      </dt>
      <dd className="express-price__total" data-testid="express-total">
        {money(price.total_minor)}
      </dd>
    </dl>
  );
}
