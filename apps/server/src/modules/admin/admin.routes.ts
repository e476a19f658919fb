import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { registerAdminPrintjobRoutes } from './admin-printjobs.routes';
import { registerAdminUserRoutes } from './admin-users.routes';
import { registerDiscountCodeRoutes } from './discount-codes.routes';
import { registerExpressOrderRoutes } from './express-orders.routes';

/** The administration area's print jobs, users, express discount codes and express orders. */
export function registerAdminOperationsRoutes(app: FastifyInstance, ctx: TAppContext): void {
  registerAdminPrintjobRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerDiscountCodeRoutes(app, ctx);
  registerExpressOrderRoutes(app, ctx);
}
