import { useMemo } from 'react';
import { BUSINESS_COUNTRIES, type TBusinessProfile } from '@printomat/shared';
import { FormField } from '../components/form-field';
import { SelectField } from '../components/select-field';
import { useLocale, useT } from '../i18n/use-t';

/** The company's fields, as the forms read them (`readFormValues`). */
export const COMPANY_FIELDS = [
  'business_name',
  'address',
  'postcode',
  'city',
  'country',
  'nip_number',
] as const;

type TFieldErrors = Record<string, string[] | undefined>;

/**
 * The company's details (spec 3: business_name, address, city, postcode, nip_number) with the
 * country (Poland or another EU member state), for the business sign-up, turning a personal
 * account into a business one and editing. `initial` fills them in (editing).
 */
export function CompanyFields({
  fieldErrors,
  initial,
}: {
  fieldErrors: TFieldErrors;
  initial?: TBusinessProfile | undefined;
}) {
  const t = useT();
  return (
    <>
      <FormField
        name="business_name"
        label={t('business_account.fields.business_name')}
        autoComplete="organization"
        required
        defaultValue={initial?.business_name}
        errors={fieldErrors.business_name}
      />
      <FormField
        name="address"
        label={t('business_account.fields.address')}
        autoComplete="street-address"
        required
        defaultValue={initial?.address}
        errors={fieldErrors.address}
      />
      <div className="company-form__row">
        <FormField
          name="postcode"
          label={t('business_account.fields.postcode')}
          autoComplete="postal-code"
          required
          defaultValue={initial?.postcode}
          errors={fieldErrors.postcode}
        />
        <FormField
          name="city"
          label={t('business_account.fields.city')}
          autoComplete="address-level2"
          required
          defaultValue={initial?.city}
          errors={fieldErrors.city}
        />
      </div>
      <CountryField defaultValue={initial?.country ?? 'PL'} errors={fieldErrors.country} />
      <FormField
        name="nip_number"
        label={t('business_account.fields.nip_number')}
        hint={t('business_account.profile.country_hint')}
        required
        defaultValue={initial?.nip_number}
        errors={fieldErrors.nip_number}
      />
    </>
  );
}

/** Poland first, then the other EU countries in the reader's alphabetical order. */
function CountryField({
  defaultValue,
  errors,
}: {
  defaultValue: string;
  errors: readonly string[] | undefined;
}) {
  const t = useT();
  const { locale } = useLocale();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const [poland, ...others] = BUSINESS_COUNTRIES.map((code) => ({
      code,
      name: names.of(code) ?? code,
    }));
    others.sort((a, b) => a.name.localeCompare(b.name, locale));
    return poland ? [poland, ...others] : others;
  }, [locale]);
  return (
    <SelectField
      name="country"
      label={t('business_account.fields.country')}
      errors={errors}
      defaultValue={defaultValue}
      autoComplete="country"
    >
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}
