import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/database';
import type { TMailer } from './modules/mail/mailer';
import type { JobWorker } from './modules/jobs/queue';
import type { TOfficeConverter } from './modules/documents/converters/office-converter';
import type { FileStorage } from './modules/documents/storage';
import type { PipelinePool } from './modules/documents/pipeline/worker-pool';
import type { TEventBus } from './realtime/event-bus';
import type { TMetrics } from './lib/metrics';
import type { PersonAnswerCache } from './http/person-cache';

/** What services need from the running process. Built once in `createContext`. */
export interface TAppContext {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  mailer: TMailer;
  worker: JobWorker;
  /** Documents, previews, raw mails, scans, printer images (`STORAGE`: local or database). */
  storage: FileStorage;
  officeConverter: TOfficeConverter;
  /** Worker threads for document processing (pdf-lib, sharp), off the HTTP event loop. */
  documentPool: PipelinePool;
  /** Cross-instance events (agent pushes, live status); publish after commit. */
  events: TEventBus;
  /** This process's Prometheus registry and instruments (per context: tests build many). */
  metrics: TMetrics;
  /** Each person's poll answers on this instance (`invalidatePerson(userId)` drops them). */
  pollCache: PersonAnswerCache;
  log: FastifyBaseLogger;
  now: () => Date;
}
