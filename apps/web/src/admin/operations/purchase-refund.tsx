import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney, ZPurchaseRefundInput, type TPurchaseRefund } from '@printomat/shared';
import { FormAlert } from '../../components/form-alert';
import { checkInput } from '../../forms/check-input';
import { useLocale, useT } from '../../i18n/use-t';
import { ConfirmDialog } from '../shared/admin-ui';
import { OPS_KEY, refundPurchase } from './operations-api';
import { asApiError } from '../../api/client';

const NOTE_MAX_LENGTH = 500;

/**
 * Asks for the note and confirms a package purchase's refund (issue 15): the money goes back to
 * the payer, the unused pages are taken back. The server's refusal (not refundable, refunded
 * already) stays in the dialog; the outcome goes to `onRefunded`.
 */
export function PurchaseRefundDialog({
  reference,
  onCancel,
  onRefunded,
}: {
  reference: string;
  onCancel: () => void;
  onRefunded: (refund: TPurchaseRefund) => void;
}) {
  const t = useT();
  const noteId = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const refund = useMutation({
    mutationFn: (value: string) =>
      refundPurchase(reference, checkInput(ZPurchaseRefundInput, { note: value }, t)),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: OPS_KEY });
      onRefunded(answer);
    },
  });
  const error = asApiError(refund.error);
  const noteErrors = error?.fieldErrors.note ?? [];

  return (
    <ConfirmDialog
      question={t('admin_support.purchase_refund.question', { reference })}
      detail={t('admin_support.purchase_refund.explained')}
      confirmLabel={t('admin_support.purchase_refund.submit')}
      busy={refund.isPending}
      onCancel={onCancel}
      onConfirm={() => refund.mutate(note)}
    >
      <FormAlert error={error} shownFields={['note']} />
      <div className={noteErrors.length > 0 ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={noteId}>
          {t('admin_support.purchase_refund.note')}
        </label>
        <textarea
          id={noteId}
          name="note"
          className="field__input"
          rows={3}
          required
          maxLength={NOTE_MAX_LENGTH}
          aria-invalid={noteErrors.length > 0 || undefined}
          aria-describedby={`${noteId}-hint`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <p className="field__hint" id={`${noteId}-hint`}>
          {t('admin_support.purchase_refund.note_hint')}
        </p>
        {noteErrors.length > 0 && (
          <ul className="field__errors">
            {noteErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
    </ConfirmDialog>
  );
}

/** What a purchase refund did: its amount and state, and the unused pages taken back. */
export function PurchaseRefundNotice({ refund }: { refund: TPurchaseRefund }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <div
      className={refund.status === 'failed' ? 'alert alert--error' : 'alert alert--success'}
      role="status"
      data-testid="purchase-refund-notice"
    >
      <p>
        {t('admin_support.purchase_refund.done', {
          reference: refund.payment_reference,
          amount: formatMoney(locale, refund.amount_minor, refund.currency),
          status: t(`admin_support.purchase_refund.statuses.${refund.status}`),
          count: refund.pages_voided,
        })}
      </p>
    </div>
  );
}
