import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAdminPrinter, TMessageKey } from '@printomat/shared';
import { ApiError } from '../../api/client';
import { useLocale, useT } from '../../i18n/use-t';
import { formatDateTime } from '@printomat/shared';
import {
  adminPrinterKey,
  adminPrintersKey,
  convertToV3,
  rotateAgentSecret,
  setDecommissioned,
  setMaintenance,
} from './admin-printers-api';

type TOutcome =
  | { kind: 'notice'; key: TMessageKey }
  | { kind: 'secret'; minion: string; secret: string }
  | { kind: 'error'; message: string };

/** Maintenance toggle, conversion to API V3 and a new agent secret, with their outcomes. */
export function PrinterActions({ printer }: { printer: TAdminPrinter }) {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TOutcome | null>(null);

  const run = async (action: () => Promise<TOutcome>) => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await action());
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      setOutcome({ kind: 'error', message: message || t('common.errors.generic') });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: adminPrinterKey(printer.id) });
      await queryClient.invalidateQueries({ queryKey: adminPrintersKey, exact: true });
    }
  };

  const toggleMaintenance = () =>
    run(async () => {
      const updated = await setMaintenance(printer.id, !printer.maintenance_mode);
      queryClient.setQueryData(adminPrinterKey(printer.id), updated);
      return {
        kind: 'notice',
        key: updated.maintenance_mode
          ? 'admin_printers.show.maintenance_enabled'
          : 'admin_printers.show.maintenance_disabled',
      };
    });
  const toggleService = () => {
    const decommission = printer.decommissioned_at === null;
    if (decommission && !window.confirm(t('admin_printers.show.decommission_confirm'))) return;
    void run(async () => {
      const updated = await setDecommissioned(printer.id, decommission);
      queryClient.setQueryData(adminPrinterKey(printer.id), updated);
      return {
        kind: 'notice',
        key: updated.decommissioned_at
          ? 'admin_printers.show.decommissioned'
          : 'admin_printers.show.recommissioned',
      };
    });
  };
  const convert = () =>
    run(async () => {
      const updated = await convertToV3(printer.id);
      queryClient.setQueryData(adminPrinterKey(printer.id), updated);
      return { kind: 'notice', key: 'admin_printers.show.converted' };
    });
  const rotate = () => {
    if (!window.confirm(t('admin_printers.show.rotate_confirm'))) return;
    void run(async () => {
      const issued = await rotateAgentSecret(printer.id);
      return { kind: 'secret', minion: issued.minion_id, secret: issued.secret };
    });
  };

  return (
    <section className="printer-actions" aria-labelledby="printer-actions-title">
      <h3 id="printer-actions-title" className="visually-hidden">
        {t('admin_printers.show.maintenance')}
      </h3>
      <div className="printer-actions__row">
        <div>
          <strong>{t('admin_printers.show.maintenance')}: </strong>
          <span data-testid="maintenance-status">
            {printer.maintenance_mode
              ? t('admin_printers.show.maintenance_on')
              : t('admin_printers.show.maintenance_off')}
          </span>
        </div>
        <button
          type="button"
          className={printer.maintenance_mode ? 'button' : 'button button--secondary'}
          onClick={() => void toggleMaintenance()}
          disabled={busy}
          aria-pressed={printer.maintenance_mode}
          data-testid="maintenance-toggle"
        >
          {printer.maintenance_mode
            ? t('admin_printers.show.maintenance_disable')
            : t('admin_printers.show.maintenance_enable')}
        </button>
      </div>
      <div className="printer-actions__row">
        <div>
          <strong>{t('admin_printers.show.service')}: </strong>
          <span data-testid="service-status">
            {printer.decommissioned_at
              ? t('admin_printers.show.decommissioned_since', {
                  date: formatDateTime(locale, printer.decommissioned_at),
                })
              : t('admin_printers.show.in_service')}
          </span>
        </div>
        <button
          type="button"
          className={printer.decommissioned_at ? 'button' : 'button button--secondary'}
          onClick={toggleService}
          disabled={busy}
          data-testid="decommission-toggle"
        >
          {printer.decommissioned_at
            ? t('admin_printers.show.recommission')
            : t('admin_printers.show.decommission')}
        </button>
      </div>
      <div className="printer-actions__row">
        <div>
          <strong>{t('admin_printers.show.api')}: </strong>
          <span data-testid="api-version">
            {t('admin_printers.api_version', { version: printer.api_version })}
          </span>
        </div>
        {printer.api_version !== 3 && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void convert()}
            disabled={busy}
            data-testid="convert-v3"
          >
            {t('admin_printers.show.convert')}
          </button>
        )}
      </div>
      <div className="printer-actions__row">
        <div>
          <strong>{t('admin_printers.show.agent')}: </strong>
          {printer.has_agent_secret
            ? t('admin_printers.show.agent_secret_set')
            : t('admin_printers.show.agent_secret_missing')}
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={rotate}
          disabled={busy}
          data-testid="rotate-secret"
        >
          {t('admin_printers.show.rotate_secret')}
        </button>
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'notice' && (
          <p className="alert alert--success" role="status" data-testid="action-notice">
            {t(outcome.key)}
          </p>
        )}
        {outcome?.kind === 'secret' && (
          <div className="alert alert--success" role="status" data-testid="agent-secret">
            <p>{t('admin_printers.show.secret_issued', { minion: outcome.minion })}</p>
            <code className="printer-actions__secret">{outcome.secret}</code>
          </div>
        )}
      </div>
      {outcome?.kind === 'error' && (
        <p className="alert alert--error" role="alert" data-testid="action-error">
          {outcome.message}
        </p>
      )}
    </section>
  );
}
