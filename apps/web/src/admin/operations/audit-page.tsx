import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime, type TAdminAuditEntry } from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { lookupKnown } from './audit-labels';
import { useListParams } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { FilterInput, FilterSelect, ListFilters } from '../shared/list-filters';
import { fetchAudit, OPS_KEY, queryString } from './operations-api';

const COLUMNS = ['when', 'who', 'what', 'subject', 'details'] as const;

const PAGE_SIZE = 50;
const SUBJECTS = [
  'printjob',
  'user',
  'printer',
  'express_order',
  'discount_code',
  'package',
  'payment',
] as const;
const LINKS: Record<string, string> = {
  printjob: '/admin/printjobs/',
  user: '/admin/users/',
  express_order: '/admin/express-orders/',
  printer: '/admin/printers/',
};

/** Who did what, when: the audit log, newest first, filtered by action and object. */
export function AuditPage() {
  const t = useT();
  const { locale } = useLocale();
  const list = useListParams();
  const search = queryString({
    action: list.get('action'),
    subject_type: list.get('subject_type'),
    subject_id: list.get('subject_id'),
    before_id: list.get('before_id'),
    limit: PAGE_SIZE,
  });
  const audit = useQuery({
    queryKey: [...OPS_KEY, 'audit', search],
    queryFn: () => fetchAudit(search),
  });
  const entries = audit.data?.entries ?? [];
  const filters = {
    action: list.get('action'),
    subject_type: list.get('subject_type'),
    subject_id: list.get('subject_id'),
  };

  return (
    <section className="ops" aria-labelledby="ops-audit-title">
      <h2 id="ops-audit-title">{t('admin.audit.title')}</h2>
      <ListFilters list={list}>
        <FilterInput
          label={t('admin.audit.filters.action')}
          name="action"
          list="ops-audit-actions"
          defaultValue={filters.action}
        >
          <datalist id="ops-audit-actions">
            {SUBJECTS.map((s) => (
              <option key={s} value={s} />
            ))}
            <option value="printjob.reset" />
            <option value="printjob.mark_failed" />
            <option value="user.delete" />
          </datalist>
        </FilterInput>
        <FilterSelect
          label={t('admin.audit.filters.subject_type')}
          name="subject_type"
          defaultValue={filters.subject_type}
          empty={t('admin.common.any')}
          options={SUBJECTS.map((s) => ({ value: s, label: t(`admin.audit.subjects.${s}`) }))}
        />
        <FilterInput
          label={t('admin.audit.filters.subject_id')}
          name="subject_id"
          defaultValue={filters.subject_id}
        />
      </ListFilters>
      <ListTable
        query={audit}
        count={entries.length}
        testId="audit-table"
        head={COLUMNS.map((c) => t(`admin.audit.columns.${c}`))}
      >
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
            <td>{formatDateTime(locale, entry.created_at)}</td>
            <td>{actorOf(t, entry)}</td>
            <td>
              <ActionCell action={entry.action} />
            </td>
            <td>
              <Subject entry={entry} />
            </td>
            <td className="ops-details">{detailsText(entry.details)}</td>
          </tr>
        ))}
      </ListTable>
      <div className="ops-pager">
        {list.get('before_id') && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => list.apply(filters)}
          >
            {t('admin.audit.newest')}
          </button>
        )}
        {entries.length === PAGE_SIZE && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              list.apply({ ...filters, before_id: String(entries[entries.length - 1]?.id ?? '') })
            }
          >
            {t('admin.audit.older')}
          </button>
        )}
      </div>
    </section>
  );
}

type TT = ReturnType<typeof useT>;

function actorOf(t: TT, entry: TAdminAuditEntry): string {
  if (!entry.actor) {
    const by = entry.details.by;
    return by === 'printer' ? t('admin.nav.printers') : t('admin.audit.system');
  }
  return entry.actor.email ?? t('admin.audit.deleted_user', { id: entry.actor.id });
}

/** The action in words with its code beside it; an action this page does not know: its code. */
function ActionCell({ action }: { action: string }) {
  const t = useT();
  const key = lookupKnown(`admin.audit.actions.${action.replace('.', '_')}`);
  if (!key) return <span className="ops-code">{action}</span>;
  return (
    <>
      {t(key)}
      <span className="ops-muted ops-code"> {action}</span>
    </>
  );
}

function Subject({ entry }: { entry: TAdminAuditEntry }) {
  const t = useT();
  if (!entry.subject_type) return <>{t('admin.common.none')}</>;
  const subject = SUBJECTS.find((s) => s === entry.subject_type);
  const label = subject ? t(`admin.audit.subjects.${subject}`) : entry.subject_type;
  const link = LINKS[entry.subject_type];
  const text = `${label} #${entry.subject_id ?? ''}`;
  // A deleted user's page is gone: no link.
  if (!link || entry.subject_id === null || entry.action === 'user.delete') return <>{text}</>;
  return <Link to={`${link}${entry.subject_id}`}>{text}</Link>;
}

function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}
