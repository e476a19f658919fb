import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import { insertMailLog } from './mail.repo';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A reply: the Message-ID answered (with <>), so mail clients thread it. */
  inReplyTo?: string;
  references?: string;
  /** Extra header fields, e.g. `Auto-Submitted: auto-replied` on automatic answers (RFC 3834). */
  headers?: Record<string, string>;
  /** Small files sent along (page previews); `cid` makes one an inline image of the HTML. */
  attachments?: Array<{
    filename: string;
    contentType: string;
    contentBase64: string;
    cid?: string;
  }>;
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
  close(): void;
}

/**
 * With SMTP_URL: real SMTP. Without it (development): mail is written to the log and kept in
 * the `mail_log` table, which the development mailbox page shows.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: TDb;
  log: FastifyBaseLogger;
}): TMailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const { attachments, ...rest } = mail;
        await transport.sendMail({
          from: options.from,
          ...rest,
          ...(attachments && {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.contentBase64, 'base64'),
              ...(a.cid && { cid: a.cid }),
            })),
          }),
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      await insertMailLog(options.db, {
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
      });
      options.log.info(
        { to: mail.to, subject: mail.subject },
        `mail (no SMTP_URL set):\n${mail.text}`,
      );
    },
    close: () => undefined,
  };
}
