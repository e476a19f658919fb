import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatDateTime, type TDiscountCode } from '@printomat/shared';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { ApiError } from '../../api/client';
import { useLocale, useT } from '../../i18n/use-t';
import { formValues } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { createDiscountCode, fetchDiscountCodes, OPS_KEY } from './operations-api';

const COLUMNS = ['code', 'percent', 'expiration_date', 'uses', 'status', 'created'] as const;

const FIELDS = ['code', 'percent', 'expiration_date', 'number_of_uses', 'active'];

/** Express discount codes: the list, and a form to add one (an empty code gets a random one). */
export function DiscountCodesPage() {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const codes = useQuery({ queryKey: [...OPS_KEY, 'discount-codes'], queryFn: fetchDiscountCodes });
  const [added, setAdded] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({
    mutationFn: createDiscountCode,
    onSuccess: async (code) => {
      setAdded(code.code);
      setFormKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: [...OPS_KEY, 'discount-codes'] });
    },
  });
  const error =
    create.error instanceof ApiError
      ? create.error
      : create.error
        ? new ApiError(0, 'unexpected', '')
        : null;
  const fieldErrors = error?.fieldErrors ?? {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdded(null);
    const values = formValues(event.currentTarget);
    create.mutate({
      code: values.code ?? '',
      percent: values.percent ?? '',
      expiration_date: values.expiration_date ?? '',
      number_of_uses: values.number_of_uses ?? '',
      active: values.active === 'on',
    });
  };

  return (
    <section className="ops" aria-labelledby="ops-codes-title">
      <h2 id="ops-codes-title">{t('admin.discount_codes.title')}</h2>
      <section className="card ops-form-card">
        <h3 className="card__title">{t('admin.discount_codes.add_title')}</h3>
        <form className="form ops-code-form" onSubmit={onSubmit} key={formKey} noValidate>
          <FormAlert error={error} shownFields={FIELDS} />
          {added && (
            <div className="alert alert--success" role="status" data-testid="code-added">
              <p>{t('admin.discount_codes.added', { code: added })}</p>
            </div>
          )}
          <FormField
            name="code"
            label={t('admin.discount_codes.fields.code')}
            hint={t('admin.discount_codes.fields.code_hint')}
            errors={fieldErrors.code}
            autoComplete="off"
            maxLength={32}
          />
          <FormField
            name="percent"
            type="number"
            min={1}
            max={100}
            step={1}
            label={t('admin.discount_codes.fields.percent')}
            errors={fieldErrors.percent}
          />
          <FormField
            name="expiration_date"
            type="date"
            label={t('admin.discount_codes.fields.expiration_date')}
            hint={t('admin.discount_codes.fields.expiration_hint')}
            errors={fieldErrors.expiration_date}
          />
          <FormField
            name="number_of_uses"
            type="number"
            min={1}
            step={1}
            label={t('admin.discount_codes.fields.number_of_uses')}
            errors={fieldErrors.number_of_uses}
          />
          <label className="ops-checkbox">
            <input type="checkbox" name="active" defaultChecked />
            <span>{t('admin.discount_codes.fields.active')}</span>
          </label>
          <button type="submit" className="button" disabled={create.isPending}>
            {t('admin.discount_codes.add')}
          </button>
        </form>
      </section>

      <ListTable
        query={codes}
        count={codes.data?.codes.length ?? 0}
        empty={t('admin.discount_codes.empty')}
        testId="codes-table"
        head={COLUMNS.map((c) => t(`admin.discount_codes.fields.${c}`))}
      >
        {codes.data?.codes.map((c) => (
          <tr key={c.id} data-testid="code-row">
            <td>
              <code>{c.code}</code>
            </td>
            <td>{c.percent}%</td>
            <td>
              {c.expiration_date
                ? formatDate(locale, `${c.expiration_date}T12:00:00Z`, 'UTC')
                : t('admin.discount_codes.never')}
            </td>
            <td>
              {c.uses} / {c.number_of_uses}
            </td>
            <td>{t(`admin.discount_codes.states.${codeState(c)}`)}</td>
            <td>{formatDateTime(locale, c.created_at)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

function codeState(code: TDiscountCode): 'usable' | 'inactive' | 'expired' | 'used_up' {
  if (code.is_usable) return 'usable';
  if (!code.active) return 'inactive';
  if (code.uses >= code.number_of_uses) return 'used_up';
  return 'expired';
}
