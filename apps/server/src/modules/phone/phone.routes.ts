import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPhoneNumberInput, ZPhoneState, ZSmsCodeInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { registerOldAppHooks } from './old-app.hooks';
import { phoneErrorHandler } from './phone-errors';
import { getPhoneState, requestPhoneVerification, resendCode, verifyCode } from './phone.service';
import { registerSandboxSmsPage } from './sms-sandbox.routes';
import { createSmsGateway, type TSmsGateway } from './sms-gateway';

const requireUser = (user: TUserRow | null): TUserRow => {
  if (!user) throw unauthorized();
  return user;
};

/** Phone number add and verify (spec: user_datum.phone_number), and the old-app rule. */
export function registerPhoneRoutes(
  root: FastifyInstance,
  ctx: TAppContext,
  gateway: TSmsGateway = createSmsGateway(ctx),
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const errorHandler = phoneErrorHandler(root);
  const tags = ['phone'];

  app.get('/api/phone', { schema: { tags, response: { 200: ZPhoneState } } }, async (request) =>
    getPhoneState(ctx, requireUser(request.user).id),
  );

  app.post(
    '/api/phone',
    {
      errorHandler,
      schema: {
        tags,
        summary: 'Add (or change) the phone number: texts a verification code to it',
        body: ZPhoneNumberInput,
        response: { 200: ZPhoneState },
      },
    },
    async (request) =>
      requestPhoneVerification(ctx, gateway, requireUser(request.user), request.body.phone_number),
  );

  app.post(
    '/api/phone/resend',
    {
      errorHandler,
      schema: { tags, summary: 'Text a new code (30 s apart)', response: { 200: ZPhoneState } },
    },
    async (request) => resendCode(ctx, gateway, requireUser(request.user)),
  );

  app.post(
    '/api/phone/verify',
    {
      errorHandler,
      schema: { tags, body: ZSmsCodeInput, response: { 200: ZPhoneState } },
    },
    async (request) =>
      verifyCode(ctx, requireUser(request.user), request.body.sms_verification_code, {
        ip: request.ip ?? null,
      }),
  );

  registerOldAppHooks(root, ctx);
  if (gateway.kind === 'sandbox' && !ctx.config.isProduction) registerSandboxSmsPage(root, ctx);
}
