import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_PARSERS, type TDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { REPO_ROOT } from '../../src/config';

// PGlite's first initdb costs ~8 s: tests load a migrated template instead (STACK.md).
export const PGLITE_TEMPLATE = path.join(REPO_ROOT, '.test-data', 'pglite-template.tar.gz');
const PG_TEMPLATE_DB = 'printomat_test_template';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

function urlForDatabase(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Called once per run (vitest globalSetup): builds the migrated templates. */
export async function prepareTemplates(
  kind: 'pglite' | 'postgres' = testDatabaseKind(),
): Promise<void> {
  if (kind === 'postgres') {
    await withAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    });
    const database = await openDatabase({ databaseUrl: urlForDatabase(PG_TEMPLATE_DB) });
    await migrateToLatest(database.db);
    await database.close();
    return;
  }
  const pglite = await PGlite.create({ parsers: PGLITE_PARSERS });
  const database = await openDatabase({ pglite });
  await migrateToLatest(database.db);
  const dump = await pglite.dumpDataDir('gzip');
  await fs.mkdir(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  // Written aside and renamed: a test run started meanwhile never reads half a template.
  const partial = `${PGLITE_TEMPLATE}.${process.pid}.partial`;
  await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(partial, PGLITE_TEMPLATE);
  await database.close();
}

/** A fresh, migrated, empty database for one test file. */
export async function createTestDatabase(): Promise<TDatabase> {
  if (testDatabaseKind() === 'postgres') {
    const name = `printomat_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`));
    const database = await openDatabase({ databaseUrl: urlForDatabase(name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const blob = new Blob([await fs.readFile(PGLITE_TEMPLATE)]);
  const pglite = await PGlite.create({ loadDataDir: blob, parsers: PGLITE_PARSERS });
  return openDatabase({ pglite });
}

/**
 * A PGlite data directory (DATA_DIR/pglite) holding the migrated template, for a server or a
 * command run as its own process (saves PGlite's initdb).
 */
export async function pgliteDataDirFromTemplate(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  const blob = new Blob([await fs.readFile(PGLITE_TEMPLATE)]);
  const pglite = await PGlite.create(dir, { loadDataDir: blob, parsers: PGLITE_PARSERS });
  await pglite.close();
}
