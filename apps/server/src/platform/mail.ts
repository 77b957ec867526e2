import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  /** One address or several (one mail to all of them). */
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Whether an SMTP server is configured (SMTP_HOST): without one `send` only writes the mail to the log. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  /** Opens a connection to the SMTP server and closes it: proves the settings work. */
  verify(): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_HOST is set; otherwise the mail is written
 * to the server log (links included), so every flow works offline.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_HOST) {
    return {
      configured: false,
      async send(m) {
        log.info(
          { mail: { to: m.to, subject: m.subject, attachments: m.attachments?.map((a) => a.filename) } },
          `mail (no SMTP configured) to ${String(m.to)}: ${m.subject}\n${m.text}`,
        );
      },
      async verify() {
        throw new Error('SMTP non configurato');
      },
    };
  }
  // nodemailer is loaded with the first mail, not at start (a restart should not pay for it).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        ignoreTLS: config.SMTP_IGNORE_TLS,
        auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
        // A silent server fails the attempt well within the mail jobs' expiry (JOB_EXPIRE_SEC, 30 s): an
        // attempt still running past it would be retried beside itself (job-registry.ts, `short`).
        connectionTimeout: 8_000,
        greetingTimeout: 8_000,
        socketTimeout: 10_000,
      }),
    ));
  return {
    configured: true,
    async send(m) {
      await (await transportOnce()).sendMail({ from: config.MAIL_FROM, ...m });
    },
    async verify() {
      await (await transportOnce()).verify();
    },
  };
}
