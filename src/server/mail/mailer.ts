import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';

// nodemailer loads with the first message a process sends (mail is rare), not at start.
const require = createRequire(import.meta.url);
const nodemailer = () => require('nodemailer') as typeof nodemailerModule;

/** A transport made the first time it is needed. */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about; logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the
 * outbox folder and its link logged, so a password reset works with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = onFirstUse<Transporter>(() => nodemailer().createTransport(smtpUrl));
    return {
      async send(mail) {
        await transport().sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      },
    };
  }
  const transport = onFirstUse(() =>
    nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await transport().sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info(
        { file, link: mail.link },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
}
