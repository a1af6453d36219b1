import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { hasControlCharacters, withoutControlCharacters } from '#shared/plain-text';

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
  /** The one link the message is about; logged when mail goes to the outbox outside production. */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Removes the messages kept on this machine for `address` (the outbox); SMTP keeps none. */
  forget?(address: string): Promise<void>;
}

/**
 * The one recipient, given to nodemailer as an address rather than a list to parse: text that
 * is not a single plain address (a line break, a comma, a second @) is refused, so nothing in
 * it can add a header or another recipient.
 */
function singleAddress(to: string): { name: string; address: string } {
  const address = to.trim();
  const at = address.indexOf('@');
  const plain =
    at > 0 &&
    at === address.lastIndexOf('@') &&
    !hasControlCharacters(address) &&
    !/[\s,;:<>"()[\]\\]/.test(address);
  if (!plain) throw new Error('A message goes to one plain address');
  return { name: '', address };
}

/**
 * The message as nodemailer takes it. Header values are kept to one line, so nothing in them
 * can start a header of its own (nodemailer encodes what remains), and the message may not
 * read files or URLs.
 */
function message(from: string, mail: OutgoingMail) {
  return {
    from,
    to: singleAddress(mail.to),
    subject: withoutControlCharacters(mail.subject),
    text: mail.text,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** A file-name part that finds every outbox message to one address without naming it. */
export function recipientTag(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 16);
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the
 * outbox folder, so a password reset works with no mail server. The file is logged; its link
 * too, outside production only: in production a log must never hold a live reset link.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
  logLinks: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = onFirstUse<Transporter>(() => nodemailer().createTransport(smtpUrl));
    return {
      async send(mail) {
        await transport().sendMail(message(options.from, mail));
      },
    };
  }
  const transport = onFirstUse(() =>
    nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await transport().sendMail(message(options.from, mail));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${recipientTag(mail.to)}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info(
        options.logLinks ? { file, link: mail.link } : { file },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
    async forget(address) {
      const tag = `-${recipientTag(address)}-`;
      let names: string[];
      try {
        names = await fs.readdir(options.outboxDir);
      } catch {
        return;
      }
      await Promise.all(
        names
          .filter((name) => name.includes(tag))
          .map((name) => fs.rm(path.join(options.outboxDir, name), { force: true })),
      );
    },
  };
}
