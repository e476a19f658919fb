import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatDateTime, type TPurchaseRefund } from '@printomat/shared';
import { useCurrentUser } from '../../api/session';
import { PageTitle } from '../../components/page-title';
import { useLocale, useT } from '../../i18n/use-t';
import { ConfirmDialog, Details, ErrorAlert, LoadState, StatusBadge } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { deleteUser, fetchUser, OPS_KEY } from './operations-api';
import { PurchaseRefundDialog, PurchaseRefundNotice } from './purchase-refund';
import { UserSupport } from './user-support';

const LEDGER_COLUMNS = ['source', 'pages', 'remaining', 'expires', 'reference', 'created'] as const;
const JOB_COLUMNS = ['id', 'status', 'printer', 'pages', 'cost', 'created'] as const;

/** One user: account, pages ledger, print jobs, and deleting them after a confirmation. */
export function UserShowPage() {
  const t = useT();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const me = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // A package purchase of the ledger being refunded, and the last refund's outcome.
  const [refunding, setRefunding] = useState<string | null>(null);
  const [refunded, setRefunded] = useState<TPurchaseRefund | null>(null);
  const query = useQuery({ queryKey: [...OPS_KEY, 'user', id], queryFn: () => fetchUser(id) });
  const removal = useMutation({
    mutationFn: () => deleteUser(id),
    onSuccess: async ({ email }) => {
      // Lists fetched before still hold the user: drop them rather than show them for a moment.
      queryClient.removeQueries({ queryKey: [...OPS_KEY, 'user', id] });
      queryClient.removeQueries({ queryKey: [...OPS_KEY, 'users'] });
      await queryClient.invalidateQueries({ queryKey: OPS_KEY });
      await navigate('/admin/users', { state: { notice: t('admin.users.deleted', { email }) } });
    },
  });
  const user = query.data;
  const none = t('admin.common.none');
  const yesNo = (value: boolean) => (value ? t('admin.common.yes') : t('admin.common.no'));

  return (
    <section className="ops" aria-labelledby="ops-user-title">
      <Link to="/admin/users" className="ops-back">
        {t('admin.common.back')}
      </Link>
      <LoadState isLoading={query.isLoading} error={query.error} />
      {user && (
        <>
          <PageTitle title={t('admin.users.detail_title', { email: user.email })} />
          <h2 id="ops-user-title">{t('admin.users.detail_title', { email: user.email })}</h2>
          <section className="card">
            <Details
              rows={[
                [t('admin.users.columns.id'), user.id],
                [t('admin.users.columns.role'), t(`account.roles.${user.role}`)],
                [t('admin.users.fields.locale'), user.locale],
                [t('admin.users.columns.pages'), user.remaining_page_limit],
                [t('admin.users.columns.confirmed'), yesNo(user.email_confirmed)],
                [t('admin.users.fields.premium'), yesNo(user.is_premium)],
                [t('admin.users.fields.facebook'), yesNo(user.has_facebook)],
                [
                  t('admin.users.columns.last_login'),
                  user.last_login_at ? formatDateTime(locale, user.last_login_at) : none,
                ],
                [
                  t('admin.users.fields.mobile'),
                  user.last_login_mobile ? formatDateTime(locale, user.last_login_mobile) : none,
                ],
                [t('admin.users.columns.created'), formatDateTime(locale, user.created_at)],
              ]}
            />
            {me?.id !== user.id && (
              <div className="ops-actions__buttons">
                <button
                  type="button"
                  className="button ops-button--danger"
                  data-testid="delete-user"
                  onClick={() => {
                    removal.reset();
                    setConfirming(true);
                  }}
                >
                  {t('admin.users.delete')}
                </button>
              </div>
            )}
            <ErrorAlert error={removal.error} />
          </section>

          <UserSupport user={user} isMe={me?.id === user.id} />

          <section className="card">
            <h3 className="card__title">{t('admin.users.ledger')}</h3>
            {refunded && <PurchaseRefundNotice refund={refunded} />}
            <ListTable
              count={user.grants.length}
              empty={t('admin.users.no_grants')}
              testId="grants-table"
              head={[
                ...LEDGER_COLUMNS.map((c) => t(`admin.users.ledger_columns.${c}`)),
                t('admin_support.user.ledger_reason'),
                t('admin.common.actions'),
              ]}
            >
              {user.grants.map((g) => (
                <tr key={g.id}>
                  <td>{sourceLabel(t, g.source)}</td>
                  <td>{g.pages}</td>
                  <td>{g.remaining}</td>
                  <td>{g.expires_at ? formatDate(locale, g.expires_at) : none}</td>
                  <td>
                    {g.printjob_id !== null ? (
                      <Link to={`/admin/printjobs/${g.printjob_id}`}>
                        {t('admin_support.user.refund_of', { id: g.printjob_id })}
                      </Link>
                    ) : (
                      (g.reference ?? none)
                    )}
                  </td>
                  <td>{formatDate(locale, g.created_at)}</td>
                  <td>{g.reason ?? none}</td>
                  <td>
                    {g.source === 'package' && g.reference && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        data-testid="purchase-refund"
                        aria-label={t('admin_support.purchase_refund.refund_label', {
                          reference: g.reference,
                        })}
                        onClick={() => {
                          setRefunded(null);
                          setRefunding(g.reference);
                        }}
                      >
                        {t('admin_support.purchase_refund.refund')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </ListTable>
          </section>

          <section className="card">
            <h3 className="card__title">{t('admin.users.jobs')}</h3>
            <ListTable
              count={user.printjobs.length}
              empty={t('admin.users.no_jobs')}
              head={JOB_COLUMNS.map((c) => t(`admin.printjobs.columns.${c}`))}
            >
              {user.printjobs.map((j) => (
                <tr key={j.id}>
                  <td>
                    <Link to={`/admin/printjobs/${j.id}`}>#{j.id}</Link>
                  </td>
                  <td>
                    <StatusBadge status={j.status} />
                  </td>
                  <td>{j.printer?.name ?? none}</td>
                  <td>{j.page_count}</td>
                  <td>{j.cost}</td>
                  <td>{formatDateTime(locale, j.created_at)}</td>
                </tr>
              ))}
            </ListTable>
          </section>
          {refunding && (
            <PurchaseRefundDialog
              reference={refunding}
              onCancel={() => setRefunding(null)}
              onRefunded={(refund) => {
                setRefunding(null);
                setRefunded(refund);
              }}
            />
          )}
          {confirming && (
            <ConfirmDialog
              question={t('admin.users.delete_confirm')}
              detail={t('admin.users.delete_explained')}
              confirmLabel={t('admin.users.delete')}
              busy={removal.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() => {
                setConfirming(false);
                removal.mutate();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

const SOURCES = [
  'package',
  'card_bonus',
  'referral',
  'admin',
  'refund',
  'welcome',
  'business_trial',
] as const;

function sourceLabel(t: ReturnType<typeof useT>, source: string): string {
  const known = SOURCES.find((s) => s === source);
  return known ? t(`admin.users.sources.${known}`) : source;
}
