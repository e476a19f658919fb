import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBusinessDetailsInput,
  ZBusinessPackageList,
  ZBusinessProfile,
  ZBusinessSignUpInput,
  ZUserAnswer,
  type TPaymentMethodName,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { byIp, rateLimited } from '../../http/rate-limit';
import { requestMeta } from '../../http/request-context';
import { startSession } from '../auth/start-session';
import { remainingPages } from '../pages/pages-ledger.service';
import { presentMe } from '../users';
import {
  convertToBusiness,
  getBusinessProfile,
  listBusinessPackages,
  signUpBusiness,
  updateBusinessProfile,
} from './business.service';

/**
 * Business accounts (issue 15):
 * - POST /api/business/sign-up (public; ZBusinessSignUpInput → 201 ZUserAnswer, signed in like
 *   POST /api/auth/register; the free test pages come when the e-mail is confirmed),
 * - POST /api/business/convert (a personal account becomes a business one → ZBusinessProfile),
 * - GET/PUT /api/business/profile (ZBusinessProfile; a NIP change is audited),
 * - GET /api/business/packages (public; ZBusinessPackageList, net/VAT/gross).
 *
 * `paymentMethods` names the provider's ways to pay; passed in by app.ts (payments depends on
 * business's neighbours, not the other way round).
 */
export function registerBusinessRoutes(
  root: FastifyInstance,
  ctx: TAppContext,
  paymentMethods: () => TPaymentMethodName[],
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const requireUser = (user: TUserRow | null): TUserRow => {
    if (!user) throw unauthorized();
    return user;
  };
  const limits = ctx.config.rateLimits;
  const bodyEmail = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email.trim().toLowerCase() : null;
  };
  // The very buckets of POST /api/auth/register: both sign-ups count against one allowance.
  const signUpLimited = rateLimited(root, ctx, [
    { bucket: 'sign_up:ip', rule: limits.signUpPerIp, key: byIp },
    {
      bucket: 'confirmation_mail:address',
      rule: limits.confirmationMailPerAddress,
      key: bodyEmail,
    },
  ]);

  app.post(
    '/api/business/sign-up',
    {
      schema: {
        tags: ['business'],
        summary: 'Sign up a company: the account and its company (test pages come on confirmation)',
        body: ZBusinessSignUpInput,
        response: { 201: ZUserAnswer },
      },
      preHandler: signUpLimited,
    },
    async (request, reply) => {
      const user = await startSession(
        ctx,
        request,
        reply,
        await signUpBusiness(ctx, request.body, requestMeta(request)),
      );
      const remaining = await remainingPages(ctx.db, user.id, ctx.now());
      return reply.status(201).send({ user: presentMe(user, remaining) });
    },
  );

  app.post(
    '/api/business/convert',
    {
      schema: {
        tags: ['business'],
        summary: 'Turn this personal account into a business account',
        body: ZBusinessDetailsInput,
        response: { 200: ZBusinessProfile },
      },
    },
    async (request) => {
      const { user, profile } = await convertToBusiness(
        ctx,
        requireUser(request.user),
        request.body,
        requestMeta(request),
      );
      request.user = user;
      return profile;
    },
  );

  app.get(
    '/api/business/profile',
    { schema: { tags: ['business'], response: { 200: ZBusinessProfile } } },
    async (request) => getBusinessProfile(ctx, requireUser(request.user)),
  );

  app.put(
    '/api/business/profile',
    {
      schema: {
        tags: ['business'],
        body: ZBusinessDetailsInput,
        response: { 200: ZBusinessProfile },
      },
    },
    async (request) =>
      updateBusinessProfile(ctx, requireUser(request.user), request.body, requestMeta(request)),
  );

  app.get(
    '/api/business/packages',
    {
      schema: {
        tags: ['public'],
        summary: 'Business packages on sale, net, VAT and gross, and the ways to pay',
        response: { 200: ZBusinessPackageList },
      },
    },
    async () => listBusinessPackages(ctx, paymentMethods()),
  );
}
