import { z } from 'zod';

/**
 * The report's PDF mailed to the customer, and the log of the sendings (issue 12,
 * docs/decisions/0026-report-mail.md).
 */

/** Most recipients of one sending. */
export const REPORT_MAIL_MAX_RECIPIENTS = 10;
/** pg-boss retries of a report's mail after the first attempt (as the mail queue): the log entry is errore after the last. */
export const REPORT_MAIL_RETRIES = 3;

/**
 * in_coda until the job sends it; inviato once the SMTP server accepted it; non_inviato when no SMTP server is
 * configured (neither the company's nor the server's: the reason in errore, never retried); errore after the
 * last failed attempt.
 */
export const MAIL_LOG_STATES = ['in_coda', 'inviato', 'non_inviato', 'errore'] as const;
/** What a sending carried: the report's PDF, or the signing link. */
export const MAIL_LOG_KINDS = ['rapportino', 'link_firma'] as const;
export const REPORT_MAIL_MAX = { oggetto: 200, messaggio: 5000 } as const;
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
    /** The office's subject and message; left out (or empty), the default ones in the PDF's language. */
    oggetto: z.string().trim().max(REPORT_MAIL_MAX.oggetto).optional(),
    messaggio: z.string().trim().max(REPORT_MAIL_MAX.messaggio).optional(),
  })
  .strict();
export type ReportMailRequest = z.input<typeof reportMailRequest>;

export const mailLogEntry = z.object({
  id: z.string(),
  /** ISO instant the sending was asked for. */
  creato_il: z.string(),
  destinatari: z.array(z.string()),
  oggetto: z.string(),
  tipo: z.enum(MAIL_LOG_KINDS),
  stato: z.enum(MAIL_LOG_STATES),
  /** A signing link's sending whose link is still open: the customer has not signed yet ("in attesa di firma"). */
  in_attesa_firma: z.boolean(),
  /** The last failure's text, or why it was not sent (kept while retrying; cleared once sent). */
  errore: z.string().nullable(),
  tentativi: z.number().int(),
  /** ISO instant the mail was accepted by the SMTP server. */
  inviato_il: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof mailLogEntry>;

export const reportMailResponse = z.object({ success: z.literal(true), item: mailLogEntry });
/** GET /mail/logs/rapportino/{id}: newest first. */
export const mailLogResponse = z.object({ success: z.literal(true), items: z.array(mailLogEntry) });
