/** What a scanned QR code asks for. */
export type TQrTarget =
  | { kind: 'printer'; printerId: number }
  /** A bare print code (the code a printer's screen shows): released with the code. */
  | { kind: 'code'; code: string }
  | { kind: 'foreign' };

const PRINTER_PATH = /^\/printers\/(\d{1,9})\/?$/;
const PRINT_CODE = /^\d{6}$/;

/**
 * Reads a QR code's text. Accepted: this site's printer page (`${PUBLIC_URL}/printers/<id>`, what
 * the stickers encode; also the app's own `/app?printer=<id>`) and a bare 6-digit print code.
 * Anything else, including a printer address on another site, is foreign: a code someone stuck
 * over ours must not send a person elsewhere.
 */
export function parseQrContent(text: string, siteOrigin: string): TQrTarget {
  const value = text.trim();
  if (PRINT_CODE.test(value)) return { kind: 'code', code: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'foreign' };
  }
  if (url.origin !== new URL(siteOrigin).origin || url.username || url.password) {
    return { kind: 'foreign' };
  }
  const fromPath = PRINTER_PATH.exec(url.pathname)?.[1];
  const fromApp = /^\/app\/?$/.test(url.pathname) ? url.searchParams.get('printer') : null;
  const id = fromPath ?? (fromApp && /^\d{1,9}$/.test(fromApp) ? fromApp : null);
  const printerId = id === null ? 0 : Number(id);
  return printerId > 0 ? { kind: 'printer', printerId } : { kind: 'foreign' };
}

/**
 * Where the app goes for a target (`null`: stay and say it is not ours): a printer opens in the
 * app; a bare code goes to /app with the code in the navigation state.
 */
export function appPathFor(target: TQrTarget): { pathname: string; code?: string } | null {
  switch (target.kind) {
    case 'printer':
      return { pathname: `/app?printer=${target.printerId}` };
    case 'code':
      return { pathname: '/app', code: target.code };
    case 'foreign':
      return null;
  }
}
