import { formatDateTime, type TPrintjobResult } from '@printomat/shared';
import { useLocale, useT } from '../i18n/use-t';

/**
 * How the person's previous job ended (printed, failed, expired or cancelled; pages printed and
 * charged), shown on the fresh job for an hour after it finished. Dismissing hides this result
 * only: the banner comes back for the next one.
 */
export function LastResultBanner({
  result,
  onDismiss,
}: {
  result: TPrintjobResult;
  onDismiss: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const values = {
    printed: result.printed_pages,
    charged: result.charged_pages,
    printer: result.printer_name ?? '',
  };
  const named = result.printer_name !== null;
  const text =
    result.status === 'printed'
      ? t(
          named ? 'uploader.last_result.printed' : 'uploader.last_result.printed_no_printer',
          values,
        )
      : result.reason
        ? // Expired or cancelled: nothing reached the printer, every page came back.
          t(`uploader.last_result.${result.reason}`, values)
        : t(
            named ? 'uploader.last_result.failed' : 'uploader.last_result.failed_no_printer',
            values,
          );
  return (
    <p
      className={`banner ${result.status === 'printed' ? 'banner--info' : 'banner--danger'}`}
      role="status"
      data-testid="last-result"
      data-status={result.status}
    >
      <span data-testid="last-result-text">{text}</span>{' '}
      {/* Retention: when the job's documents go (or went); the record of the job stays. */}
      <span data-testid="last-result-retention">
        {result.files_deleted_at
          ? t('uploader.retention.deleted', {
              time: formatDateTime(locale, result.files_deleted_at),
            })
          : t('uploader.retention.will_delete', {
              time: formatDateTime(locale, result.files_delete_at),
            })}
      </span>{' '}
      <button
        type="button"
        className="button button--small button--quiet"
        data-testid="last-result-dismiss"
        onClick={onDismiss}
      >
        {t('uploader.dismiss')}
      </button>
    </p>
  );
}
