import { useId, type ReactNode } from 'react';
import { FieldErrors } from './field-errors';

/** A labelled select with the server's messages for this field under it. */
export function SelectField({
  name,
  label,
  errors,
  defaultValue,
  autoComplete,
  children,
}: {
  name: string;
  label: string;
  errors: readonly string[] | undefined;
  defaultValue: string;
  autoComplete?: string;
  children: ReactNode;
}) {
  const id = useId();
  const hasErrors = errors !== undefined && errors.length > 0;
  return (
    <div className={hasErrors ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? `${id}-error` : undefined}
      >
        {children}
      </select>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
