import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAjaxUser } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { remainingPages } from '../pages/pages-ledger.service';
import { presentAjaxUser } from './users.presenter';
import { recordMobileAppUse, webManifest } from './mobile-app.service';

/** The installable app (issue 16): the web app manifest in the person's language, and POST /ajax/user/mobile_app. */
export function registerMobileAppRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // Public (the browser fetches it for anyone who may install the app). The page links it with
  // crossorigin="use-credentials", so the `lang` cookie and the session's language apply.
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-language')
      .send(JSON.stringify(webManifest(request.locale))),
  );

  // The installed app calls it once per start when signed in (the web app in display-mode
  // standalone); phone apps may too. Signed in only; CSRF like every other POST.
  app.post(
    '/ajax/user/mobile_app',
    {
      schema: {
        tags: ['phone app'],
        summary: 'The installed app was opened: sets last_login_mobile',
        response: { 200: ZAjaxUser },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const user = await recordMobileAppUse(ctx, request.user);
      request.user = user;
      return presentAjaxUser(user, await remainingPages(ctx.db, user.id, ctx.now()));
    },
  );
}
