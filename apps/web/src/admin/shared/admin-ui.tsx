import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { TPaging } from '@printomat/shared';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n/use-t';
import { ModalDialog } from '../../modal/modal-dialog';

/** The URL's query string holds a list's filters and page, so a list can be linked and reloaded. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const apply = (values: Record<string, string>) => {
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) if (value) next.set(name, value);
    setParams(next, { replace: true });
  };
  const setPage = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, get, page, apply, setPage };
}

export type TListParams = ReturnType<typeof useListParams>;

/** The form's named fields as strings (selects, inputs). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form).entries())
    if (typeof value === 'string') out[name] = value.trim();
  return out;
}

export function Pager({ paging, onPage }: { paging: TPaging; onPage: (page: number) => void }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(paging.total / paging.page_size));
  return (
    <nav className="ops-pager" aria-label={t('admin.common.page_of', { page: paging.page, pages })}>
      <span className="ops-pager__total">{t('admin.common.total', { count: paging.total })}</span>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={paging.page <= 1}
        onClick={() => onPage(paging.page - 1)}
      >
        {t('admin.common.previous')}
      </button>
      <span>{t('admin.common.page_of', { page: paging.page, pages })}</span>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={paging.page >= pages}
        onClick={() => onPage(paging.page + 1)}
      >
        {t('admin.common.next')}
      </button>
    </nav>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  // Print job statuses, and the express order statuses of issue 13.
  const known = [
    'created',
    'scheduled',
    'printed',
    'failed',
    'archived',
    'draft',
    'awaiting_payment',
    'refunded',
    'abandoned',
  ] as const;
  const match = known.find((s) => s === status);
  return (
    <span className={`ops-status ops-status--${status}`} data-testid="status">
      {match ? t(`admin.statuses.${match}`) : status}
    </span>
  );
}

// Kept importable from here for the admin pages; it lives with ApiError.
export { errorMessage };

export function ErrorAlert({ error }: { error: unknown }) {
  const t = useT();
  if (!error) return null;
  return (
    <div className="alert alert--error" role="alert">
      <p>{errorMessage(error, t('common.errors.generic'))}</p>
    </div>
  );
}

/**
 * The buttons of the actions an object's state allows, then the failure of the last one or what
 * it did. Each button's test id is `${testIdPrefix}-${action}`.
 */
export function ActionButtons<TAction extends string>({
  actions,
  label,
  testIdPrefix,
  busy,
  onStart,
  error,
  done,
  doneTestId,
}: {
  actions: readonly TAction[];
  label: (action: TAction) => string;
  testIdPrefix: string;
  busy: boolean;
  onStart: (action: TAction) => void;
  error: unknown;
  done: string | null;
  doneTestId?: string;
}) {
  return (
    <>
      <div className="ops-actions__buttons">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className="button"
            data-testid={`${testIdPrefix}-${action}`}
            disabled={busy}
            onClick={() => onStart(action)}
          >
            {label(action)}
          </button>
        ))}
      </div>
      <ErrorAlert error={error} />
      {done && (
        <div className="alert alert--success" role="status" data-testid={doneTestId}>
          <p>{done}</p>
        </div>
      )}
    </>
  );
}

export function LoadState({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  const t = useT();
  if (isLoading) return <p className="ops-muted">{t('admin.common.loading')}</p>;
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        <p>{errorMessage(error, t('admin.common.load_failed'))}</p>
      </div>
    );
  return null;
}

/** A real confirmation dialog (not window.confirm): the question, Cancel and the action. */
export function ConfirmDialog({
  question,
  detail,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  question: string;
  detail?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** More to ask along with the question (e.g. a reason field). */
  children?: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <ModalDialog titleId={titleId} onClose={onCancel}>
      <div className="ops-confirm" data-testid="confirm-dialog">
        <h2 id={titleId} className="ops-confirm__question">
          {question}
        </h2>
        {detail && <p className="ops-muted">{detail}</p>}
        {children}
        <div className="ops-confirm__buttons">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('admin.common.cancel')}
          </button>
          <button
            type="button"
            className="button ops-button--danger"
            data-testid="confirm-button"
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

export function Details({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div className="details__row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
