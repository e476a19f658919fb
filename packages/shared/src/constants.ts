// Business constants from spec section 9. Units in the names.
export const MAX_FILE_SLOTS = 6;
export const COLOR_PAGE_MULTIPLIER = 3;
export const PAGES_PER_SHEET_OPTIONS = [1, 2, 4] as const;
export const POLL_INTERVAL_MS = 5_000;
export const ADD_CARD_BONUS_PAGES = 12;
export const ADD_CARD_BONUS_DAYS = 7;
export const PACKAGE_M_PROMO_PERCENT = 30;
export const SMS_RESEND_MIN_SECONDS = 30;
export const MIN_LOGO_HEIGHT_PX = 70;
export const MAP_MAX_ZOOM = 16;
export const MAP_CLUSTER_GRID_SIZE = 35;
export const MAP_MIN_CLUSTER_SIZE = 2;
export const MAP_MARKER_SIZE_PX = { width: 34, height: 45 } as const;
export const CARD_FIELD_MAX_LENGTH = {
  number: 19,
  postalCode: 8,
  expirationDate: 7,
  expirationMonth: 2,
  expirationYear: 4,
  cvv: 3,
} as const;
export const CARD_PROVIDER_TIMEOUT_MS = 60_000;

/** Remaining colour pages shown = floor(remaining mono pages / 3). */
export function colorPagesFrom(remainingPages: number): number {
  return Math.floor(Math.max(0, remainingPages) / COLOR_PAGE_MULTIPLIER);
}
