import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  formatDateTime,
  ZDiscountCodeInput,
  ZDiscountCodeUpdateInput,
  type TDiscountCode,
  type TDiscountCodeInput,
  type TDiscountCodeUpdateInput,
} from '@printomat/shared';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { asApiError } from '../../api/client';
import { checkInput } from '../../forms/check-input';
import { useLocale, useT } from '../../i18n/use-t';
import { ConfirmDialog, ErrorAlert, formValues } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import {
  createDiscountCode,
  deactivateDiscountCode,
  fetchDiscountCodes,
  OPS_KEY,
  updateDiscountCode,
} from './operations-api';

const COLUMNS = ['code', 'percent', 'expiration_date', 'uses', 'status', 'created'] as const;

const FIELDS = ['code', 'percent', 'expiration_date', 'number_of_uses', 'active'];
const CODES_KEY = [...OPS_KEY, 'discount-codes'] as const;

/**
 * Express discount codes: the list with each code's usage (uses / number of uses), a form to add
 * one (an empty code gets a random one), and per code Edit and Deactivate.
 */
export function DiscountCodesPage() {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const codes = useQuery({ queryKey: CODES_KEY, queryFn: fetchDiscountCodes });
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<TDiscountCode | null>(null);
  const [deactivating, setDeactivating] = useState<TDiscountCode | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CODES_KEY });
  const create = useMutation({
    // The shared schema checks the form first: a refused code is not sent.
    mutationFn: (input: TDiscountCodeInput) =>
      createDiscountCode(checkInput(ZDiscountCodeInput, input, t)),
    onSuccess: async (code) => {
      setNotice(t('admin.discount_codes.added', { code: code.code }));
      setFormKey((k) => k + 1);
      await refresh();
    },
  });
  const deactivate = useMutation({
    mutationFn: (code: TDiscountCode) => deactivateDiscountCode(code.id),
    onSuccess: async (code) => {
      setDeactivating(null);
      setNotice(t('admin.discount_codes.deactivated', { code: code.code }));
      await refresh();
    },
  });
  const error = asApiError(create.error);
  const fieldErrors = error?.fieldErrors ?? {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
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
      {notice && (
        <div className="alert alert--success" role="status" data-testid="code-added">
          <p>{notice}</p>
        </div>
      )}
      {editing ? (
        <EditCodeForm
          key={editing.id}
          code={editing}
          onCancel={() => setEditing(null)}
          onSaved={(code) => {
            setEditing(null);
            setNotice(t('admin.discount_codes.saved', { code: code.code }));
            void refresh();
          }}
        />
      ) : (
        <section className="card ops-form-card">
          <h3 className="card__title">{t('admin.discount_codes.add_title')}</h3>
          <form className="form ops-code-form" onSubmit={onSubmit} key={formKey} noValidate>
            <FormAlert error={error} shownFields={FIELDS} />
            <FormField
              name="code"
              label={t('admin.discount_codes.fields.code')}
              hint={t('admin.discount_codes.fields.code_hint')}
              errors={fieldErrors.code}
              autoComplete="off"
              maxLength={32}
            />
            <CodeFields fieldErrors={fieldErrors} />
            <label className="ops-checkbox">
              <input type="checkbox" name="active" defaultChecked />
              <span>{t('admin.discount_codes.fields.active')}</span>
            </label>
            <button type="submit" className="button" disabled={create.isPending}>
              {t('admin.discount_codes.add')}
            </button>
          </form>
        </section>
      )}

      <ErrorAlert error={deactivate.error} />
      <ListTable
        query={codes}
        count={codes.data?.codes.length ?? 0}
        empty={t('admin.discount_codes.empty')}
        testId="codes-table"
        head={[
          ...COLUMNS.map((c) => t(`admin.discount_codes.fields.${c}`)),
          t('admin.discount_codes.actions'),
        ]}
      >
        {codes.data?.codes.map((c) => (
          <tr key={c.id} data-testid="code-row" data-code={c.code}>
            <td>
              <code>{c.code}</code>
            </td>
            <td>{c.percent}%</td>
            <td>
              {c.expiration_date
                ? formatDate(locale, `${c.expiration_date}T12:00:00Z`, 'UTC')
                : t('admin.discount_codes.never')}
            </td>
            <td data-testid="code-usage">
              {c.uses} / {c.number_of_uses}
            </td>
            <td data-testid="code-state">{t(`admin.discount_codes.states.${codeState(c)}`)}</td>
            <td>{formatDateTime(locale, c.created_at)}</td>
            <td className="ops-actions__buttons">
              <button
                type="button"
                className="button button--small button--secondary"
                data-testid="code-edit"
                onClick={() => {
                  setNotice(null);
                  setEditing(c);
                }}
              >
                {t('admin.discount_codes.edit')}
              </button>
              {c.active && (
                <button
                  type="button"
                  className="button button--small ops-button--danger"
                  data-testid="code-deactivate"
                  onClick={() => {
                    setNotice(null);
                    setDeactivating(c);
                  }}
                >
                  {t('admin.discount_codes.deactivate')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
      {deactivating && (
        <ConfirmDialog
          question={t('admin.discount_codes.deactivate_confirm', { code: deactivating.code })}
          confirmLabel={t('admin.discount_codes.deactivate')}
          busy={deactivate.isPending}
          onConfirm={() => deactivate.mutate(deactivating)}
          onCancel={() => setDeactivating(null)}
        />
      )}
    </section>
  );
}

/** Percent, expiry and number of uses: the fields a new code and an edited one share. */
function CodeFields({
  fieldErrors,
  code,
}: {
  fieldErrors: Record<string, string[]>;
  code?: TDiscountCode;
}) {
  const t = useT();
  return (
    <>
      <FormField
        name="percent"
        type="number"
        min={1}
        max={100}
        step={1}
        label={t('admin.discount_codes.fields.percent')}
        errors={fieldErrors.percent}
        defaultValue={code?.percent}
      />
      <FormField
        name="expiration_date"
        type="date"
        label={t('admin.discount_codes.fields.expiration_date')}
        hint={t('admin.discount_codes.fields.expiration_hint')}
        errors={fieldErrors.expiration_date}
        defaultValue={code?.expiration_date ?? undefined}
      />
      <FormField
        name="number_of_uses"
        type="number"
        min={1}
        step={1}
        label={t('admin.discount_codes.fields.number_of_uses')}
        errors={fieldErrors.number_of_uses}
        defaultValue={code?.number_of_uses}
      />
    </>
  );
}

/** Editing a code: everything but its text (paid orders and receipts name it). */
function EditCodeForm(props: {
  code: TDiscountCode;
  onCancel: () => void;
  onSaved: (code: TDiscountCode) => void;
}) {
  const t = useT();
  const { code } = props;
  const save = useMutation({
    mutationFn: (input: TDiscountCodeUpdateInput) =>
      updateDiscountCode(code.id, checkInput(ZDiscountCodeUpdateInput, input, t)),
    onSuccess: props.onSaved,
  });
  const error = asApiError(save.error);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    save.mutate({
      percent: values.percent ?? '',
      expiration_date: values.expiration_date ?? '',
      number_of_uses: values.number_of_uses ?? '',
      active: values.active === 'on',
    });
  };
  return (
    <section className="card ops-form-card" data-testid="code-edit-form">
      <h3 className="card__title">{t('admin.discount_codes.edit_title', { code: code.code })}</h3>
      <form className="form ops-code-form" onSubmit={onSubmit} noValidate>
        <FormAlert error={error} shownFields={FIELDS} />
        <CodeFields fieldErrors={error?.fieldErrors ?? {}} code={code} />
        <label className="ops-checkbox">
          <input type="checkbox" name="active" defaultChecked={code.active} />
          <span>{t('admin.discount_codes.fields.active')}</span>
        </label>
        <div className="ops-actions__buttons">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('admin.discount_codes.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            {t('admin.discount_codes.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

function codeState(code: TDiscountCode): 'usable' | 'inactive' | 'expired' | 'used_up' {
  if (code.is_usable) return 'usable';
  if (!code.active) return 'inactive';
  if (code.uses >= code.number_of_uses) return 'used_up';
  return 'expired';
}
