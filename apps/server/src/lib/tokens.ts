import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Used for session ids, CSRF tokens, confirmation links, OAuth state. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the hash of a bearer token is stored, so a database leak does not leak live sessions. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Short human-friendly code (referral links); unambiguous characters only. */
export function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}
