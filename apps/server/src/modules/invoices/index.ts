// The invoices module's public surface (issue 15): monthly VAT invoices, corrections, their PDF
// and FA(3) XML, and sending them to KSeF. Other modules import from here.
export { registerInvoiceRoutes } from './invoices.routes';
export { registerInvoiceAdminRoutes } from './invoices-admin.routes';
export { registerInvoiceWork } from './invoices-work';
export { startInvoiceRuns } from './invoice-run.service';
export { startKsefSweep } from './ksef-send.service';
