import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { formatDateTime, ROLES } from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { useListParams } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { FilterInput, FilterSelect, ListFilters } from '../shared/list-filters';
import { fetchUsers, OPS_KEY, queryString } from './operations-api';

const COLUMNS = ['id', 'email', 'role', 'pages', 'confirmed', 'last_login', 'created'] as const;

/** Users, searched by e-mail and filtered by role. */
export function UsersListPage() {
  const t = useT();
  const { locale } = useLocale();
  const list = useListParams();
  const search = queryString({ q: list.get('q'), role: list.get('role'), page: list.page });
  const users = useQuery({
    queryKey: [...OPS_KEY, 'users', search],
    queryFn: () => fetchUsers(search),
  });
  const rows = users.data?.users ?? [];
  // Set by the user page after a deletion.
  const state: unknown = useLocation().state;
  const notice =
    typeof state === 'object' &&
    state !== null &&
    'notice' in state &&
    typeof state.notice === 'string'
      ? state.notice
      : null;

  return (
    <section className="ops" aria-labelledby="ops-users-title">
      <h2 id="ops-users-title">{t('admin.users.title')}</h2>
      {notice && (
        <div className="alert alert--success" role="status" data-testid="notice">
          <p>{notice}</p>
        </div>
      )}
      <ListFilters list={list} role="search">
        <FilterInput
          label={t('admin.users.search')}
          type="search"
          name="q"
          defaultValue={list.get('q')}
        />
        <FilterSelect
          label={t('admin.users.role')}
          name="role"
          defaultValue={list.get('role')}
          empty={t('admin.common.any')}
          options={ROLES.map((role) => ({ value: role, label: t(`account.roles.${role}`) }))}
        />
      </ListFilters>
      <ListTable
        query={users}
        count={rows.length}
        testId="users-table"
        paging={users.data?.paging}
        onPage={list.setPage}
        head={COLUMNS.map((c) => t(`admin.users.columns.${c}`))}
      >
        {rows.map((u) => (
          <tr key={u.id} data-testid="user-row">
            <td>{u.id}</td>
            <td>
              <Link to={`/admin/users/${u.id}`}>{u.email}</Link>
            </td>
            <td>{t(`account.roles.${u.role}`)}</td>
            <td>{u.remaining_page_limit}</td>
            <td>{u.email_confirmed ? t('admin.common.yes') : t('admin.common.no')}</td>
            <td>
              {u.last_login_at ? formatDateTime(locale, u.last_login_at) : t('admin.common.none')}
            </td>
            <td>{formatDateTime(locale, u.created_at)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
