import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminPrintjobAction, TAdminPrintjobDetail } from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { ConfirmDialog, ErrorAlert } from './admin-ui';
import { OPS_KEY, runPrintjobAction, type TPrinterOption } from './operations-api';

/** Fail and mark as printed change what the owner pays and what the printer does: asked first. */
export function needsConfirmation(action: TAdminPrintjobAction): action is 'fail' | 'mark_printed' {
  return action === 'fail' || action === 'mark_printed';
}

export function ActionConfirm({
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  action: TAdminPrintjobAction;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  if (!needsConfirmation(action)) return null;
  return (
    <ConfirmDialog
      question={t(`admin.printjobs.confirm.${action}`)}
      confirmLabel={t(`admin.printjobs.actions.${action}`)}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** The actions the job's state allows, each through the server's shared lifecycle. */
export function PrintjobActions({
  job,
  printers,
}: {
  job: TAdminPrintjobDetail;
  printers: readonly TPrinterOption[];
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [printerId, setPrinterId] = useState('');
  const [pending, setPending] = useState<TAdminPrintjobAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (action: TAdminPrintjobAction) =>
      runPrintjobAction(
        job.id,
        action,
        action === 'print' && printerId ? Number(printerId) : undefined,
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData([...OPS_KEY, 'printjob', job.id], updated);
      setDone(t('admin.printjobs.action_done', { status: t(`admin.statuses.${updated.status}`) }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_KEY }),
  });
  const start = (action: TAdminPrintjobAction) => {
    setDone(null);
    mutation.reset();
    if (needsConfirmation(action)) setPending(action);
    else mutation.mutate(action);
  };
  if (job.allowed_actions.length === 0 && !done && !mutation.error) return null;

  return (
    <section className="ops-actions" aria-label={t('admin.common.actions')}>
      {job.allowed_actions.includes('print') && (
        <label className="field ops-actions__printer">
          <span className="field__label">{t('admin.printjobs.print_on')}</span>
          <select
            className="field__input"
            name="printer_id"
            value={printerId}
            onChange={(e) => setPrinterId(e.target.value)}
          >
            <option value="">{t('admin.printjobs.choose_printer')}</option>
            {printers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="ops-actions__buttons">
        {job.allowed_actions.map((action) => (
          <button
            key={action}
            type="button"
            className="button"
            data-testid={`action-${action}`}
            disabled={mutation.isPending}
            onClick={() => start(action)}
          >
            {t(`admin.printjobs.actions.${action}`)}
          </button>
        ))}
      </div>
      <ErrorAlert error={mutation.error} />
      {done && (
        <div className="alert alert--success" role="status" data-testid="action-done">
          <p>{done}</p>
        </div>
      )}
      {pending && (
        <ActionConfirm
          action={pending}
          busy={mutation.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            mutation.mutate(pending);
            setPending(null);
          }}
        />
      )}
    </section>
  );
}
