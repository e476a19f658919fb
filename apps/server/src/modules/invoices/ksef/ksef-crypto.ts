import { X509Certificate, constants, createCipheriv, createHash, publicEncrypt } from 'node:crypto';

// The encryption KSeF 2.0 asks for: the KSeF token and the session's AES key are encrypted with
// RSA-OAEP (SHA-256, MGF1-SHA-256) under the Ministry's public key certificates; the invoice
// with AES-256-CBC and PKCS#7 padding, the IV sent apart (not prepended to the ciphertext, as
// the official C# client and the OpenAPI's example sizes show).

export type TKsefKeyUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

export interface TKsefPublicCertificate {
  /** Base64 DER X.509. */
  certificate: string;
  validFrom: string;
  validTo: string;
  usage: string[];
}

/** The certificate for a usage that is valid now (the newest when several are). */
export function pickCertificate(
  certificates: TKsefPublicCertificate[],
  usage: TKsefKeyUsage,
  now: Date,
): X509Certificate {
  const valid = certificates
    .filter(
      (c) =>
        c.usage.includes(usage) &&
        Date.parse(c.validFrom) <= now.getTime() &&
        now.getTime() < Date.parse(c.validTo),
    )
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom));
  if (!valid[0]) throw new Error(`KSeF offers no valid ${usage} certificate`);
  return new X509Certificate(Buffer.from(valid[0].certificate, 'base64'));
}

/** RSA-OAEP with SHA-256 (the default SHA-1 makes KSeF answer "invalid token encoding"). */
export function rsaOaepEncrypt(certificate: X509Certificate, data: Buffer): string {
  return publicEncrypt(
    { key: certificate.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    data,
  ).toString('base64');
}

export const sha256Base64 = (data: Buffer) => createHash('sha256').update(data).digest('base64');

export function aesCbcEncrypt(key: Buffer, iv: Buffer, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/**
 * The challenge's time in Unix milliseconds: `timestampMs` (KSeF 2.0 RC6.1 and later) or the
 * ISO `timestamp` truncated to milliseconds (it has 7 fractional digits).
 */
export function challengeMillis(challenge: {
  timestamp: string;
  timestampMs?: number | null;
}): number {
  if (typeof challenge.timestampMs === 'number') return challenge.timestampMs;
  const trimmed = challenge.timestamp.replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(trimmed);
  if (Number.isNaN(ms))
    throw new Error(`KSeF challenge timestamp unreadable: ${challenge.timestamp}`);
  return ms;
}
