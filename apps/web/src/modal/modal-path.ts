/** Modal addresses are paths such as `users/language` or `printjobs/preview/0/42`. */
const MODAL_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;
export const MODAL_ROUTE_PREFIX = '/modal/';

export function isModalPath(value: string): boolean {
  return MODAL_PATH.test(value);
}

/** `#modal=a.b` → `a/b` (spec section 2). */
export function modalPathFromHash(hash: string): string | null {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('modal');
  if (!raw) return null;
  const path = raw.split('.').join('/');
  return isModalPath(path) ? path : null;
}

/** `/modal/a/b` → `a/b`. */
export function modalPathFromPathname(pathname: string): string | null {
  if (!pathname.startsWith(MODAL_ROUTE_PREFIX)) return null;
  const path = pathname.slice(MODAL_ROUTE_PREFIX.length).replace(/\/+$/, '');
  return isModalPath(path) ? path : null;
}

export function modalHashFor(path: string): string {
  return `#modal=${path.split('/').join('.')}`;
}

/**
 * The modal the address asks for. A malformed address still opens "something" (the raw text)
 * so that the host can report it as unknown and close it, clearing the address.
 */
export function modalPathFromLocation(pathname: string, hash: string): string | null {
  if (pathname.startsWith(MODAL_ROUTE_PREFIX)) {
    return modalPathFromPathname(pathname) ?? pathname.slice(MODAL_ROUTE_PREFIX.length);
  }
  const fromHash = modalPathFromHash(hash);
  if (fromHash) return fromHash;
  return new URLSearchParams(hash.replace(/^#/, '')).get('modal') || null;
}
