import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { makePrivate } from '../lib/private-files';
import nodemailer from 'nodemailer';
import type { Db } from '../db/connect';
import { writeMailFile } from '../lib/mail-folder';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one-time code the mail carries (kept in the dev outbox so tests and local dev can read it). */
  code?: string;
}

export interface Mailer {
  /** smtp: real mail; outbox: the database outbox (development, tests); folder: .eml files (production without SMTP). */
  mode: 'smtp' | 'outbox' | 'folder';
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  now: () => Date;
  /** Set in production without SMTP: mail goes to this folder. */
  mailDir: string | undefined;
  log: FastifyBaseLogger;
}

function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  if (opts.mailDir) {
    const dir = opts.mailDir;
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      mode: 'folder',
      async send(m) {
        const info = await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
        const file = await writeMailFile(dir, info.message as Buffer, opts.now());
        // The one place a code is logged on purpose: how a newcomer without SMTP signs up and resets.
        opts.log.info(`mail to ${m.to}: "${m.subject}"${m.code ? `, code ${m.code}` : ''} (${file})`);
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

/**
 * nodemailer over SMTP_URL. Without it: in production the mail folder (MAIL_DIR, no HTTP route
 * serves it); in development and tests the database outbox that GET /v1/dev/outbox reads.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      db: app.db,
      now: app.now,
      mailDir: config.nodeEnv === 'production' ? config.mailDir : undefined,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    if (mailer.mode === 'outbox') app.log.info('mail: local outbox (read it at GET /v1/dev/outbox)');
    if (mailer.mode === 'folder') {
      // Mail in the folder carries sign-up and reset codes: a folder from an older version is fixed too.
      const changed = makePrivate(config.mailDir);
      if (changed) app.log.warn({ dir: config.mailDir, changed }, 'mail folder: made files and folders private');
      app.log.info(`mail: no SMTP_URL, so mail is written to ${config.mailDir} and each code is printed here`);
    }
  },
  { name: 'mail', dependencies: ['db'] },
);
