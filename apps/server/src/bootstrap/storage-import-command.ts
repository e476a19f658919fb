import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createFileStorage, createLocalStorage } from '../modules/documents/create-storage';
import { importLocalFiles } from '../modules/documents/storage-import';

/**
 * npm run storage-import -w @printomat/server [-- --remove-local]
 * (built: node apps/server/dist/storage-import.js)
 *
 * Switching from STORAGE=local to STORAGE=database: copies the files under DATA_DIR/documents and
 * DATA_DIR/printer-images into the database the configuration names (STORAGE=database must be
 * set), under the same keys, so every document, preview, scan and printer image stays. Run it with
 * the servers stopped; it can be run again (what is copied already is skipped). --remove-local
 * removes each local file once its copy is confirmed (then the start-up warning about files left
 * behind goes too). Migrates the database first, like create-admin.
 */

const USAGE = 'usage: npm run storage-import -w @printomat/server [-- --remove-local]';

let removeLocal = false;
try {
  removeLocal =
    parseArgs({ options: { 'remove-local': { type: 'boolean' } } }).values['remove-local'] === true;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfigOrExit();
if (config.storage !== 'database') {
  console.error(
    'STORAGE is not "database": set STORAGE=database (with the DATABASE_URL the servers use) to copy the local files into the database.',
  );
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  const local = createLocalStorage(config.dataDir);
  const target = createFileStorage('database', config.dataDir, database.db);
  const report = await importLocalFiles(local, target, { removeLocal });
  const mb = (report.bytes / 1024 / 1024).toFixed(1);
  console.log(`Copied ${report.copied} file(s), ${mb} MB, into the database.`);
  console.log(`Already there: ${report.present}.`);
  if (removeLocal) console.log(`Removed locally: ${report.removed}.`);
  if (report.ignored.length > 0) {
    console.log(`Left alone (not a name the server gives): ${report.ignored.length}`);
    for (const name of report.ignored) console.log(`  ${name}`);
  }
} catch (err) {
  process.exitCode = 1;
  console.error('Import stopped (run it again to go on: what is copied already is skipped):', err);
} finally {
  await database.close();
}
