const PROBE_ORIGIN = 'http://printomat.invalid';

/**
 * Where to go after sign-in: only a path on this site. `//evil.example`, `/\evil.example`,
 * absolute URLs and anything the URL parser resolves elsewhere fall back to `/`.
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
