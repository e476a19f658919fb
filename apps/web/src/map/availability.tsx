import type { TPrinterAvailability } from '@printomat/shared';
import { useT } from '../i18n/use-t';

/**
 * Whether a printer can print now, in the words of its own page (/printers/:id): the
 * `printer_page.availability.*` and `printers.errors.*` messages.
 */
export function useAvailabilityText(): (availability: TPrinterAvailability) => string {
  const t = useT();
  return (availability) => {
    switch (availability) {
      case 'available':
        return t('printer_page.availability.available');
      case 'door_open':
        return t('printer_page.availability.door_open');
      case 'out_of_paper':
      case 'paper_jam':
      case 'out_of_toner':
      case 'printer_error':
      case 'printer_unreachable':
      case 'offline':
        return t(`printers.errors.${availability}`);
      case 'disabled':
        return t('printers.errors.disabled');
      case 'maintenance':
        return t('printers.errors.maintenance');
    }
  };
}

/** The short badge of a printer in a list. */
export function AvailabilityBadge({ availability }: { availability: TPrinterAvailability }) {
  const t = useT();
  return (
    <span className={`map-badge map-badge--${availability}`} data-availability={availability}>
      {t(`map.availability.${availability}`)}
    </span>
  );
}

export function OpenNowText({ openNow }: { openNow: boolean | null }) {
  const t = useT();
  if (openNow === null) return null;
  return (
    <span className={openNow ? 'map-open map-open--open' : 'map-open map-open--closed'}>
      {openNow ? t('map.open_now') : t('map.closed_now')}
    </span>
  );
}
