import type { TTranslate } from '@printomat/shared/i18n';

/**
 * The public pages and their `site.meta.*` entry. Plain data and a plain function (no React,
 * no browser globals), so that the server can give a pre-rendered page its head:
 * `publicPageMeta(pathname, createTranslator(locale))`.
 */
export const PUBLIC_PAGE_IDS = {
  '/': 'landing',
  '/business': 'business',
  '/contact': 'contact',
  '/faq': 'faq',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/opinion': 'opinion',
  '/partner': 'partner',
  '/recommend': 'recommend',
  '/tutorial': 'tutorial',
  '/zdobadz-strony': 'get_pages',
  '/kup-pakiet': 'buy_package',
} as const;

export type TPublicPath = keyof typeof PUBLIC_PAGE_IDS;
export type TPageMeta = { title: string; description: string };

export const PUBLIC_PATHS = Object.keys(PUBLIC_PAGE_IDS) as TPublicPath[];

export function isPublicPath(path: string): path is TPublicPath {
  return Object.hasOwn(PUBLIC_PAGE_IDS, path);
}

/** `/faq/?x#y` → `/faq`. */
function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.replace(/\/+$/, '') || '/';
}

/** The document title and meta description of a public page, in `t`'s language. */
export function metaForPublicPage(path: TPublicPath, t: TTranslate): TPageMeta {
  const id = PUBLIC_PAGE_IDS[path];
  const title =
    id === 'landing'
      ? t('site.meta.landing.title')
      : `${t(`site.meta.${id}.title`)} · ${t('common.app_name')}`;
  return { title, description: t(`site.meta.${id}.description`) };
}

/** As metaForPublicPage, for any address; null when it is not a public page. */
export function publicPageMeta(path: string, t: TTranslate): TPageMeta | null {
  const clean = normalisePath(path);
  return isPublicPath(clean) ? metaForPublicPage(clean, t) : null;
}
