import { useId, type InputHTMLAttributes } from 'react';

type TProps = {
  name: string;
  label: string;
  errors?: readonly string[] | undefined;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

/** A labelled input with the server's messages for this field under it. */
export function FormField({ name, label, errors, hint, className, ...input }: TProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const hasErrors = errors !== undefined && errors.length > 0;
  const describedBy = [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={hasErrors ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        name={name}
        className={className ? `field__input ${className}` : 'field__input'}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {hasErrors && (
        <ul className="field__errors" id={errorId}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
