import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over an embedded PGlite instance.
 *
 * Kysely's own PGlite dialect needs kysely 0.29, which declares Node >= 22; this one runs on the
 * kysely 0.28 line (Node >= 20, our engines field). PGlite is a single connection: the driver
 * hands it to one user at a time (a query, or a whole transaction) and queues the others, and a
 * transaction runs inside `pglite.transaction()`, which locks the instance against anyone else
 * holding it (a dump, another library). Everything else is PostgreSQL's: adapter, query
 * compiler, introspector.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(config: { pglite: PGlite }) {
    this.#pglite = config.pglite;
  }

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kysely's Dialect signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // The migrator holds the only connection from taking the lock to releasing it: nobody else
  // can run meanwhile, so there is nothing to lock.
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

/** First come, first served; `acquire` resolves when the previous holder released. */
class Queue {
  #tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => turn);
    await previous;
    return release;
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #queue = new Queue();
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    if (this.#pglite.closed) throw new Error('the PGlite instance is already closed');
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#queue.acquire();
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await (connection as PGliteConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

interface TOpenTransaction {
  tx: Transaction;
  /** Settles the callback given to `pglite.transaction()`: commit, or roll back with a reason. */
  finish: (commit: boolean) => void;
  /** The promise `pglite.transaction()` returned: settles once COMMIT or ROLLBACK ran. */
  closed: Promise<void>;
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #transaction: TOpenTransaction | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#transaction?.tx ?? this.#pglite;
    const { affectedRows, rows } = await target.query<R>(
      compiledQuery.sql,
      [...compiledQuery.parameters],
      { rowMode: 'object' },
    );
    return {
      rows,
      ...(affectedRows === undefined ? {} : { numAffectedRows: BigInt(affectedRows) }),
    };
  }

  // eslint-disable-next-line require-yield -- the interface wants a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite cannot stream query results');
  }

  async begin(settings: TransactionSettings): Promise<void> {
    if (this.#transaction) throw new Error('a PGlite transaction is already open');
    let started!: (tx: Transaction) => void;
    const begun = new Promise<Transaction>((resolve) => (started = resolve));
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    const closed = this.#pglite.transaction(async (tx) => {
      started(tx);
      if (!(await decided)) await tx.rollback();
    });
    // BEGIN failing settles `closed` (rejected) before `begun`; the race reports it.
    const ended = closed.then(() => {
      throw new Error('the PGlite transaction ended before it began');
    });
    ended.catch(() => undefined);
    const tx = await Promise.race([begun, ended]);
    this.#transaction = { tx, finish, closed };
    const modes = [
      settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
      settings.accessMode,
    ].filter(Boolean);
    if (modes.length === 0) return;
    try {
      await tx.query(`set transaction ${modes.join(', ')}`);
    } catch (err) {
      await this.rollback();
      throw err;
    }
  }

  async commit(): Promise<void> {
    await this.#end(true);
  }

  async rollback(): Promise<void> {
    await this.#end(false).catch(() => undefined);
  }

  async #end(commit: boolean): Promise<void> {
    const open = this.#transaction;
    if (!open) throw new Error('no PGlite transaction is open');
    this.#transaction = undefined;
    open.finish(commit);
    await open.closed;
  }
}
