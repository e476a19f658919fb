import type { FastifyRequest } from 'fastify';
import type { TUserRow } from '../../db/schema';
import { unauthorized } from '../../http/errors';

/** The signed-in administrator (access control already refused everyone else). */
export function adminOf(request: FastifyRequest): { admin: TUserRow } {
  if (!request.user) throw unauthorized();
  return { admin: request.user };
}
