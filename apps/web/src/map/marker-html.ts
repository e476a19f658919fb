import { shownAvailability, type TPrinterAvailability } from '@printomat/shared';
import { MARKER_HEIGHT, MARKER_WIDTH } from './map-constants';

/**
 * A 34×45 pin; its colour comes from map.css by the availability the list and the printer's
 * page show (a printer outside its opening hours is "closed" there, so its pin is not green).
 */
export function pinHtml(
  printer: { id: number; availability: TPrinterAvailability; open_now: boolean | null },
  selected: boolean,
): string {
  const shown = shownAvailability(printer.availability, printer.open_now);
  const classes = `map-marker map-marker--${shown}${selected ? ' map-marker--selected' : ''}`;
  return (
    `<span class="${classes}" data-testid="map-marker" data-id="${printer.id}" data-availability="${shown}">` +
    `<svg width="${MARKER_WIDTH}" height="${MARKER_HEIGHT}" viewBox="0 0 34 45" aria-hidden="true" focusable="false">` +
    '<path class="map-marker__pin" d="M17 1.5C8.4 1.5 1.5 8.3 1.5 16.8c0 11.2 13.6 25.3 14.4 26.2a1.5 1.5 0 0 0 2.2 0c.8-.9 14.4-15 14.4-26.2C32.5 8.3 25.6 1.5 17 1.5z"/>' +
    '<circle class="map-marker__dot" cx="17" cy="16.5" r="6.5"/>' +
    '</svg></span>'
  );
}

/** Cluster sizes grow with the count, as the clusterer's icons did. */
export function clusterSize(count: number): number {
  if (count < 10) return 36;
  if (count < 100) return 44;
  return 52;
}

export function clusterHtml(count: number): string {
  return `<span class="map-cluster" data-testid="map-cluster" data-count="${count}">${count}</span>`;
}
