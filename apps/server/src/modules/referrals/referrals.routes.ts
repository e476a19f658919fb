import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZFreePages } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { attachReferrer, configureReferralBonus, getFreePages } from './referrals.service';

/** Remembers the referral code of a link opened before signing up (e-mail or Facebook). */
export const REFERRAL_COOKIE = 'ref';
const REFERRAL_COOKIE_DAYS = 30;
const CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

function refQuery(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const ref = query?.ref;
  return typeof ref === 'string' && CODE_PATTERN.test(ref) ? ref : undefined;
}

export function registerReferralRoutes(root: FastifyInstance, ctx: TAppContext): void {
  configureReferralBonus({
    pages: ctx.config.freePages.referralBonusPages,
    validDays: ctx.config.freePages.referralBonusDays,
  });
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/free-pages',
    {
      schema: {
        tags: ['free pages'],
        summary: 'Referral link and history, card bonus status (/zdobadz-strony)',
        response: { 200: ZFreePages },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return getFreePages(ctx, request.user.id);
    },
  );

  // A guest opening any page with ?ref=CODE (the referral link is /sign-up?ref=CODE) keeps the
  // code in a cookie, so it survives wandering around, the Facebook round trip and a later visit.
  root.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.user) return;
    const ref = refQuery(request);
    if (!ref) return;
    reply.setCookie(REFERRAL_COOKIE, ref, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.isProduction,
      maxAge: REFERRAL_COOKIE_DAYS * 86_400,
    });
  });

  // The first request of a freshly created account that still carries the cookie links it to
  // its inviter; the cookie is then dropped whatever the outcome.
  root.addHook('preHandler', async (request, reply) => {
    const code = request.cookies[REFERRAL_COOKIE];
    if (!code || !request.user) return;
    reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
    if (CODE_PATTERN.test(code)) await attachReferrer(ctx, request.user, code);
  });
}
