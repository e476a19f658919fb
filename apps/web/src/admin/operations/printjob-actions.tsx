import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminPrintjobAction, TAdminPrintjobDetail } from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { ActionButtons, ConfirmDialog } from '../shared/admin-ui';
import { FilterSelect } from '../shared/list-filters';
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
        <FilterSelect
          labelClassName="field ops-actions__printer"
          label={t('admin.printjobs.print_on')}
          name="printer_id"
          value={printerId}
          onChange={(e) => setPrinterId(e.target.value)}
          empty={t('admin.printjobs.choose_printer')}
          options={printers.map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
      <ActionButtons
        actions={job.allowed_actions}
        label={(action) => t(`admin.printjobs.actions.${action}`)}
        testIdPrefix="action"
        busy={mutation.isPending}
        onStart={start}
        error={mutation.error}
        done={done}
        doneTestId="action-done"
      />
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
