import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt hashes (`scrypt$N$r$p$salt$key`, NFKC-normalised input): the one implementation.
// auth/passwords.ts re-exports it for account passwords; users (which auth depends on, so it may
// not import auth) hashes the PIN for copying and scanning with it and checks the account
// password on the PIN page with it.

const scrypt = (secret: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scryptCb(secret, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash (~60 ms on one core).
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

export async function scryptHash(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, {
    ...PARAMS,
    maxmem: MAX_MEM,
  });
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function scryptVerify(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(
    secret.normalize('NFKC'),
    Buffer.from(saltB64, 'base64'),
    expected.length,
    { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEM },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash to verify against when there is nothing to verify (no such account, no such ID), so
 * timing does not tell.
 */
let dummyHash: Promise<string> | undefined;
export function dummyScryptHash(): Promise<string> {
  dummyHash ??= scryptHash(randomBytes(16).toString('hex'));
  return dummyHash;
}
