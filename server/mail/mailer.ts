// Sends one message: over SMTP when SMTP_URL is set, else as an .eml file in DATA_DIR/outbox with its links logged.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { TConfig } from '../env.ts';
import { linksIn } from './links.ts';

/** A message as the mailer sends it; `id` is the outbox row's. */
export interface TMailEnvelope {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The logging the mail code needs; Fastify's (pino) logger fits it. */
export interface TMailLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Sends mail; `send` resolves once the SMTP server accepted the message or the file is written. */
export interface TMailer {
  readonly mode: 'smtp' | 'folder';
  send(message: TMailEnvelope): Promise<void>;
  close(): void;
}

/** The part of the configuration the mailer reads. */
export type TMailerConfig = Pick<TConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

// A stuck server must not hold the mail queue (one message at a time) for long; nodemailer's defaults allow 10 minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The folder that holds the messages when no SMTP server is configured. */
export function outboxFolder(dataDir: string): string {
  return join(resolve(dataDir), 'outbox');
}

/** Builds the mailer the configuration asks for. */
export function createMailer(config: TMailerConfig, log: TMailLog): TMailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : folderMailer(config, log);
}

// The Message-ID derives from the outbox id, so a copy sent twice (a lease that ran out) is recognisably the same.
function mailOptions(message: TMailEnvelope, from: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'forgeboard.local';
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === null ? {} : { html: message.html }),
    messageId: `<${message.id}@${domain}>`,
  };
}

function smtpMailer(smtpUrl: string, from: string): TMailer {
  // A pool of one connection: the mail queue sends one message at a time, and a burst reuses the connection
  // instead of a new handshake per message (about 100 ms each against the test server). The pool reconnects on its own.
  const options: SMTPPool.Options = { url: smtpUrl, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS };
  const transport = nodemailer.createTransport(options);
  return {
    mode: 'smtp',
    async send(message) {
      await transport.sendMail(mailOptions(message, from));
    },
    close: () => transport.close(),
  };
}

function folderMailer(config: TMailerConfig, log: TMailLog): TMailer {
  // streamTransport with buffer: nodemailer builds the complete RFC 822 message and hands it back as bytes.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = outboxFolder(config.dataDir);
  return {
    mode: 'folder',
    async send(message) {
      const info = await transport.sendMail(mailOptions(message, config.mailFrom));
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${message.id}.eml`);
      // Written aside and renamed, so whoever watches the folder never opens half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      log.info(
        { to: message.to, subject: message.subject, links: linksIn(message.text), file },
        'mail written to the outbox folder (no SMTP_URL is set)',
      );
    },
    close: () => transport.close(),
  };
}
