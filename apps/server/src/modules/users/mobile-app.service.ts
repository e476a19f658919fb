import { createTranslator, type TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { announceUserChanged } from '../../http/session-cache';
import { setLastLoginMobile } from './users.repo';

/** The brand colour (header, icons) and the page background of the web app (styles/tokens.css). */
export const APP_THEME_COLOR = '#3451d1';
export const APP_BACKGROUND_COLOR = '#f6f7fb';

const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export interface TWebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: TLocale;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: ReadonlyArray<(typeof ICONS)[number]>;
  shortcuts: Array<{
    name: string;
    short_name: string;
    url: string;
    icons: Array<(typeof ICONS)[0]>;
  }>;
}

/**
 * The web app manifest (issue 16) in one language: names and description from `pwa.manifest.*`.
 * The app starts on the phone home (`/app`); its id stays the same in every language, so a
 * language switch never looks like another app.
 */
export function webManifest(locale: TLocale): TWebManifest {
  const t = createTranslator(locale);
  const shortcut = (name: string, url: string) => ({
    name,
    short_name: name,
    url,
    icons: [ICONS[0]],
  });
  return {
    id: '/app',
    name: t('pwa.manifest.name'),
    short_name: t('pwa.manifest.short_name'),
    description: t('pwa.manifest.description'),
    lang: locale,
    dir: 'ltr',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    categories: ['productivity', 'utilities'],
    icons: ICONS,
    shortcuts: [
      shortcut(t('pwa.manifest.shortcut_scan'), '/app/scan'),
      shortcut(t('pwa.manifest.shortcut_print'), '/print'),
    ],
  };
}

/**
 * The person opened the installed app (or signed in from it): from now on the dashboard tells
 * them to walk up to the printer and start the app (spec section 6).
 */
export async function recordMobileAppUse(ctx: TAppContext, user: TUserRow): Promise<TUserRow> {
  const updated = await setLastLoginMobile(ctx.db, user.id, ctx.now());
  await announceUserChanged(ctx, user.id);
  return updated;
}
