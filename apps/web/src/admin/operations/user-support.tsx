import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SUPPORT_PAGES_VALID_DAYS,
  formatDateTime,
  MAX_SUPPORT_REASON_LENGTH,
  ZAdminGrantPagesInput,
  type TAdminUserDetail,
  type TAdminGrantPagesInput,
} from '@printomat/shared';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { checkInput } from '../../forms/check-input';
import { useLocale, useT } from '../../i18n/use-t';
import { ConfirmDialog, ErrorAlert, formValues } from '../shared/admin-ui';
import {
  grantPagesTo,
  OPS_KEY,
  runUserSupportAction,
  type TUserSupportAction,
} from './operations-api';

const GRANT_FIELDS = ['pages', 'valid_days', 'reason'];

function asApiError(error: unknown): ApiError | null {
  if (!error) return null;
  return error instanceof ApiError ? error : new ApiError(0, 'unexpected', '');
}

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
            <button
              type="button"
              className="button button--secondary"
              data-testid="support-resend-confirmation"
              disabled={action.isPending}
              onClick={() => start('resend-confirmation')}
            >
              {t('admin_support.user.resend_confirmation')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              data-testid="support-confirm-email"
              disabled={action.isPending}
              onClick={() => start('confirm-email')}
            >
              {t('admin_support.user.confirm_email')}
            </button>
          </>
        )}
        {user.blocked_at ? (
          <button
            type="button"
            className="button button--secondary"
            data-testid="support-unblock"
            disabled={action.isPending}
            onClick={() => start('unblock')}
          >
            {t('admin_support.user.unblock')}
          </button>
        ) : (
          !isMe && (
            <button
              type="button"
              className="button ops-button--danger"
              data-testid="support-block"
              disabled={action.isPending}
              onClick={() => start('block')}
            >
              {t('admin_support.user.block')}
            </button>
          )
        )}
      </div>
      <ErrorAlert error={action.error} />
      {notice && (
        <p className="alert alert--success" role="status" data-testid="support-notice">
          {notice}
        </p>
      )}

      <h4>{t('admin_support.user.grant_title')}</h4>
      <form className="form ops-code-form" onSubmit={onGrant} noValidate data-testid="grant-form">
        <FormAlert error={grantError} shownFields={GRANT_FIELDS} />
        <FormField
          name="pages"
          type="number"
          min={1}
          step={1}
          label={t('admin_support.fields.pages')}
          errors={grantError?.fieldErrors?.pages}
        />
        <FormField
          name="valid_days"
          type="number"
          min={1}
          step={1}
          label={t('admin_support.fields.valid_days')}
          errors={grantError?.fieldErrors?.valid_days}
          defaultValue={DEFAULT_SUPPORT_PAGES_VALID_DAYS}
        />
        <FormField
          name="reason"
          label={t('admin_support.fields.reason')}
          hint={t('admin_support.user.grant_hint')}
          maxLength={MAX_SUPPORT_REASON_LENGTH}
          errors={grantError?.fieldErrors?.reason}
        />
        <div className="ops-actions__buttons">
          <button type="submit" className="button" disabled={grant.isPending}>
            {t('admin_support.user.grant')}
          </button>
        </div>
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

const ACTION_NOTICES = {
  'resend-confirmation': 'admin_support.user.confirmation_sent',
  'confirm-email': 'admin_support.user.email_confirmed',
  block: 'admin_support.user.blocked',
  unblock: 'admin_support.user.unblocked',
} as const;
