import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { TDB } from './schema';

export type TDb = Kysely<TDB>;

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (for LISTEN/NOTIFY); none for PGlite. */
  url?: string;
  close(): Promise<void>;
}

// bigint (count(*), sums) as JS numbers on both drivers: page and money amounts stay far below 2^53.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
pg.types.setTypeParser(INT8_OID, (v) => Number(v));
pg.types.setTypeParser(NUMERIC_OID, (v) => Number(v));

export const PGLITE_PARSERS = {
  [INT8_OID]: (v: string) => Number(v),
  [NUMERIC_OID]: (v: string) => Number(v),
};

export interface TOpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An already opened PGlite instance (tests load one from a template). */
  pglite?: PGlite;
  /** Told about errors of idle PostgreSQL connections (logged by the server). */
  onIdleError?: (err: Error) => void;
}

export async function openDatabase(options: TOpenOptions): Promise<TDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, admin) must not crash the
    // process: the pool drops it and opens a new one on next use.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = new Kysely<TDB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', url: options.databaseUrl, close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (!options.dataDir)
      throw new Error('openDatabase needs a databaseUrl, a dataDir or a pglite instance');
    const dir = path.join(options.dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
    pglite = await PGlite.create(dir, { parsers: PGLITE_PARSERS });
  }
  const instance = pglite;
  const db = new Kysely<TDB>({ dialect: new PGliteDialect({ pglite: instance }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!instance.closed) await instance.close();
    },
  };
}

/** A round trip to the database (the health check). */
export async function pingDatabase(db: TDb): Promise<void> {
  await sql`select 1`.execute(db);
}
