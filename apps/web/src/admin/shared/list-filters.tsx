import type { FormEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useT } from '../../i18n/use-t';
import { formValues, type TListParams } from './admin-ui';

export type TChoice = { value: string | number; label: string };

/** A select's options: the empty choice first (any, all, choose one), then the given ones. */
export function Choices({
  empty,
  options,
}: {
  empty: string;
  options: readonly TChoice[] | undefined;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** A labelled select of a filter bar or an action row; `empty` is its first, empty choice. */
export function FilterSelect({
  label,
  empty,
  options,
  labelClassName = 'field',
  ...select
}: {
  label: string;
  empty: string;
  options: readonly TChoice[] | undefined;
  labelClassName?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'>) {
  return (
    <label className={labelClassName}>
      <span className="field__label">{label}</span>
      <select className="field__input" {...select}>
        <Choices empty={empty} options={options} />
      </select>
    </label>
  );
}

/** A labelled input of a filter bar; `children` follow the input (a datalist). */
export function FilterInput({
  label,
  children,
  ...input
}: { label: string; children?: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className'
>) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="field__input" {...input} />
      {children}
    </label>
  );
}

/**
 * The filter bar of an operations list: its fields, Filter and (unless `clearable` is false)
 * Clear. Filter writes the fields into the address, Clear empties it; the form is rebuilt when
 * the address changes, so it always shows what the list is filtered by.
 */
export function ListFilters({
  list,
  role,
  clearable = true,
  onFilter,
  children,
}: {
  list: TListParams;
  role?: 'search';
  clearable?: boolean;
  onFilter?: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilter?.();
    list.apply(formValues(event.currentTarget));
  };
  return (
    <form className="ops-filters" role={role} onSubmit={submit} key={list.params.toString()}>
      {children}
      <div className="ops-filters__buttons">
        <button type="submit" className="button">
          {t('admin.common.filter')}
        </button>
        {clearable && (
          <button type="button" className="button button--secondary" onClick={() => list.apply({})}>
            {t('admin.common.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
