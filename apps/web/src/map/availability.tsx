import type { TShownAvailability } from '@printomat/shared';
import { useT } from '../i18n/use-t';

/**
 * Whether a printer can print now, in the words of its own page (/printers/:id): the
 * `printer_page.availability.*` and `printers.errors.*` messages.
 */
export function useAvailabilityText(): (availability: TShownAvailability) => string {
  const t = useT();
  return (availability) => {
    switch (availability) {
      case 'available':
        return t('printer_page.availability.available');
      case 'door_open':
        return t('printer_page.availability.door_open');
      case 'closed':
        return t('printer_page.availability.closed');
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
export function AvailabilityBadge({ availability }: { availability: TShownAvailability }) {
  const t = useT();
  return (
    <span className={`map-badge map-badge--${availability}`} data-availability={availability}>
      {t(`map.availability.${availability}`)}
    </span>
  );
}

/** "Open now" / "Closed now"; nothing when the hours are unknown or the state already says closed. */
export function OpenNowText({
  openNow,
  shown,
}: {
  openNow: boolean | null;
  shown: TShownAvailability;
}) {
  const t = useT();
  if (openNow === null || shown === 'closed') return null;
  return (
    <span className={openNow ? 'map-open map-open--open' : 'map-open map-open--closed'}>
      {openNow ? t('map.open_now') : t('map.closed_now')}
    </span>
  );
}
