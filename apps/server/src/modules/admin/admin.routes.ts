import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { registerAdminExportRoutes } from './admin-exports.routes';
import { registerAdminPrintjobRoutes } from './admin-printjobs.routes';
import { registerAdminSupportRoutes } from './admin-support.routes';
import { registerAdminUserRoutes } from './admin-users.routes';
import { registerDiscountCodeRoutes } from './discount-codes.routes';
import { registerExpressOrderRoutes } from './express-orders.routes';

/**
 * The administration area's print jobs, users, express discount codes, express orders, support
 * tools and CSV exports.
 */
export function registerAdminOperationsRoutes(app: FastifyInstance, ctx: TAppContext): void {
  registerAdminPrintjobRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerDiscountCodeRoutes(app, ctx);
  registerExpressOrderRoutes(app, ctx);
  registerAdminSupportRoutes(app, ctx);
  registerAdminExportRoutes(app, ctx);
}
