import { DEFAULT_SUPPORT_PAGES_VALID_DAYS, MAX_SUPPORT_REASON_LENGTH } from '@printomat/shared';
import type { ApiError } from '../../api/client';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { useT } from '../../i18n/use-t';

const FIELDS = ['pages', 'valid_days', 'reason'];

/**
 * The inside of a form that gives pages (an admin's grant, a job's refund): how many, valid how
 * long, why; the server's messages at the top and under each field; the submit button.
 */
export function PagesGrantFields({
  error,
  maxPages,
  defaultPages,
  reasonHint,
  submitLabel,
  busy,
}: {
  error: ApiError | null;
  maxPages?: number;
  defaultPages?: number;
  reasonHint?: string;
  submitLabel: string;
  busy: boolean;
}) {
  const t = useT();
  return (
    <>
      <FormAlert error={error} shownFields={FIELDS} />
      <FormField
        name="pages"
        type="number"
        min={1}
        max={maxPages}
        step={1}
        label={t('admin_support.fields.pages')}
        errors={error?.fieldErrors?.pages}
        defaultValue={defaultPages}
      />
      <FormField
        name="valid_days"
        type="number"
        min={1}
        step={1}
        label={t('admin_support.fields.valid_days')}
        errors={error?.fieldErrors?.valid_days}
        defaultValue={DEFAULT_SUPPORT_PAGES_VALID_DAYS}
      />
      <FormField
        name="reason"
        label={t('admin_support.fields.reason')}
        hint={reasonHint}
        maxLength={MAX_SUPPORT_REASON_LENGTH}
        errors={error?.fieldErrors?.reason}
      />
      <div className="ops-actions__buttons">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
