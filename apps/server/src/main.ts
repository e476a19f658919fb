import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { closeContext, createContext } from './create-context';
import { demoAccountsExist, isDatabaseEmpty, seedDemoData } from './seed/seed';
import { DEMO_ACCOUNTS } from './seed/demo-data';
import { startDemoKiosk, type TDemoKiosk } from './dev/demo-kiosk';
import { adminExists } from './bootstrap/create-admin';
import { startPrinterAlertChecks } from './modules/printers/printer-alerts.service';
import { startPrintjobExpiryChecks } from './modules/printjobs/printjob-expiry.service';
import { startDocumentRetentionChecks } from './modules/documents/document-retention.service';
import { startStorageSweeps } from './modules/documents/storage-sweep';
import { startCheckoutAbandonChecks } from './modules/payments/checkout-abandon.service';
import { startScanRetentionChecks } from './modules/scans';
import { startInboundMailWork, startInboundSmtp, type TInboundSmtp } from './modules/inbound-mail';
import { startInvoiceRuns, startKsefSweep } from './modules/invoices';
import { startMetricsServer, type TMetricsServer } from './http/metrics';

const config = loadConfigOrExit();

const ctx = await createContext(config);
// Never in production: config refuses SEED_ON_EMPTY there, and this checks it again.
if (config.seedOnEmpty && !config.isProduction && (await isDatabaseEmpty(ctx.db))) {
  await seedDemoData(ctx.db, ctx.now(), ctx.config.inbound.domain);
  ctx.log.info('empty database: demo data loaded');
}
// The published demo passwords are shown only where the demo accounts exist, never in production.
const showDemoAccounts = !config.isProduction && (await demoAccountsExist(ctx.db));
const needsFirstAdmin = config.isProduction && !(await adminExists(ctx.db));
const app = await buildApp(ctx);
ctx.worker.start();
// Recurring work (one run per interval across instances): printers gone silent, expired jobs,
// documents past their retention, abandoned checkouts.
await startPrinterAlertChecks(ctx);
await startPrintjobExpiryChecks(ctx);
await startDocumentRetentionChecks(ctx);
// Writes to the storage that never completed (an instance killed mid-upload), hourly.
await startStorageSweeps(ctx);
await startCheckoutAbandonChecks(ctx);
// Scans' files past SCAN_RETENTION_DAYS (issue 16).
await startScanRetentionChecks(ctx);
// VAT invoices: on the 1st of a month, the previous month's (issue 15, docs/invoices.md).
await startInvoiceRuns(ctx);
// KSeF: invoices whose sending stopped (their job used its attempts) are queued again.
await startKsefSweep(ctx);
// Print by e-mail: printer addresses at INBOUND_MAIL_DOMAIN, the sweep of stuck messages.
await startInboundMailWork(ctx);
// Start the document threads now, so the first upload does not wait for one (~1 s).
void ctx.documentPool
  .warmUp()
  .catch((err: unknown) => ctx.log.warn({ err }, 'document threads not warmed up'));

let closing = false;
let kiosk: TDemoKiosk | null = null;
let inboundSmtp: TInboundSmtp | null = null;
let metricsServer: TMetricsServer | null = null;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  ctx.log.info({ signal }, 'shutting down');
  await kiosk?.stop();
  await inboundSmtp?.close();
  await metricsServer?.close();
  await app.close();
  await closeContext(ctx);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// Print by e-mail: the SMTP listener (development: port 2525 unless set; production: only when set).
if (config.inbound.smtpPort !== undefined) {
  inboundSmtp = await startInboundSmtp(ctx, {
    port: config.inbound.smtpPort,
    host: config.inbound.smtpHost,
  });
}
// Prometheus metrics on a port of their own (no token; loopback unless METRICS_HOST says otherwise).
if (config.metrics.port !== undefined) {
  metricsServer = await startMetricsServer(ctx.metrics, {
    port: config.metrics.port,
    host: config.metrics.host,
    log: ctx.log,
  });
}
if (config.demoKiosk) {
  const local = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  kiosk = await startDemoKiosk(ctx, `http://${local.includes(':') ? `[${local}]` : local}:${port}`);
}
const lines = [
  '',
  `Printomat is running: ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}`,
  `Database: ${ctx.database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ...(showDemoAccounts
    ? [
        'Demo accounts:',
        ...DEMO_ACCOUNTS.map(
          (a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(28)} password: ${a.password}`,
        ),
      ]
    : []),
  config.smtpUrl
    ? `Mail goes to ${new URL(config.smtpUrl).host}`
    : `Sent mail: ${config.publicUrl}/dev/mailbox`,
  ...(needsFirstAdmin
    ? ['No admin yet: npm run create-admin -w @printomat/server -- --email <address>']
    : []),
  ...(inboundSmtp
    ? [
        `Print by e-mail: SMTP on ${config.inbound.smtpHost}:${inboundSmtp.port} for <printer>@${config.inbound.domain}`,
      ]
    : []),
  `API docs: ${config.publicUrl}/api/docs`,
  ...(metricsServer
    ? [
        `Metrics: http://${config.metrics.host.includes(':') ? `[${config.metrics.host}]` : config.metrics.host}:${metricsServer.port}/metrics`,
      ]
    : []),
  ...(kiosk
    ? [
        `Demo kiosk: print at the printer with code ${kiosk.code} (Złote Tarasy);`,
        `  printed files are kept in ${kiosk.printedFilesDir}`,
      ]
    : []),
  '',
];
console.log(lines.join('\n'));
