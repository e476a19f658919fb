import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  MAX_SUPPORT_REASON_LENGTH,
  ZAdminGrantPagesInput,
  type TAdminUserDetail,
  type TAdminGrantPagesInput,
} from '@printomat/shared';
import { checkInput } from '../../forms/check-input';
import { useLocale, useT } from '../../i18n/use-t';
import { ConfirmDialog, ErrorAlert, formValues } from '../shared/admin-ui';
import {
  grantPagesTo,
  OPS_KEY,
  runUserSupportAction,
  type TUserSupportAction,
} from './operations-api';
import { asApiError } from '../../api/client';
import { PagesGrantFields } from './pages-grant-fields';

/**
 * Support for one person (issue 17): their block state, confirming their address (a fresh link,
 * or by hand), blocking after a confirmation, and giving pages with a reason.
 */
export function UserSupport({ user, isMe }: { user: TAdminUserDetail; isMe: boolean }) {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [blockReason, setBlockReason] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: OPS_KEY });

  const action = useMutation({
    mutationFn: ({ kind, reason }: { kind: TUserSupportAction; reason?: string }) =>
      runUserSupportAction(user.id, kind, reason),
    onSuccess: (_answer, { kind }) => setNotice(t(ACTION_NOTICES[kind])),
    onSettled: refresh,
  });
  const grant = useMutation({
    mutationFn: (input: TAdminGrantPagesInput) =>
      grantPagesTo(user.id, checkInput(ZAdminGrantPagesInput, input, t)),
    onSuccess: (_answer, input) =>
      setNotice(t('admin_support.user.granted', { count: Number(input.pages) })),
    onSettled: refresh,
  });
  const start = (kind: TUserSupportAction) => {
    setNotice(null);
    action.reset();
    grant.reset();
    if (kind === 'block') setConfirmingBlock(true);
    else action.mutate({ kind });
  };
  const onGrant = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    action.reset();
    const form = event.currentTarget;
    const values = formValues(form);
    grant.mutate(
      {
        pages: values.pages ?? '',
        valid_days: values.valid_days ?? '',
        reason: values.reason ?? '',
      },
      { onSuccess: () => form.reset() },
    );
  };
  const grantError = asApiError(grant.error);
  const actionButton = (kind: TUserSupportAction, className = 'button button--secondary') => (
    <button
      type="button"
      className={className}
      data-testid={`support-${kind}`}
      disabled={action.isPending}
      onClick={() => start(kind)}
    >
      {t(ACTION_LABELS[kind])}
    </button>
  );

  return (
    <section className="card" aria-labelledby="ops-support-title" data-testid="user-support">
      <h3 id="ops-support-title" className="card__title">
        {t('admin_support.user.title')}
      </h3>
      {user.blocked_at && (
        <p className="alert alert--error" data-testid="blocked-since">
          {t('admin_support.user.blocked_since', {
            date: formatDateTime(locale, user.blocked_at),
          })}
        </p>
      )}
      <div className="ops-actions__buttons">
        {!user.email_confirmed && (
          <>
            {actionButton('resend-confirmation')}
            {actionButton('confirm-email')}
          </>
        )}
        {user.blocked_at
          ? actionButton('unblock')
          : !isMe && actionButton('block', 'button ops-button--danger')}
      </div>
      <ErrorAlert error={action.error} />
      {notice && (
        <p className="alert alert--success" role="status" data-testid="support-notice">
          {notice}
        </p>
      )}

      <h4>{t('admin_support.user.grant_title')}</h4>
      <form className="form ops-code-form" onSubmit={onGrant} noValidate data-testid="grant-form">
        <PagesGrantFields
          error={grantError}
          reasonHint={t('admin_support.user.grant_hint')}
          submitLabel={t('admin_support.user.grant')}
          busy={grant.isPending}
        />
      </form>

      {confirmingBlock && (
        <ConfirmDialog
          question={t('admin_support.user.block_confirm')}
          detail={t('admin_support.user.block_explained')}
          confirmLabel={t('admin_support.user.block')}
          busy={action.isPending}
          onCancel={() => setConfirmingBlock(false)}
          onConfirm={() => {
            setConfirmingBlock(false);
            action.mutate({ kind: 'block', reason: blockReason.trim() });
            setBlockReason('');
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor="block-reason">
              {t('admin_support.fields.reason_optional')}
            </label>
            <textarea
              id="block-reason"
              name="reason"
              className="field__input"
              rows={3}
              maxLength={MAX_SUPPORT_REASON_LENGTH}
              value={blockReason}
              onChange={(e) => setBlockReason(e.target.value)}
            />
          </div>
        </ConfirmDialog>
      )}
    </section>
  );
}

const ACTION_LABELS = {
  'resend-confirmation': 'admin_support.user.resend_confirmation',
  'confirm-email': 'admin_support.user.confirm_email',
  block: 'admin_support.user.block',
  unblock: 'admin_support.user.unblock',
} as const;

const ACTION_NOTICES = {
  'resend-confirmation': 'admin_support.user.confirmation_sent',
  'confirm-email': 'admin_support.user.email_confirmed',
  block: 'admin_support.user.blocked',
  unblock: 'admin_support.user.unblocked',
} as const;
