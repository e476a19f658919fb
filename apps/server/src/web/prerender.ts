import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type {
  TBusinessPackageList,
  TLocale,
  TPackageList,
  TPrinterMap,
  TPublicPrinter,
  TSessionState,
} from '@printomat/shared';
import type { TAppContext } from '../context';
import { listBusinessPackages } from '../modules/business/business.service';
import { presentPackage } from '../modules/packages/packages.presenter';
import { listActivePackages } from '../modules/packages/packages.service';
import { paymentProviders } from '../modules/payments/provider-registry';
import { getPrinterMap, getPublicPrinter } from '../modules/printers/printers.service';

/** What apps/web/src/entry-server.tsx (built with `vite build --ssr`) offers the server. */
interface TSsrModule {
  /** The data a public page needs, or null when the path is not pre-rendered. */
  dataNeeds(
    pathname: string,
  ): Array<
    | { kind: 'map' }
    | { kind: 'printer'; id: number }
    | { kind: 'packages' }
    | { kind: 'business-packages' }
  > | null;
  renderPage(
    url: string,
    data: {
      session: TSessionState;
      map?: TPrinterMap;
      printer?: TPublicPrinter;
      packages?: TPackageList;
      businessPackages?: TBusinessPackageList;
    },
  ): { html: string; ssr: unknown };
  pageMeta(pathname: string, locale: TLocale): { title: string; description: string };
}

export interface TPrerenderer {
  /**
   * The full HTML of a pre-rendered public page, or null to serve the plain app shell. `nonce`
   * is the response's Content-Security-Policy nonce, put on the embedded state script.
   */
  render(request: FastifyRequest, session: TSessionState, nonce: string): Promise<string | null>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

/**
 * Public pages answer with their content already in the HTML (for slow phones and search
 * engines): the web app's server bundle renders them per request with the request's language,
 * and the browser hydrates with the same data. Without the bundle the app shell is served.
 */
export async function createPrerenderer(ctx: TAppContext): Promise<TPrerenderer | null> {
  const bundle = path.join(path.dirname(ctx.config.webDistDir), 'dist-ssr', 'entry-server.js');
  const template = path.join(ctx.config.webDistDir, 'index.html');
  if (!fs.existsSync(bundle) || !fs.existsSync(template)) {
    ctx.log.info('public pages are not pre-rendered: the web server bundle is not built');
    return null;
  }
  const ssr = (await import(pathToFileURL(bundle).href)) as TSsrModule;
  const shell = fs.readFileSync(template, 'utf8');

  return {
    async render(request, session, nonce) {
      if (request.user) return null;
      const url = new URL(request.url, 'http://local');
      const needs = ssr.dataNeeds(url.pathname);
      if (!needs) return null;
      try {
        const data: Parameters<TSsrModule['renderPage']>[1] = { session };
        for (const need of needs) {
          if (need.kind === 'map') data.map = await getPrinterMap(ctx);
          else if (need.kind === 'packages')
            data.packages = {
              packages: (await listActivePackages(ctx.db)).map(presentPackage),
              payment_methods: paymentProviders(ctx).methods(),
            };
          else if (need.kind === 'business-packages')
            data.businessPackages = await listBusinessPackages(
              ctx,
              paymentProviders(ctx).methods(),
            );
          else data.printer = await getPublicPrinter(ctx, need.id);
        }
        const { html, ssr: embedded } = ssr.renderPage(url.pathname + url.search, data);
        const meta = ssr.pageMeta(url.pathname, session.locale);
        return shell
          .replace(/<html lang="[^"]*">/, `<html lang="${session.locale}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
          .replace(
            /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
            `<meta name="description" content="${escapeHtml(meta.description)}" />`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root">${html}</div><script type="application/json" id="printomat-ssr-data" nonce="${escapeHtml(nonce)}">${scriptJson(embedded)}</script>`,
          );
      } catch (err) {
        // An unknown printer, or a page that cannot render on the server: the app shell will do.
        ctx.log.debug({ err, url: request.url }, 'page not pre-rendered');
        return null;
      }
    },
  };
}
