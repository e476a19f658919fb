import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';

/**
 * Administration of invoices (issue 15 point 8), helper H3: GET /api/admin/invoices
 * (ZAdminInvoiceQuery → ZAdminInvoiceList), GET /api/admin/invoices.csv (same filters),
 * POST /api/admin/invoices/run (ZInvoiceRunInput → ZInvoiceRunResult), POST
 * /api/admin/invoices/:id/resend (KSeF again), GET /api/admin/invoices/:id/pdf | xml | upo.
 */
export function registerInvoiceAdminRoutes(root: FastifyInstance, ctx: TAppContext): void {
  void root;
  void ctx;
}
