import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createAdmin, CreateAdminRefused } from './create-admin';

/**
 * npm run create-admin -w @printomat/server -- --email you@example.com [--locale en] [--promote]
 *
 * The password is read from standard input when something is piped in (one line; a trailing
 * newline is dropped), otherwise a strong one is generated and printed once. Uses the server's
 * configuration (DATABASE_URL or DATA_DIR) and migrates the database first, so it works before
 * the first start. With the embedded database (PGlite), stop the server first.
 */

const USAGE =
  'usage: npm run create-admin -w @printomat/server -- --email <address> [--locale en|de|pl] [--promote]\n' +
  '  password: piped on standard input (echo … | npm run create-admin …), else generated and shown once\n' +
  '  --promote: make the existing person with this e-mail an admin (their password is kept)';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function readStandardInput(): Promise<string | undefined> {
  // A terminal means nobody piped a password in: generate one instead of waiting for typing.
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  return text === '' ? undefined : text;
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      locale: { type: 'string' },
      promote: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.email) fail(`--email is required\n${USAGE}`, 2);

const config = loadConfigOrExit();

const password = await readStandardInput();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  const result = await createAdmin(database.db, {
    email: args.email,
    ...(password === undefined ? {} : { password }),
    ...(args.locale === undefined ? {} : { locale: args.locale }),
    promote: args.promote,
  });
  if (result.kind === 'promoted') {
    console.log(`${result.email} (user ${result.userId}) is now an admin.`);
  } else {
    console.log(
      `Admin ${result.email} created (user ${result.userId}); the e-mail counts as confirmed.`,
    );
    if (result.generatedPassword)
      console.log(`Password (shown only now, store it safely): ${result.generatedPassword}`);
  }
} catch (error) {
  if (error instanceof CreateAdminRefused) {
    process.exitCode = 1;
    console.error(`create-admin refused: ${error.message}`);
  } else throw error;
} finally {
  await database.close();
}
