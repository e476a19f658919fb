import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { dkimSign } from 'mailauth';

/** A DKIM key of a sending domain: the private half signs, the TXT record publishes the other. */
export interface TDkimKey {
  domain: string;
  selector: string;
  privateKey: string;
  /** The TXT record at `<selector>._domainkey.<domain>`. */
  record: string;
}

export function makeDkimKey(domain: string, selector = 'test'): TDkimKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    domain,
    selector,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=rsa; p=${spki}`,
  };
}

export interface TRawMessageOptions {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer | string; contentType?: string }>;
  /** Extra headers (Auto-Submitted, Precedence, Content-Language, ...). */
  headers?: Record<string, string>;
  /** Without <>; default: a fresh one. */
  messageId?: string;
  /** Signed with this key (a DKIM-Signature header in front) when given. */
  dkim?: TDkimKey;
}

/** A real RFC 5322 message, built by nodemailer as a mail client would, optionally DKIM-signed. */
export async function buildRawMessage(options: TRawMessageOptions): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await composer.sendMail({
    from: options.from,
    to: options.to,
    subject: options.subject ?? 'Print please',
    ...(options.text !== undefined && { text: options.text }),
    ...(options.html !== undefined && { html: options.html }),
    ...(options.attachments && { attachments: options.attachments }),
    ...(options.headers && { headers: options.headers }),
    ...(options.messageId && { messageId: `<${options.messageId}>` }),
  });
  const raw = info.message as Buffer;
  if (!options.dkim) return raw;
  const signed = await dkimSign(raw, {
    canonicalization: 'relaxed/relaxed',
    signingDomain: options.dkim.domain,
    selector: options.dkim.selector,
    privateKey: options.dkim.privateKey,
  });
  return Buffer.concat([Buffer.from(signed.signatures), raw]);
}
