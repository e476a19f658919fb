import type { FastifyInstance } from 'fastify';
import { colorPagesFrom, createTranslator, formatDate, type TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { sendPollAnswer, type TPollAnswerKind } from '../../http/person-cache';
import { pagesSummary } from '../pages/pages-ledger.service';
import { hasConfirmedPrintjob } from '../printjobs/printjobs.service';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The dashboard panel through the poll cache; it tells app users apart from others. */
const USER_PANEL: TPollAnswerKind = {
  url: '/ajax/user.html',
  contentType: 'text/html; charset=utf-8',
  key: (locale) => `panel:${locale}`,
  fingerprint: (user) => `${user.last_login_mobile?.getTime() ?? ''}`,
};

/** GET /ajax/user.html (spec section 7): the dashboard panel, refreshed in place every 5 s. */
export function registerUserPanelRoutes(app: FastifyInstance, ctx: TAppContext): void {
  app.get('/ajax/user.html', { schema: { tags: ['phone app'] } }, async (request, reply) => {
    const user = request.user;
    if (!user) throw unauthorized();
    const answer = await ctx.pollCache.answerFor(USER_PANEL, user, request.locale, () =>
      renderPanel(ctx, user, request.locale),
    );
    return sendPollAnswer(request, reply, answer, USER_PANEL.contentType);
  });
}

async function renderPanel(ctx: TAppContext, user: TUserRow, locale: TLocale): Promise<string> {
  const t = createTranslator(locale);
  const now = ctx.now();
  const { remaining, expiring } = await pagesSummary(ctx.db, user.id, now);
  // "Ready" only when there is something confirmed to print; an app user with nothing confirmed
  // is told what to do first.
  const hint = !user.last_login_mobile
    ? t('user_panel.download')
    : (await hasConfirmedPrintjob(ctx.db, user.id))
      ? t('user_panel.app')
      : t('user_panel.app_nothing_confirmed');
  return [
    `<section class="user-panel" data-remaining="${remaining}">`,
    `<h2 class="user-panel__title">${escapeHtml(t('user_panel.title'))}</h2>`,
    `<p class="user-panel__remaining" data-testid="remaining-pages">${escapeHtml(t('user_panel.remaining', { count: remaining }))}</p>`,
    `<p class="user-panel__color">${escapeHtml(t('user_panel.color', { count: colorPagesFrom(remaining) }))}</p>`,
    expiring
      ? `<p class="user-panel__expiry">${escapeHtml(t('user_panel.expires', { count: expiring.remaining, date: formatDate(locale, expiring.expiresAt) }))}</p>`
      : '',
    `<p class="user-panel__hint" data-testid="panel-hint">${escapeHtml(hint)}</p>`,
    `<p class="user-panel__actions"><a class="button" href="/print">${escapeHtml(t('user_panel.print'))}</a> <a class="button button--secondary" href="/kup-pakiet">${escapeHtml(t('user_panel.buy'))}</a></p>`,
    '</section>',
  ].join('');
}
