import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface TCapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Threading headers of a reply (with <>), when set. */
  inReplyTo?: string;
  references?: string;
  /** Attached files; `cid` set for inline images the HTML shows. */
  attachments: Array<{ filename: string; contentType: string; cid: string | undefined }>;
  /** The attached files' bytes, in the order of `attachments` (kept apart so it can be compared whole). */
  attachmentContents: Buffer[];
}

/** A real SMTP server on loopback that keeps what it receives. */
export class SmtpCatcher {
  readonly mails: TCapturedMail[] = [];
  private readonly server: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed: ParsedMail) => {
            const to = Array.isArray(parsed.to)
              ? parsed.to.map((a) => a.text).join(', ')
              : (parsed.to?.text ?? '');
            this.mails.push({
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              ...(parsed.inReplyTo && { inReplyTo: parsed.inReplyTo }),
              ...(parsed.references && {
                references: Array.isArray(parsed.references)
                  ? parsed.references.join(' ')
                  : parsed.references,
              }),
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                cid: a.cid,
              })),
              attachmentContents: parsed.attachments.map((a) => a.content),
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for a mail to this address (and matching `predicate`), up to `timeoutMs`. */
  async waitFor(
    to: string,
    predicate: (m: TCapturedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<TCapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find((m) => m.to.includes(to) && predicate(m));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no mail to ${to} within ${timeoutMs} ms (got: ${this.mails.map((m) => `${m.to}: ${m.subject}`).join('; ')})`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

export function linkFrom(mail: TCapturedMail, pathPart: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S*${pathPart}\\S*`));
  if (!match) throw new Error(`no ${pathPart} link in mail: ${mail.text}`);
  return match[0];
}
