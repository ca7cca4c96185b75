import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Db } from '../db/connect';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one-time code the mail carries (kept in the dev outbox so tests and local dev can read it). */
  code?: string;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Db; now: () => Date }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  // Outbox mode: nodemailer still composes and validates the message; the result is stored in the
  // database so every API instance and the dev endpoint see the same mails.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    mode: 'outbox',
    async send(m) {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await opts.db
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          to_address: m.to.toLowerCase(),
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          code: m.code ?? null,
          created_at: opts.now(),
        })
        .execute();
    },
  };
}

/** nodemailer over SMTP_URL, otherwise the database outbox (refused in production by the config). */
export default fp(
  async (app) => {
    if (!app.config.smtpUrl && app.config.nodeEnv === 'production') {
      throw new Error('The mail outbox is refused in production: set SMTP_URL');
    }
    const mailer = createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, db: app.db, now: app.now });
    app.decorate('mailer', mailer);
    if (mailer.mode === 'outbox') app.log.info('mail: local outbox (read it at GET /v1/dev/outbox)');
  },
  { name: 'mail', dependencies: ['db'] },
);
