import type { FastifyRequest } from 'fastify';
import type { TSessionState } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { remainingPages } from '../pages/pages-ledger.service';
import { presentMe } from '../users';

/** `GET /api/session`: who is signed in, the CSRF token, the language (also given to pre-rendered pages). */
export async function sessionStateOf(
  ctx: TAppContext,
  request: FastifyRequest,
): Promise<TSessionState> {
  const user = request.user;
  return {
    user: user ? presentMe(user, await remainingPages(ctx.db, user.id, ctx.now())) : null,
    csrf_token: request.csrfToken,
    facebook_enabled: ctx.config.facebook !== undefined,
    locale: request.locale,
    max_upload_bytes: ctx.config.maxUploadBytes,
  };
}
