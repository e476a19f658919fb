import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The webhook secrets of the development payment sandboxes: random per data directory and kept
 * in it (0600), so every instance sharing the directory agrees and nobody can derive them from a
 * path. Created on first use, never at config load (tests load many configs without a directory).
 */
export const DEV_SECRETS_FILE = 'dev-webhook-secrets.json';

export interface TDevSecrets {
  payments_sandbox: string;
  sms_payment_sandbox: string;
}

function parse(file: string, text: string): TDevSecrets {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const secrets = data as Partial<TDevSecrets> | undefined;
  const ok = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
  if (!secrets || !ok(secrets.payments_sandbox) || !ok(secrets.sms_payment_sandbox))
    throw new Error(`${file} is damaged; delete it and new development secrets are created`);
  return secrets as TDevSecrets;
}

/** Reads DATA_DIR's secrets, creating them (exclusively: two processes agree) when missing. */
export function readOrCreateDevSecrets(dataDir: string): TDevSecrets {
  const file = path.join(dataDir, DEV_SECRETS_FILE);
  try {
    return parse(file, fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const fresh: TDevSecrets = {
    payments_sandbox: randomBytes(32).toString('hex'),
    sms_payment_sandbox: randomBytes(32).toString('hex'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  // Written aside, then linked into place: the link is atomic and fails when another process
  // got there first, so nobody ever reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parse(file, fs.readFileSync(file, 'utf8'));
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** A memoised reader for one data directory (read once per config). */
export function lazyDevSecrets(dataDir: string): () => TDevSecrets {
  let secrets: TDevSecrets | undefined;
  return () => (secrets ??= readOrCreateDevSecrets(dataDir));
}
