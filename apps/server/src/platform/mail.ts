import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../db/ids.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the message carries, logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes a JSON file in DATA_DIR/outbox/. */
export function createMailer(options: {
  smtpUrl: string | null;
  dataDir: string;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    async send(message) {
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${newId()}.json`);
      const body = { ...message, from: options.from, created: new Date().toISOString() };
      await fs.writeFile(file, JSON.stringify(body, null, 2));
      options.logger.info({ to: message.to, link: message.link, file }, 'mail written to outbox');
    },
  };
}
