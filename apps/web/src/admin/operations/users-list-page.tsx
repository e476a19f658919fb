import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { formatDateTime, ROLES } from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { formValues, LoadState, Pager, useListParams } from './admin-ui';
import { fetchUsers, OPS_KEY, queryString } from './operations-api';

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
  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    list.apply(formValues(event.currentTarget));
  };
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
      <form className="ops-filters" role="search" onSubmit={onFilter} key={list.params.toString()}>
        <label className="field">
          <span className="field__label">{t('admin.users.search')}</span>
          <input className="field__input" type="search" name="q" defaultValue={list.get('q')} />
        </label>
        <label className="field">
          <span className="field__label">{t('admin.users.role')}</span>
          <select className="field__input" name="role" defaultValue={list.get('role')}>
            <option value="">{t('admin.common.any')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`account.roles.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="ops-filters__buttons">
          <button type="submit" className="button">
            {t('admin.common.filter')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => list.apply({})}>
            {t('admin.common.clear')}
          </button>
        </div>
      </form>
      <LoadState isLoading={users.isLoading} error={users.error} />
      {users.data && rows.length === 0 && <p className="ops-muted">{t('admin.common.empty')}</p>}
      {rows.length > 0 && (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="users-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.columns.id')}</th>
                <th scope="col">{t('admin.users.columns.email')}</th>
                <th scope="col">{t('admin.users.columns.role')}</th>
                <th scope="col">{t('admin.users.columns.pages')}</th>
                <th scope="col">{t('admin.users.columns.confirmed')}</th>
                <th scope="col">{t('admin.users.columns.last_login')}</th>
                <th scope="col">{t('admin.users.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
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
                    {u.last_login_at
                      ? formatDateTime(locale, u.last_login_at)
                      : t('admin.common.none')}
                  </td>
                  <td>{formatDateTime(locale, u.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users.data && <Pager paging={users.data.paging} onPage={list.setPage} />}
    </section>
  );
}
