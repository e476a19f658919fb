import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/database';
import type { TMailer } from './modules/mail/mailer';
import type { JobWorker } from './modules/jobs/queue';
import type { TOfficeConverter } from './modules/documents/converters/office-converter';
import type { DocumentStorage } from './modules/documents/storage';
import type { PipelinePool } from './modules/documents/pipeline/worker-pool';
import type { TEventBus } from './realtime/event-bus';

/** What services need from the running process. Built once in `createContext`. */
export interface TAppContext {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  mailer: TMailer;
  worker: JobWorker;
  storage: DocumentStorage;
  officeConverter: TOfficeConverter;
  /** Worker threads for document processing (pdf-lib, sharp), off the HTTP event loop. */
  documentPool: PipelinePool;
  /** Cross-instance events (agent pushes, live status); publish after commit. */
  events: TEventBus;
  log: FastifyBaseLogger;
  now: () => Date;
}
