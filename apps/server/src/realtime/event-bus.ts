import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Events between parts of the service that may run in different server processes: a release on
 * one instance reaches the agent connected to another. On PostgreSQL they travel by
 * LISTEN/NOTIFY; on the embedded database (one process by construction) they stay in-process.
 * Publish only after the transaction that caused the event committed.
 */
export type TBusEvent =
  | { kind: 'job_released'; printerId: number; jobId: number }
  | { kind: 'job_cancelled'; printerId: number; jobId: number }
  | { kind: 'printer_registered'; minionId: string }
  | { kind: 'printer_credentials_changed'; printerId: number }
  | { kind: 'printjob_changed'; userId: number; jobId: number; status: string }
  /**
   * Something a person's polls show changed (their job, its documents, their pages, their
   * panel), on `user:<id>`: every instance drops what it cached of that person's answers.
   */
  | { kind: 'person_changed'; userId: number }
  /** On `sessions`: a session ended (sign-out, expiry, revocation); drop it from every cache. */
  | { kind: 'session_ended'; sessionId: string }
  /**
   * On `sessions`: a user's row changed (password, role, block, locale, deletion...); every
   * instance drops the cached sessions and row of that user.
   */
  | { kind: 'user_changed'; userId: number };

export type TBusTopic = `printer:${number}` | `user:${number}` | `minion:${string}` | 'sessions';

export interface TEventBus {
  publish(topic: TBusTopic, event: TBusEvent): Promise<void>;
  subscribe(topic: TBusTopic, handler: (event: TBusEvent) => void): () => void;
  /**
   * Called after the bus had lost its connection and has it again: events of the gap are lost,
   * so listeners re-read what they follow (agent links re-send pending jobs).
   */
  onResync(handler: () => void): () => void;
  /** How many handlers listen (for tests and the memory benchmark). */
  listenerCount(): number;
  close(): Promise<void>;
}

const CHANNEL = 'printomat_events';

class LocalBus {
  readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  deliver(topic: string, event: TBusEvent): void {
    this.emitter.emit(topic, event);
  }
  subscribe(topic: string, handler: (event: TBusEvent) => void): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }
  listenerCount(): number {
    return this.emitter.eventNames().reduce((n, name) => n + this.emitter.listenerCount(name), 0);
  }
}

export function createLocalEventBus(): TEventBus {
  const local = new LocalBus();
  return {
    publish(topic, event) {
      // Delivered on the next tick, as NOTIFY would be: never inside the publisher's call stack.
      setImmediate(() => local.deliver(topic, event));
      return Promise.resolve();
    },
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    onResync: () => () => undefined,
    listenerCount: () => local.listenerCount(),
    close: () => Promise.resolve(),
  };
}

export async function createPostgresEventBus(
  databaseUrl: string,
  log: FastifyBaseLogger,
): Promise<TEventBus> {
  const local = new LocalBus();
  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  publisher.on('error', (err) => log.warn({ err }, 'event bus publisher connection lost'));
  let listener: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const resync = new EventEmitter();
  resync.setMaxListeners(0);
  let lost = false;
  let delay = 500;

  const reconnectLater = () => {
    if (closed) return;
    retryTimer = setTimeout(() => {
      connect().catch((err: unknown) => {
        log.warn({ err }, 'event bus could not reconnect; trying again');
        delay = Math.min(delay * 2, 30_000);
        reconnectLater();
      });
    }, delay);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { topic, event } = JSON.parse(msg.payload) as { topic: string; event: TBusEvent };
        local.deliver(topic, event);
      } catch (err) {
        log.warn({ err }, 'unreadable event on the bus');
      }
    });
    client.on('error', (err) => {
      log.warn({ err }, 'event bus listener lost its connection; reconnecting');
      lost = true;
      void client.end().catch(() => undefined);
      reconnectLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    listener = client;
    delay = 500;
    if (lost) {
      lost = false;
      resync.emit('resync');
    }
  };
  await connect();

  return {
    async publish(topic, event) {
      await publisher.query('SELECT pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ topic, event }),
      ]);
    },
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    onResync(handler) {
      resync.on('resync', handler);
      return () => resync.off('resync', handler);
    },
    listenerCount: () => local.listenerCount(),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
