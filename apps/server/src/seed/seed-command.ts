import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_ACCOUNTS } from './demo-data';
import { seedDemoData } from './seed';

const config = loadConfigOrExit();
if (config.isProduction) {
  // Demo accounts have published passwords and free pages: never on a production database.
  console.error('Demo data is refused in production (NODE_ENV=production). Use create-admin.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  await seedDemoData(database.db, new Date(), config.inbound.domain);
  console.log('Demo data loaded. Accounts:');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(9)} ${a.email}  ${a.password}`);
} finally {
  await database.close();
}
