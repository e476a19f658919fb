import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/database';
import { checkLedger } from '../modules/payments/ledger-check';

/**
 * npm run check-ledger -w @printomat/server   (built: node apps/server/dist/check-ledger.js)
 *
 * Runs the pages-ledger check (modules/payments/ledger-check.ts) on the configured database
 * (DATABASE_URL or DATA_DIR) and prints every problem; exit code 1 when there is one. Reads
 * only, migrates nothing: run it after restoring a backup (docs/deploy.md "Backups"). With the
 * embedded database (PGlite), stop the server first.
 */

const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const problems = await checkLedger(database.db);
  if (problems.length === 0) {
    console.log('Pages ledger: consistent.');
  } else {
    process.exitCode = 1;
    console.error(`Pages ledger: ${problems.length} problem(s):`);
    for (const p of problems)
      console.error(`  user ${p.userId ?? '-'}: ${p.problem} (${p.details})`);
  }
} finally {
  await database.close();
}
