import { z } from 'zod';

/**
 * The report's PDF mailed to the customer, and the log of the sendings (issue 12,
 * docs/decisions/0026-report-mail.md).
 */

/** Most recipients of one sending. */
export const REPORT_MAIL_MAX_RECIPIENTS = 10;
/** pg-boss retries of a report's mail after the first attempt (as the mail queue): the log entry is errore after the last. */
export const REPORT_MAIL_RETRIES = 3;

export const MAIL_LOG_STATES = ['in_coda', 'inviato', 'errore'] as const;
export type MailLogState = (typeof MAIL_LOG_STATES)[number];

export const mailRecipient = z.string().trim().toLowerCase().email('Indirizzo email non valido').max(200);

/** POST /rapportini/rapportino/invio */
export const reportMailRequest = z
  .object({
    id: z.string().uuid(),
    destinatari: z
      .array(mailRecipient)
      .min(1, 'Indicare almeno un destinatario')
      .max(REPORT_MAIL_MAX_RECIPIENTS, `Al massimo ${REPORT_MAIL_MAX_RECIPIENTS} destinatari`)
      .refine((a) => new Set(a).size === a.length, 'Destinatario ripetuto'),
  })
  .strict();
export type ReportMailRequest = z.input<typeof reportMailRequest>;

export const mailLogEntry = z.object({
  id: z.string(),
  /** ISO instant the sending was asked for. */
  creato_il: z.string(),
  destinatari: z.array(z.string()),
  oggetto: z.string(),
  stato: z.enum(MAIL_LOG_STATES),
  /** The last failure's text (kept while retrying; cleared once sent). */
  errore: z.string().nullable(),
  tentativi: z.number().int(),
  /** ISO instant the mail was accepted by the SMTP server. */
  inviato_il: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof mailLogEntry>;

export const reportMailResponse = z.object({ success: z.literal(true), item: mailLogEntry });
/** GET /mail/logs/rapportino/{id}: newest first. */
export const mailLogResponse = z.object({ success: z.literal(true), items: z.array(mailLogEntry) });
