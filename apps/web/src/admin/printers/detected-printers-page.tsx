import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  formatDateTime,
  type TAdminPrinterSummary,
  type TDetectedPrinter,
} from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { errorMessage } from '../shared/admin-ui';
import { AdminTable } from '../shared/admin-table';
import { Choices } from '../shared/list-filters';
import {
  adminPrintersKey,
  detectedPrintersKey,
  fetchAdminPrinters,
  fetchDetectedPrinters,
  registerAgent,
} from './admin-printers-api';
import { AvailabilityBadge, LastSeen } from './availability-badge';
import { QueryState } from './query-state';

const COLUMNS = [
  'minion',
  'model',
  'state',
  'address',
  'first_seen',
  'last_seen',
  'actions',
] as const;

type TResult = { kind: 'ok'; text: string } | { kind: 'error'; text: string };

/** Agents that dialled in with an unknown minion id: register one as a new or existing printer. */
export function DetectedPrintersPage() {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<TResult | null>(null);
  const detected = useQuery({
    queryKey: detectedPrintersKey,
    queryFn: fetchDetectedPrinters,
    refetchInterval: 10_000,
  });
  const printers = useQuery({ queryKey: adminPrintersKey, queryFn: fetchAdminPrinters });

  const attach = async (event: FormEvent<HTMLFormElement>, agent: TDetectedPrinter) => {
    event.preventDefault();
    const printerId = Number(new FormData(event.currentTarget).get('printer_id'));
    if (!printerId) return;
    setResult(null);
    try {
      await registerAgent(printerId, agent.minion_id);
      const name = printers.data?.printers.find((p) => p.id === printerId)?.name ?? '';
      setResult({
        kind: 'ok',
        text: t('admin_printers.detected.registered', { minion: agent.minion_id, printer: name }),
      });
    } catch (error) {
      setResult({
        kind: 'error',
        text: errorMessage(error, t('common.errors.generic')),
      });
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'printers'] });
  };

  return (
    <section className="admin-printers" aria-labelledby="detected-title">
      <p>
        <Link to="/admin/printers">{t('admin_printers.back_to_list')}</Link>
      </p>
      <h2 id="detected-title">{t('admin_printers.detected.title')}</h2>
      <p>{t('admin_printers.detected.intro')}</p>
      <div aria-live="polite">
        {result?.kind === 'ok' && (
          <p className="alert alert--success" role="status">
            {result.text}
          </p>
        )}
      </div>
      {result?.kind === 'error' && (
        <p className="alert alert--error" role="alert">
          {result.text}
        </p>
      )}
      <QueryState query={detected} />
      {detected.data &&
        (detected.data.detected.length === 0 ? (
          <p data-testid="detected-empty">{t('admin_printers.detected.empty')}</p>
        ) : (
          <AdminTable
            variant="admin"
            testId="detected-table"
            head={COLUMNS.map((c) => t(`admin_printers.detected.${c}`))}
          >
            {detected.data.detected.map((agent) => (
              <tr key={agent.minion_id}>
                <td>
                  <code>{agent.minion_id}</code>
                  <div className="admin-printers__muted">{agent.agent_version}</div>
                </td>
                <td>{agent.printer?.makeAndModel ?? t('admin_printers.detected.unknown')}</td>
                <td>{agent.printer?.state ?? t('admin_printers.detected.unknown')}</td>
                <td>{agent.remote_address ?? t('admin_printers.detected.unknown')}</td>
                <td>{formatDateTime(locale, agent.first_seen_at)}</td>
                <td>{formatDateTime(locale, agent.last_seen_at)}</td>
                <td>
                  <Link
                    className="button button--small"
                    to={`/admin/printers/new?register=${encodeURIComponent(agent.minion_id)}`}
                  >
                    {t('admin_printers.detected.register_new')}
                  </Link>
                  <form className="detected__attach" onSubmit={(e) => void attach(e, agent)}>
                    <label>
                      <span className="visually-hidden">
                        {t('admin_printers.detected.attach_to')}
                      </span>
                      <select name="printer_id" className="field__input" defaultValue="">
                        <Choices
                          empty={t('admin_printers.detected.choose_printer')}
                          options={printers.data?.printers.map((p) => ({
                            value: p.id,
                            label: `${p.name} (${p.city})`,
                          }))}
                        />
                      </select>
                    </label>
                    <button type="submit" className="button button--small button--secondary">
                      {t('admin_printers.detected.attach')}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </AdminTable>
        ))}
      <RegisteredPrinters printers={printers.data?.printers ?? []} />
    </section>
  );
}

/** Printers that have an agent (a minion id), with their live state. */
function RegisteredPrinters({ printers }: { printers: TAdminPrinterSummary[] }) {
  const t = useT();
  const registered = printers.filter((p) => p.minion_id !== null);
  return (
    <section aria-labelledby="registered-title" className="detected__registered">
      <h3 id="registered-title">{t('admin_printers.detected.registered_title')}</h3>
      <p>{t('admin_printers.detected.registered_intro')}</p>
      {registered.length === 0 ? (
        <p>{t('admin_printers.detected.registered_empty')}</p>
      ) : (
        <AdminTable
          variant="admin"
          testId="registered-table"
          head={[
            t('admin_printers.index.col_name'),
            t('admin_printers.detected.minion'),
            t('admin_printers.index.col_state'),
            t('admin_printers.index.col_heartbeat'),
            t('admin_printers.index.col_api'),
          ]}
        >
          {registered.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/admin/printers/${p.id}`}>{p.name}</Link>
              </td>
              <td>
                <code>{p.minion_id}</code>
              </td>
              <td>
                <AvailabilityBadge availability={p.availability} />
              </td>
              <td>
                <LastSeen at={p.last_seen_at} />
              </td>
              <td>{t('admin_printers.api_version', { version: p.api_version })}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
