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
  /**
   * Called at once when the bus finds its connection lost (an error, its end, or a missed
   * heartbeat on a connection that died silently): events may be missed from now until the
   * resync, so caches drop what they hold and stop caching until then.
   */
  onLost(handler: () => void): () => void;
  /** False from a loss until the resync (events may be missing); always true on the local bus. */
  isHealthy(): boolean;
  /** How many handlers listen (for tests and the memory benchmark). */
  listenerCount(): number;
  close(): Promise<void>;
}

const CHANNEL = 'printomat_events';

/** A publish gives up after this long (a hung connection must not stall the request). */
const PUBLISH_TIMEOUT_MS = 2_000;

export interface TPostgresBusOptions {
  /** How often the bus NOTIFYs itself to prove its LISTEN connection still hears (ms). */
  heartbeatMs?: number;
  /** Nothing heard on the channel for this long: the connection is taken as lost (ms). */
  lostAfterMs?: number;
}

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
    onLost: () => () => undefined,
    isHealthy: () => true,
    listenerCount: () => local.listenerCount(),
    close: () => Promise.resolve(),
  };
}

export async function createPostgresEventBus(
  databaseUrl: string,
  log: FastifyBaseLogger,
  options: TPostgresBusOptions = {},
): Promise<TEventBus> {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const lostAfterMs = options.lostAfterMs ?? 30_000;
  const local = new LocalBus();
  const publisher = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    keepAlive: true,
    connectionTimeoutMillis: PUBLISH_TIMEOUT_MS,
    query_timeout: PUBLISH_TIMEOUT_MS,
  });
  publisher.on('error', (err) => log.warn({ err }, 'event bus publisher connection lost'));
  let listener: { client: pg.Client; drop: (err: unknown, message: string) => void } | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let healthy = true;
  /** `performance.now()` when the listener last heard anything on the channel. */
  let lastHeard = performance.now();

  const signals = new EventEmitter();
  signals.setMaxListeners(0);
  let delay = 500;

  const notify = async (payload: string): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`event bus publish took over ${PUBLISH_TIMEOUT_MS} ms`)),
        PUBLISH_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([
        publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  const reconnectLater = () => {
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().catch((err: unknown) => {
        log.warn({ err }, 'event bus could not reconnect; trying again');
        delay = Math.min(delay * 2, 30_000);
        reconnectLater();
      });
    }, delay);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    let up = false;
    const drop = (err: unknown, message: string) => {
      if (!up || closed) return;
      up = false;
      log.warn({ err }, message);
      if (listener?.client === client) listener = undefined;
      if (healthy) {
        healthy = false;
        signals.emit('lost');
      }
      void client.end().catch(() => undefined);
      reconnectLater();
    };
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      lastHeard = performance.now();
      try {
        const { topic, event } = JSON.parse(msg.payload) as { topic?: string; event: TBusEvent };
        // A heartbeat names no topic: hearing it is all it is for.
        if (topic !== undefined) local.deliver(topic, event);
      } catch (err) {
        log.warn({ err }, 'unreadable event on the bus');
      }
    });
    client.on('error', (err) => drop(err, 'event bus listener lost its connection; reconnecting'));
    client.on('end', () => drop(undefined, 'event bus listener connection ended; reconnecting'));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    up = true;
    listener = { client, drop };
    lastHeard = performance.now();
    delay = 500;
    if (!healthy) {
      healthy = true;
      signals.emit('resync');
    }
  };
  await connect();

  // A half-open connection (an idle timeout on the way, a failover behind an address) reports
  // no error: the bus NOTIFYs itself and takes a long silence as a loss.
  const heartbeat = setInterval(() => {
    if (!listener) return;
    if (performance.now() - lastHeard > lostAfterMs) {
      listener.drop(
        undefined,
        'event bus listener heard nothing, not even its heartbeat; reconnecting',
      );
      return;
    }
    notify(JSON.stringify({ heartbeat: true })).catch((err: unknown) =>
      log.warn({ err }, 'event bus heartbeat could not be sent'),
    );
  }, heartbeatMs);
  heartbeat.unref();

  return {
    publish: (topic, event) => notify(JSON.stringify({ topic, event })),
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    onResync(handler) {
      signals.on('resync', handler);
      return () => signals.off('resync', handler);
    },
    onLost(handler) {
      signals.on('lost', handler);
      return () => signals.off('lost', handler);
    },
    isHealthy: () => healthy,
    listenerCount: () => local.listenerCount(),
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      await listener?.client.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
