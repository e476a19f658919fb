import { pino, type Logger } from 'pino';
import type { TConfig } from './config';
import type { TAppContext } from './context';
import { openDatabase, type TDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { JobWorker } from './modules/jobs/queue';
import { createMailer } from './modules/mail/mailer';
import { SEND_MAIL_JOB } from './modules/mail/mail.jobs';
import { registerExpressWork } from './modules/express';
import { registerInboundMailWork } from './modules/inbound-mail';
import { registerBusinessWork } from './modules/business';
import { registerInvoiceWork } from './modules/invoices';
import { registerScanWork } from './modules/scans';
import { registerPrinterAlertWork } from './modules/printers/printer-alerts.service';
import { registerPrintjobExpiryWork } from './modules/printjobs/printjob-expiry.service';
import { registerDocumentRetentionWork } from './modules/documents/document-retention.service';
import { registerCheckoutAbandonWork } from './modules/payments/checkout-abandon.service';
import { registerPurchaseRefundWork } from './modules/payments/purchase-refunds.service';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createOfficeConverter } from './modules/documents/converters/office-converter';
import { PROCESS_DOCUMENT_JOB } from './modules/documents/documents.jobs';
import { processDocument } from './modules/documents/documents.service';
import { createFileStorage, localFilesLeftBehind } from './modules/documents/create-storage';
import { registerStorageSweepWork } from './modules/documents/storage-sweep';
import { PipelinePool } from './modules/documents/pipeline/worker-pool';
import { createLocalEventBus, createPostgresEventBus, type TEventBus } from './realtime/event-bus';
import { createMetrics } from './lib/metrics';
import { registerDatabaseMetrics } from './modules/metrics/metrics.service';
import { PersonAnswerCache } from './http/person-cache';

export function createLogger(config: TConfig): Logger {
  return pino({
    level: config.logLevel,
    redact: [
      'req.headers.cookie',
      'req.headers["x-csrf-token"]',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
    ],
  });
}

/** Opens the database, runs migrations and wires the mailer and job worker. */
export async function createContext(
  config: TConfig,
  options: {
    database?: TDatabase;
    log?: Logger;
    workerIdleMs?: number;
    /** How long a claimed job stays claimed without a heartbeat (tests shorten it). */
    jobLeaseMs?: number;
    events?: TEventBus;
  } = {},
): Promise<TAppContext> {
  const log = options.log ?? createLogger(config);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrateToLatest(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    log,
  });
  const worker = new JobWorker(database.db, log, {
    idleMs: options.workerIdleMs ?? 1000,
    ...(options.jobLeaseMs !== undefined && { leaseMs: options.jobLeaseMs }),
  });
  worker.register(SEND_MAIL_JOB, (mail) => mailer.send(mail));
  const storage = createFileStorage(config.storage, config.dataDir, database.db);
  // Scratch files of uploads and conversions (and unfinished stored files) a crashed process left.
  await storage.sweepScratch();
  if (await localFilesLeftBehind(config.storage, config.dataDir)) {
    log.warn(
      { dataDir: config.dataDir },
      'STORAGE=database, but DATA_DIR/documents or DATA_DIR/printer-images holds files: documents and printer images stored before the switch are not in the database: copy them with storage-import (docs/deploy.md)',
    );
  }
  // Made here, at start, and never by /readyz, whose storage check fails on a missing directory.
  await fs.mkdir(storage.scratchRoot, { recursive: true });
  const officeConverter = createOfficeConverter({
    workDir: path.join(config.dataDir, 'office'),
    timeoutMs: config.conversionTimeoutMs,
    sofficePath: config.sofficePath,
    pythonPath: config.unoPythonPath,
    unsharePath: config.unsharePath,
    log,
  });
  const events =
    options.events ??
    (config.databaseUrl
      ? await createPostgresEventBus(config.databaseUrl, log)
      : createLocalEventBus());
  // One thread per document processed at once, started on first use.
  const documentPool = new PipelinePool(config.documentConcurrency, config.conversionTimeoutMs);
  const ctx: TAppContext = {
    config,
    database,
    db: database.db,
    mailer,
    worker,
    storage,
    officeConverter,
    documentPool,
    events,
    metrics: createMetrics(),
    pollCache: new PersonAnswerCache(events, {
      ttlMs: config.pollCacheMs,
      now: () => ctx.now().getTime(),
    }),
    log,
    now: () => new Date(),
  };
  const pipelineDeps = {
    storage,
    officeConverter,
    pool: documentPool,
    maxPages: config.maxPagesPerDocument,
    timeoutMs: config.conversionTimeoutMs,
  };
  worker.register(
    PROCESS_DOCUMENT_JOB,
    ({ documentId }, run) => processDocument(ctx, pipelineDeps, documentId, run),
    { concurrency: config.documentConcurrency },
  );
  registerPrinterAlertWork(ctx);
  registerPrintjobExpiryWork(ctx);
  registerDocumentRetentionWork(ctx);
  registerStorageSweepWork(ctx);
  registerCheckoutAbandonWork(ctx);
  registerPurchaseRefundWork(ctx);
  registerExpressWork(ctx);
  registerInboundMailWork(ctx);
  registerBusinessWork(ctx);
  registerInvoiceWork(ctx);
  registerScanWork(ctx);
  // Queue, printers, print jobs, payments, pages charged: read from the database when scraped.
  registerDatabaseMetrics(ctx);
  return ctx;
}

export async function closeContext(ctx: TAppContext): Promise<void> {
  await ctx.worker.stop();
  await ctx.documentPool.close();
  await ctx.officeConverter.close();
  ctx.pollCache.close();
  await ctx.events.close();
  ctx.mailer.close();
  await ctx.database.close();
}
