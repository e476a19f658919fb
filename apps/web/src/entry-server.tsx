import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { QueryKey } from '@tanstack/react-query';
import {
  LOCALES,
  catalogFor,
  createTranslator,
  type TBusinessPackageList,
  type TLocale,
  type TPackageList,
  type TPrinterMap,
  type TPublicPrinter,
  type TSessionState,
} from '@printomat/shared';
import { SESSION_QUERY_KEY } from './api/session';
import { BUSINESS_PACKAGES_QUERY_KEY } from './business/business-api';
import { printerQueryKey } from './api/printers-api';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';
import { addFullCatalog } from './i18n/messages-store';
import { PRINTER_MAP_QUERY_KEY } from './map/map-api';
import { isPublicPath, publicPageMeta, type TPageMeta } from './pages/public/page-meta';
import { PACKAGES_QUERY_KEY } from './payments/payments-api';
import { createQueryClient } from './query-client';
import { seedQueryClient, type TSsrData } from './ssr-data';

export type { TSsrData };

type TNeed =
  | { kind: 'map' }
  | { kind: 'printer'; id: number }
  | { kind: 'packages' }
  | { kind: 'business-packages' };

// The server renders in any language: it has the whole catalog (the browser loads its parts).
for (const locale of LOCALES) addFullCatalog(locale, catalogFor(locale));

const clean = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * The public pages the server pre-renders and the data each needs; null for every other page
 * (signed-in screens stay client-rendered).
 */
export function dataNeeds(pathname: string): TNeed[] | null {
  const path = clean(pathname);
  if (path === '/sign-in' || path === '/sign-up') return [];
  if (path === '/kup-pakiet') return [{ kind: 'map' }, { kind: 'packages' }];
  if (path === '/business') return [{ kind: 'map' }, { kind: 'business-packages' }];
  if (isPublicPath(path)) return [{ kind: 'map' }];
  if (path === '/map' || /^\/map\/[a-z0-9-]+$/.test(path)) return [{ kind: 'map' }];
  const onMap = /^\/map\/[a-z0-9-]+\/(\d{1,9})$/.exec(path);
  if (onMap) return [{ kind: 'map' }, { kind: 'printer', id: Number(onMap[1]) }];
  const page = /^\/printers\/(\d{1,9})$/.exec(path);
  if (page) return [{ kind: 'printer', id: Number(page[1]) }];
  return null;
}

/** The document title and description of a pre-rendered page in `locale`. */
export function pageMeta(pathname: string, locale: TLocale): TPageMeta {
  const t = createTranslator(locale);
  const path = clean(pathname);
  const known = publicPageMeta(path, t);
  if (known) return known;
  const app = t('common.app_name');
  if (path.startsWith('/map'))
    return { title: `${t('map.title')} · ${app}`, description: t('site.meta.landing.description') };
  return { title: app, description: t('site.meta.default_description') };
}

/**
 * Renders a public page to HTML on the server (built with `vite build --ssr`), so people on slow
 * phones and search engines get the content before any JavaScript runs. The queries it needs
 * arrive already answered; the server embeds the same data for the browser to hydrate with.
 */
export function renderPage(
  url: string,
  data: {
    session: TSessionState;
    map?: TPrinterMap;
    printer?: TPublicPrinter;
    packages?: TPackageList;
    businessPackages?: TBusinessPackageList;
  },
): { html: string; ssr: TSsrData } {
  const queries: Array<[QueryKey, unknown]> = [[SESSION_QUERY_KEY, data.session]];
  if (data.map) queries.push([PRINTER_MAP_QUERY_KEY, data.map]);
  if (data.printer) queries.push([printerQueryKey(data.printer.id), data.printer]);
  if (data.packages) queries.push([PACKAGES_QUERY_KEY, data.packages]);
  if (data.businessPackages) queries.push([BUSINESS_PACKAGES_QUERY_KEY, data.businessPackages]);
  const ssr: TSsrData = { queries };
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, ssr);
  const html = renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return { html, ssr };
}
