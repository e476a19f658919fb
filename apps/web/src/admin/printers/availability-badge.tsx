import type { TPrinterAvailability } from '@printomat/shared';
import { useT } from '../../i18n/use-t';

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
