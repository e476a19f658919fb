import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../../context';
import {
  findOpenSandboxSession,
  submitSandboxChallenge,
  submitSandboxForm,
  type TSandboxResult,
} from './sandbox-checkout.service';
import { renderSandboxChallenge, renderSandboxForm, renderSandboxGone } from './sandbox-page.html';

const ZTokenParams = z.object({ token: z.string().min(20).max(100) });
const ZForm = z.record(z.string(), z.string());

/**
 * The sandbox provider's hosted page. It stands for a foreign provider's site: reachable
 * without our session (its unguessable token is the credential) and without our CSRF header
 * (a plain HTML form, as on a provider's own domain).
 */
export function registerSandboxPageRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);

  const answer = (
    reply: FastifyReply,
    token: string,
    result: TSandboxResult,
    challenge: boolean,
  ) => {
    switch (result.kind) {
      case 'redirect':
        return reply.redirect(result.url, 303);
      case 'gone':
        return html(reply, 410, renderSandboxGone(reply.cspNonce, reply.request.locale));
      case 'form':
        return html(
          reply,
          422,
          challenge || result.session.status === 'challenge'
            ? renderSandboxChallenge(token, result.session, reply.cspNonce, result.errors)
            : renderSandboxForm(token, result.session, reply.cspNonce, result.errors),
        );
    }
  };

  /**
   * Shows the card form or (`challenge`) the 3-D Secure step; a session that is on the other
   * step is sent there.
   */
  const show = async (reply: FastifyReply, token: string, challenge: boolean) => {
    const session = await findOpenSandboxSession(ctx, token);
    if (!session || session.status === 'done')
      return html(reply, 410, renderSandboxGone(reply.cspNonce, reply.request.locale));
    if ((session.status === 'challenge') !== challenge)
      return reply.redirect(challenge ? `/sandbox-pay/${token}` : `/sandbox-pay/${token}/3ds`, 303);
    return html(
      reply,
      200,
      challenge
        ? renderSandboxChallenge(token, session, reply.cspNonce)
        : renderSandboxForm(token, session, reply.cspNonce),
    );
  };

  app.get(
    '/sandbox-pay/:token',
    { schema: { hide: true, params: ZTokenParams } },
    async (request, reply) => show(reply, request.params.token, false),
  );

  app.post(
    '/sandbox-pay/:token',
    { schema: { hide: true, params: ZTokenParams, body: ZForm } },
    async (request, reply) =>
      answer(
        reply,
        request.params.token,
        await submitSandboxForm(ctx, request.params.token, request.body),
        false,
      ),
  );

  app.get(
    '/sandbox-pay/:token/3ds',
    { schema: { hide: true, params: ZTokenParams } },
    async (request, reply) => show(reply, request.params.token, true),
  );

  app.post(
    '/sandbox-pay/:token/3ds',
    { schema: { hide: true, params: ZTokenParams, body: ZForm } },
    async (request, reply) =>
      answer(
        reply,
        request.params.token,
        await submitSandboxChallenge(ctx, request.params.token, request.body),
        true,
      ),
  );
}
