import { formatDateTime, type TPrinterAvailability } from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';

/** The live state of a printer as a coloured badge. */
export function AvailabilityBadge({ availability }: { availability: TPrinterAvailability }) {
  const t = useT();
  return (
    <span
      className={`printer-state printer-state--${availability}`}
      data-testid="printer-state"
      data-state={availability}
    >
      {t(`admin_printers.availability.${availability}`)}
    </span>
  );
}

/** When a printer's agent last called in, or that it never did. */
export function LastSeen({ at }: { at: string | null }) {
  const t = useT();
  const { locale } = useLocale();
  return <>{at ? formatDateTime(locale, at) : t('admin_printers.never')}</>;
}
