import type { ReactNode } from 'react';
import type { TPaging } from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { LoadState, Pager } from './admin-ui';

/**
 * An admin table: its scroll wrapper, one header row of column titles and the body rows.
 * `variant` picks the look: `ops` (operations lists) or `admin` (printers, packages).
 */
export function AdminTable({
  variant = 'ops',
  testId,
  head,
  children,
}: {
  variant?: 'ops' | 'admin';
  testId?: string;
  head: readonly ReactNode[];
  children: ReactNode;
}) {
  return (
    <div className={`${variant}-table-wrap`}>
      <table className={`${variant}-table`} data-testid={testId}>
        <thead>
          <tr>
            {head.map((title, index) => (
              // The columns are fixed for a table: their place is their identity.
              <th scope="col" key={index}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The result part of an operations list: loading and failure (given a `query`), "nothing found"
 * once loaded with no rows, the table while there are rows, and the pager once a page has come
 * (given `onPage`).
 */
export function ListTable({
  query,
  count,
  empty,
  testId,
  head,
  children,
  paging,
  onPage,
}: {
  query?: { isLoading: boolean; error: unknown; data: unknown };
  count: number;
  empty?: string;
  testId?: string;
  head: readonly ReactNode[];
  children: ReactNode;
  paging?: TPaging | undefined;
  onPage?: (page: number) => void;
}) {
  const t = useT();
  return (
    <>
      {query && <LoadState isLoading={query.isLoading} error={query.error} />}
      {(!query || query.data !== undefined) && count === 0 && (
        <p className="ops-muted">{empty ?? t('admin.common.empty')}</p>
      )}
      {count > 0 && (
        <AdminTable testId={testId} head={head}>
          {children}
        </AdminTable>
      )}
      {paging && onPage && <Pager paging={paging} onPage={onPage} />}
    </>
  );
}
