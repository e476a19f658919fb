import { apiRequest } from './client';

export type TLinkMethod = 'delete' | 'put' | 'patch' | 'post';

/** Adds `_method=VERB` to the address; the server rewrites the method before routing. */
export function methodOverrideUrl(href: string, method: TLinkMethod): string {
  if (method === 'post') return href;
  const hashAt = href.indexOf('#');
  const base = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}_method=${method.toUpperCase()}${hash}`;
}

/**
 * What a Rails-style `<a data-method>` does (spec section 7): a POST of a hidden form carrying
 * the method override field, plus the anti-forgery header.
 */
export function submitWithMethod<T = unknown>(href: string, method: TLinkMethod): Promise<T> {
  const form = new URLSearchParams({ _method: method.toUpperCase() });
  return apiRequest<T>('POST', methodOverrideUrl(href, method), { form });
}
