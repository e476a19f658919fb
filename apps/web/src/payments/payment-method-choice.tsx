import type { TPaymentMethodName } from '@printomat/shared';
import { useT } from '../i18n/use-t';

/**
 * How to pay, as radio buttons (a package purchase and an express order). Nothing is chosen for
 * the person. `testIdPrefix` names each radio `${prefix}${method}`; `errors` are shown under them.
 */
export function PaymentMethodChoice<TMethod extends TPaymentMethodName>(props: {
  methods: readonly TMethod[];
  value: TMethod | null;
  onChange: (method: TMethod) => void;
  testIdPrefix: string;
  className?: string;
  errors?: readonly string[];
}) {
  const t = useT();
  const errors = props.errors ?? [];
  return (
    <fieldset
      className={props.className ? `checkout__methods ${props.className}` : 'checkout__methods'}
    >
      <legend>{t('payments.methods.legend')}</legend>
      {props.methods.map((m) => (
        <label key={m} className="checkout__method">
          <input
            type="radio"
            name="method"
            value={m}
            checked={props.value === m}
            onChange={() => props.onChange(m)}
            data-testid={`${props.testIdPrefix}${m}`}
          />{' '}
          {t(`payments.methods.${m}`)}
        </label>
      ))}
      {errors.length > 0 && (
        <ul className="field__errors" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
