import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_ACCOUNTS } from './demo-data';
import { seedDemoData } from './seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  console.log('Demo data loaded. Accounts:');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(9)} ${a.email}  ${a.password}`);
} finally {
  await database.close();
}
