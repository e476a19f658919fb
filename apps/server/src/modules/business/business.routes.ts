import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';

/**
 * Business accounts (issue 15), helper H1:
 * - POST /api/business/sign-up (public; ZBusinessSignUpInput → 201 ZUserAnswer, signed in like
 *   POST /api/auth/register),
 * - POST /api/business/convert (a personal account becomes a business one; ZBusinessDetailsInput
 *   → ZBusinessProfile),
 * - GET/PUT /api/business/profile (ZBusinessProfile; a NIP change is audited),
 * - GET /api/business/packages (public; ZBusinessPackageList, net/VAT/gross).
 */
export function registerBusinessRoutes(root: FastifyInstance, ctx: TAppContext): void {
  void root;
  void ctx;
}
