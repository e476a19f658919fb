import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';

/**
 * The company's invoices and purchases (issue 15), helper H3: GET /api/business/invoices
 * (ZInvoiceList), GET /api/business/invoices/:id/pdf and /xml (another company's id → 404),
 * GET /api/business/purchases ({ purchases: ZBusinessPurchase[] }).
 */
export function registerInvoiceRoutes(root: FastifyInstance, ctx: TAppContext): void {
  void root;
  void ctx;
}
