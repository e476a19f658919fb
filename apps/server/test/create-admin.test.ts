import { productionSettings } from './helpers/production-env';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, CreateAdminRefused } from '../src/bootstrap/create-admin';
import { REPO_ROOT } from '../src/config';
import { openDatabase, type TDatabase } from '../src/db/database';
import {
  createTestDatabase,
  pgliteDataDirFromTemplate,
  testDatabaseKind,
} from './helpers/database';
import {
  createTestApp,
  registerAndSignIn,
  TestAgent,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';

// `npm run create-admin` (issue 11): the first admin of a production installation. The command
// runs as its own process against the database the server uses (a PGlite data directory or
// PostgreSQL), then the person signs in through the app.

const COMMAND = path.join(REPO_ROOT, 'apps/server/src/bootstrap/create-admin-command.ts');

let dataDir: string;
/** PostgreSQL: the test database the command and the app share. */
let postgres: TDatabase | undefined;

function commandEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    ...productionSettings(),
    SMTP_URL: 'smtp://127.0.0.1:2525',
    DATA_DIR: dataDir,
    ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
  };
}

/** Runs the command like `npm run create-admin -- …` does, with `input` on standard input. */
function runCreateAdmin(
  args: string[],
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', COMMAND, ...args], {
      cwd: REPO_ROOT,
      env: commandEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const generatedEmail = uniqueEmail('first.admin');
const pipedEmail = uniqueEmail('second.admin');
const pipedPassword = 'a piped password, long enough';
let generated: Awaited<ReturnType<typeof runCreateAdmin>>;
let piped: Awaited<ReturnType<typeof runCreateAdmin>>;
let again: Awaited<ReturnType<typeof runCreateAdmin>>;
let badInput: Awaited<ReturnType<typeof runCreateAdmin>>;
let t: TTestApp;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-create-admin-'));
  if (testDatabaseKind() === 'postgres') postgres = await createTestDatabase();
  else await pgliteDataDirFromTemplate(dataDir);
  // The commands run before the app opens the database (an embedded PGlite has one owner).
  generated = await runCreateAdmin(['--email', generatedEmail.toUpperCase()], '');
  piped = await runCreateAdmin(['--email', pipedEmail, '--locale', 'pl'], `${pipedPassword}\n`);
  again = await runCreateAdmin(['--email', generatedEmail], 'another password 123\n');
  badInput = await runCreateAdmin(['--email', 'not-an-address'], 'short\n');
  const database = postgres ?? (await openDatabase({ dataDir }));
  t = await createTestApp({}, { database });
  if (!postgres) {
    const close = t.close;
    t.close = async () => {
      await close();
      await database.close();
    };
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await postgres?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const userRow = (email: string) =>
  t.ctx.db
    .selectFrom('users')
    .select(['id', 'role', 'email_confirmed_at', 'locale', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();

async function signIn(email: string, password: string) {
  const agent = new TestAgent(t.app);
  return agent.post('/api/auth/sign-in', { email, password });
}

describe('create-admin (the command)', () => {
  it('generates a strong password, prints it once, and the admin can sign in', async () => {
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    const password = /Password \(shown only now[^)]*\): (\S+)/.exec(generated.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const row = await userRow(generatedEmail);
    expect(row).toMatchObject({ role: 'admin', locale: 'en' });
    expect(row?.email_confirmed_at).toBeInstanceOf(Date);
    expect(row?.password_hash).not.toContain(password);
    const response = await signIn(generatedEmail, password!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: generatedEmail, role: 'admin' } });
  });

  it('takes a piped password (not echoed) and the language', async () => {
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain(pipedPassword);
    expect(piped.stdout).not.toContain('Password');
    expect(await userRow(pipedEmail)).toMatchObject({ role: 'admin', locale: 'pl' });
    expect((await signIn(pipedEmail, pipedPassword)).statusCode).toBe(200);
    expect((await signIn(pipedEmail, 'a wrong password')).statusCode).not.toBe(200);
  });

  it('refuses an e-mail that exists, changing nothing, and says how to promote', async () => {
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(again.stderr).toContain('--promote');
    expect((await signIn(generatedEmail, 'another password 123')).statusCode).not.toBe(200);
  });

  it('checks the address with the sign-up rules', async () => {
    expect(badInput.code).toBe(1);
    expect(badInput.stderr).toMatch(/--email: .*invalid/i);
    expect(await userRow('not-an-address')).toBeUndefined();
  });

  it('needs --email', async () => {
    // No database work: the usage is refused before anything is opened.
    const missing = await runCreateAdmin([], '');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');
  });
});

describe('createAdmin (what the command calls)', () => {
  it('refuses a password sign-up would refuse, with its message', async () => {
    const email = uniqueEmail('short.admin');
    await expect(createAdmin(t.ctx.db, { email, password: 'short' })).rejects.toThrow(
      /password: .*8/,
    );
    expect(await userRow(email)).toBeUndefined();
  });

  it('--promote makes an existing person admin and keeps their password', async () => {
    const agent = new TestAgent(t.app);
    const person = await registerAndSignIn(agent);
    await expect(
      createAdmin(t.ctx.db, { email: person.email, promote: true, password: 'new password 1' }),
    ).rejects.toBeInstanceOf(CreateAdminRefused);
    const result = await createAdmin(t.ctx.db, { email: person.email, promote: true });
    expect(result).toEqual({ kind: 'promoted', userId: person.id, email: person.email });
    const row = await userRow(person.email);
    expect(row?.role).toBe('admin');
    expect(row?.email_confirmed_at).toBeInstanceOf(Date);
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    await expect(
      createAdmin(t.ctx.db, { email: uniqueEmail('nobody'), promote: true }),
    ).rejects.toThrow(/nobody has the e-mail/);
  });
});
