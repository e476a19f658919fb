import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import { insertMailLog } from './mail.repo';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
        await transport.sendMail({ from: options.from, ...mail });
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
