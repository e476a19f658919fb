import type { ApiError } from '../api/client';
import { useT } from '../i18n/use-t';

type TProps = {
  error: ApiError | null;
  /** Fields that show their own messages; messages for any other field are listed here. */
  shownFields?: readonly string[];
};

/** The message at the top of a form: the server's translated message, or a generic one. */
export function FormAlert({ error, shownFields = [] }: TProps) {
  const t = useT();
  if (!error) return null;
  const message =
    error.message || (error.status === 0 ? t('common.errors.network') : t('common.errors.generic'));
  const other = Object.entries(error.fieldErrors)
    .filter(([field]) => !shownFields.includes(field))
    .flatMap(([, messages]) => messages);
  return (
    <div className="alert alert--error" role="alert">
      <p>{message}</p>
      {other.length > 0 && (
        <ul className="alert__list">
          {other.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SuccessNotice({ children }: { children: string }) {
  return (
    <div className="alert alert--success" role="status">
      <p>{children}</p>
    </div>
  );
}
