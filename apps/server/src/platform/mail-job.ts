import { defineJob } from './job-registry.js';
import type { MailMessage } from './mail.js';

/** Every mail the product sends goes through this queue: retried by pg-boss when SMTP fails. */
export const MAIL_QUEUE = 'send-mail';

export const mailJob = defineJob<MailMessage>({
  queue: MAIL_QUEUE,
  run: (deps, message) => deps.mailer.send(message),
  short: true,
});
