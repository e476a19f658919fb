import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  colorPagesFrom,
  promoPrice,
  type TAdminPackage,
  type TPackageAudience,
  type TPackageInput,
  ZPackageInput,
} from '@printomat/shared';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { checkInput } from '../../forms/check-input';
import { useSubmit } from '../../forms/use-submit';
import { useLocale, useT } from '../../i18n/use-t';
import { formatPrice } from '../../pages/public/package-data';
import { PACKAGES_QUERY_KEY } from '../../payments/payments-api';
import {
  adminPackagesKey,
  createAdminPackage,
  fetchAdminPackages,
  updateAdminPackage,
} from './admin-packages-api';

const FIELDS = [
  'code',
  'pages',
  'validity_days',
  'regular_price_minor',
  'promo_percent',
  'currency',
  'sort_order',
] as const;
const FLAGS = ['is_popular', 'is_active'] as const;

/** `/admin/packages/new` and `/admin/packages/:id/edit`. */
export function PackageFormPage() {
  const { id } = useParams();
  const packages = useQuery({ queryKey: adminPackagesKey, queryFn: fetchAdminPackages });
  if (id === undefined) return <PackageForm existing={null} />;
  const existing = packages.data?.packages.find((p) => String(p.id) === id);
  if (!existing) return null;
  return <PackageForm existing={existing} />;
}

type TDraft = Record<(typeof FIELDS)[number], string> & {
  audience: TPackageAudience;
  is_popular: boolean;
  is_active: boolean;
};

function PackageForm({ existing }: { existing: TAdminPackage | null }) {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<TDraft>(() => ({
    code: existing?.code ?? '',
    audience: existing?.audience ?? 'personal',
    pages: String(existing?.pages ?? ''),
    validity_days: String(existing?.validity_days ?? ''),
    regular_price_minor: String(existing?.regular_price_minor ?? ''),
    promo_percent: String(existing?.promo_percent ?? 0),
    currency: existing?.currency ?? 'PLN',
    sort_order: String(existing?.sort_order ?? 0),
    is_popular: existing?.is_popular ?? false,
    is_active: existing?.is_active ?? true,
  }));
  const save = useCallback(async () => {
    // Numbers go as typed: the shared schema (here, then the server) says "is not a number".
    const input: TPackageInput = checkInput(ZPackageInput, draft, t);
    if (existing) await updateAdminPackage(existing.id, input);
    else await createAdminPackage(input);
    await client.invalidateQueries({ queryKey: adminPackagesKey });
    await client.invalidateQueries({ queryKey: PACKAGES_QUERY_KEY });
    void navigate('/admin/packages');
  }, [draft, existing, client, navigate, t]);
  const { submit, isPending, error, fieldErrors } = useSubmit(save);

  const regular = Number(draft.regular_price_minor);
  const promo = Number(draft.promo_percent);
  const preview =
    Number.isInteger(regular) && regular > 0 && Number.isInteger(promo)
      ? t('payments.admin.price_preview', {
          price: formatPrice(locale, promoPrice(regular, promo), draft.currency || 'PLN'),
          color: colorPagesFrom(Number(draft.pages) || 0),
        })
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const text = (name: (typeof FIELDS)[number], inputMode?: 'numeric') => (
    <FormField
      name={name}
      label={t(`payments.admin.fields.${name}`)}
      value={draft[name]}
      inputMode={inputMode}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      errors={fieldErrors[name]}
    />
  );

  return (
    <section aria-labelledby="package-form-title" className="admin-package-form">
      <h2 id="package-form-title">
        {existing ? t('payments.admin.edit', { name: existing.code }) : t('payments.admin.new')}
      </h2>
      <form onSubmit={onSubmit} noValidate data-testid="package-form">
        <FormAlert error={error} shownFields={[...FIELDS, 'audience']} />
        {text('code')}
        <div className="field">
          <label className="field__label" htmlFor="package-audience">
            {t('payments.admin.fields.audience')}
          </label>
          <select
            id="package-audience"
            className="field__input"
            value={draft.audience}
            onChange={(e) =>
              setDraft({
                ...draft,
                audience: e.target.value === 'business' ? 'business' : 'personal',
              })
            }
          >
            <option value="personal">{t('payments.admin.audience.personal')}</option>
            <option value="business">{t('payments.admin.audience.business')}</option>
          </select>
        </div>
        {text('pages', 'numeric')}
        {text('validity_days', 'numeric')}
        {text('regular_price_minor', 'numeric')}
        {text('promo_percent', 'numeric')}
        {text('currency')}
        {text('sort_order', 'numeric')}
        {preview && (
          <p className="field__hint" data-testid="package-price-preview">
            {preview}
          </p>
        )}
        {FLAGS.map((flag) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              checked={draft[flag]}
              onChange={(e) => setDraft({ ...draft, [flag]: e.target.checked })}
            />{' '}
            {t(`payments.admin.fields.${flag}`)}
          </label>
        ))}
        <div className="form-actions">
          <button type="submit" className="button" disabled={isPending} data-testid="package-save">
            {t('payments.admin.save')}
          </button>{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void navigate('/admin/packages')}
          >
            {t('payments.admin.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
