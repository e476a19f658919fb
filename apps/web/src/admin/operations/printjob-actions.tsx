import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_FAILURE_REASON_LENGTH,
  type TAdminPrintjobAction,
  type TAdminPrintjobDetail,
  type TTranslate,
} from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { ActionButtons, ConfirmDialog } from '../shared/admin-ui';
import { FilterSelect } from '../shared/list-filters';
import { OPS_KEY, runPrintjobAction, type TPrinterOption } from './operations-api';

/** Fail and mark as printed change what the owner pays and what the printer does: asked first. */
export function needsConfirmation(action: TAdminPrintjobAction): action is 'fail' | 'mark_printed' {
  return action === 'fail' || action === 'mark_printed';
}

type TJobFacts = Pick<TAdminPrintjobDetail, 'status' | 'failure_reason' | 'reservation' | 'cost'>;

/**
 * What "Mark as printed?" says, true to what the server does (see adminMarkPrinted): a job at a
 * printer is charged in full; a failed job was settled when it failed and only changes status,
 * so the question names the failure and its reason and what was (or will be) charged for it.
 * Without a job (the list's bulk action) the text covers both.
 */
export function markPrintedText(
  t: TTranslate,
  job: TJobFacts | undefined,
): { question: string; detail?: string } {
  if (job?.status === 'scheduled')
    return { question: t('admin.printjobs.confirm.mark_printed_scheduled', { pages: job.cost }) };
  if (job?.status !== 'failed') return { question: t('admin.printjobs.confirm.mark_printed') };
  const reservation = job.reservation;
  const charge =
    reservation?.status === 'reserved'
      ? 'pending'
      : reservation?.status === 'posted' && (reservation.charged ?? 0) > 0
        ? 'charged'
        : 'none';
  return {
    question: job.failure_reason
      ? t('admin.printjobs.confirm.failed_with_reason', { reason: job.failure_reason })
      : t('admin.printjobs.confirm.failed_without_reason'),
    detail: t('admin.printjobs.confirm.mark_printed_failed', {
      charge,
      pages: reservation?.charged ?? 0,
    }),
  };
}

/**
 * Asks before fail and mark as printed. Fail takes an optional reason, kept on the job; `job`
 * (the job page) makes "Mark as printed?" say what happens to that job.
 */
export function ActionConfirm({
  action,
  job,
  busy,
  onConfirm,
  onCancel,
}: {
  action: TAdminPrintjobAction;
  job?: TJobFacts;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  if (!needsConfirmation(action)) return null;
  const text =
    action === 'mark_printed'
      ? markPrintedText(t, job)
      : { question: t('admin.printjobs.confirm.fail') };
  return (
    <ConfirmDialog
      question={text.question}
      {...(text.detail ? { detail: text.detail } : {})}
      confirmLabel={t(`admin.printjobs.actions.${action}`)}
      busy={busy}
      onConfirm={() => onConfirm(reason.trim())}
      onCancel={onCancel}
    >
      {action === 'fail' && (
        <div className="field">
          <label className="field__label" htmlFor={reasonId}>
            {t('admin.printjobs.confirm.fail_reason')}
          </label>
          <textarea
            id={reasonId}
            name="reason"
            className="field__input"
            rows={3}
            maxLength={MAX_FAILURE_REASON_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
    </ConfirmDialog>
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
    mutationFn: ({ action, reason }: { action: TAdminPrintjobAction; reason?: string }) =>
      runPrintjobAction(
        job.id,
        action,
        action === 'print' && printerId ? Number(printerId) : undefined,
        action === 'fail' ? reason : undefined,
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
    else mutation.mutate({ action });
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
          job={job}
          busy={mutation.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(reason) => {
            mutation.mutate({ action: pending, reason });
            setPending(null);
          }}
        />
      )}
    </section>
  );
}
