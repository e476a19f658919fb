import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  formatDateTime,
  type TAdminPrinterSummary,
  type TDetectedPrinter,
} from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { ConfirmDialog, errorMessage } from '../shared/admin-ui';
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
/** An attach that would replace the printer's minion id: asked first. */
type TReplace = { agent: TDetectedPrinter; printer: TAdminPrinterSummary; old: string };

/**
 * Agents waiting to be registered (an unknown minion id, or one typed on a printer that has no
 * agent secret yet): register one as a new printer or attach it to an existing one. Attaching to a
 * printer that has another minion id replaces it, so the admin is asked first, naming both ids.
 */
export function DetectedPrintersPage() {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<TResult | null>(null);
  const [replace, setReplace] = useState<TReplace | null>(null);
  const [busy, setBusy] = useState(false);
  const detected = useQuery({
    queryKey: detectedPrintersKey,
    queryFn: fetchDetectedPrinters,
    refetchInterval: 10_000,
  });
  const printers = useQuery({ queryKey: adminPrintersKey, queryFn: fetchAdminPrinters });

  const register = async (agent: TDetectedPrinter, printerId: number) => {
    setBusy(true);
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
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'printers'] });
  };

  const attach = async (event: FormEvent<HTMLFormElement>, agent: TDetectedPrinter) => {
    event.preventDefault();
    const printerId = Number(new FormData(event.currentTarget).get('printer_id'));
    const printer = printers.data?.printers.find((p) => p.id === printerId);
    if (!printerId || !printer) return;
    setResult(null);
    if (printer.minion_id !== null && printer.minion_id !== agent.minion_id)
      return setReplace({ agent, printer, old: printer.minion_id });
    await register(agent, printerId);
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
                  {agent.claimed_by && (
                    <p className="alert detected__claimed" data-testid="detected-claimed">
                      {t('admin_printers.detected.claimed', { printer: agent.claimed_by.name })}
                    </p>
                  )}
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
                      {/* Mounted again once the printers arrive, so the claimed one is chosen. */}
                      <select
                        key={printers.data ? 'printers' : 'loading'}
                        name="printer_id"
                        className="field__input"
                        defaultValue={agent.claimed_by?.id ?? ''}
                      >
                        <Choices
                          empty={t('admin_printers.detected.choose_printer')}
                          options={printers.data?.printers.map((p) => ({
                            value: p.id,
                            label: `${p.name} (${p.city})`,
                          }))}
                        />
                      </select>
                    </label>
                    <button
                      type="submit"
                      className="button button--small button--secondary"
                      disabled={busy}
                    >
                      {t('admin_printers.detected.attach')}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </AdminTable>
        ))}
      {replace && (
        <ConfirmDialog
          question={t('admin_printers.detected.replace_question', {
            printer: replace.printer.name,
          })}
          detail={t('admin_printers.detected.replace_detail', {
            printer: replace.printer.name,
            old: replace.old,
            new: replace.agent.minion_id,
          })}
          confirmLabel={t('admin_printers.detected.replace_confirm')}
          busy={busy}
          onCancel={() => setReplace(null)}
          onConfirm={() => {
            setReplace(null);
            void register(replace.agent, replace.printer.id);
          }}
        />
      )}
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
