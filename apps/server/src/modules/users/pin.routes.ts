import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPinInput, ZPinState } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { byPerson, rateLimited, type TRateRule } from '../../http/rate-limit';
import { requestMeta } from '../../http/request-context';
import { changePin, pinStateOf, resetPin } from './pin.service';

/**
 * Setting the PIN checks the account password: tries per person, a successful one taken back
 * (so only failures count). Resets per person: each writes the audit log.
 */
const PIN_CHANGES_PER_PERSON: TRateRule = { max: 10, windowMs: 15 * 60_000 };
const PIN_RESETS_PER_PERSON: TRateRule = { max: 10, windowMs: 60 * 60_000 };

/** PIN and ID for copying and scanning (issue 16): GET/PUT /ajax/user/pin, POST /ajax/user/pin/reset. */
export function registerPinRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const changeLimited = rateLimited(root, ctx, [
    { bucket: 'pin_change:person', rule: PIN_CHANGES_PER_PERSON, key: byPerson },
  ]);
  const resetLimited = rateLimited(root, ctx, [
    { bucket: 'pin_reset:person', rule: PIN_RESETS_PER_PERSON, key: byPerson },
  ]);
  const tags = ['account'];

  app.get(
    '/ajax/user/pin',
    {
      schema: {
        tags,
        summary: 'The ID and whether a PIN for copying and scanning is set',
        response: { 200: ZPinState },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return pinStateOf(request.user);
    },
  );

  app.put(
    '/ajax/user/pin',
    {
      schema: {
        tags,
        summary: 'Set or change the PIN (the first one gives the ID)',
        body: ZPinInput,
        response: { 200: ZPinState },
      },
      preHandler: changeLimited,
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const user = await changePin(ctx, request.user, request.body, requestMeta(request));
      await changeLimited.refund(request);
      return pinStateOf(user);
    },
  );

  app.post(
    '/ajax/user/pin/reset',
    {
      schema: {
        tags,
        summary: 'Remove the PIN and get a new ID (the old one stops working)',
        response: { 200: ZPinState },
      },
      preHandler: resetLimited,
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return pinStateOf(await resetPin(ctx, request.user.id, requestMeta(request)));
    },
  );
}
