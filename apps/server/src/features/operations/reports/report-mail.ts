import { REPORT_MAIL_RETRIES, type MailLogEntry } from '@fs/contract';
import { systemContext, type CompanyContext } from '../../../platform/context.js';
import { ownIdOf, userIdOf } from '../../../platform/auth/principal.js';
import type { Deps } from '../../../platform/deps.js';
import { notFound } from '../../../platform/errors.js';
import { defineJob } from '../../../platform/job-registry.js';
import type { MailMessage } from '../../../platform/mail.js';
import { companyMailRoute, optionValues } from '../../company/index.js';
import { reportAccess } from './access.js';
import { takeMailRecipients } from './mail-cap.js';
import * as mailRepo from './mail-repo.js';
import { reportPdf } from './pdf.js';
import * as repo from './repo.js';
import { visible } from './service.js';
import { signatureMail } from './signature-mail.js';
import { awaitedSignature } from './visit-repo.js';

/**
 * The report's PDF mailed to the customer (issue 12, docs/decisions/0026-report-mail.md): the request
 * writes a log row in_coda and enqueues a job; the job makes (or takes) the PDF and sends it through
 * the company's own SMTP server when its option is on, else the server's. Retried like every mail.
 */
export const REPORT_MAIL_QUEUE = 'report-mail';
export { REPORT_MAIL_RETRIES };

export interface ReportMailJob {
  aziendaId: string;
  logId: string;
  /** A signing link's sending (tipo link_firma): the link (only its hash is stored) and its days. */
  link?: { url: string; giorni: number; lingua: string };
}

const TEXTS = {
  IT: {
    subject: (n: string, a: string) => `Rapporto di intervento N. ${n} – ${a}`,
    body: (n: string, a: string) =>
      `Gentile cliente,\nin allegato il rapporto di intervento N. ${n}.\n\nCordiali saluti,\n${a}`,
  },
  EN: {
    subject: (n: string, a: string) => `Service report No. ${n} – ${a}`,
    body: (n: string, a: string) =>
      `Dear customer,\nplease find attached service report No. ${n}.\n\nKind regards,\n${a}`,
  },
};

const present = (r: mailRepo.MailLogRow, awaited = false): MailLogEntry => ({
  id: r.id,
  creato_il: r.createdAt.toISOString(),
  destinatari: r.destinatari,
  oggetto: r.oggetto,
  tipo: r.tipo,
  stato: r.stato,
  in_attesa_firma: awaited,
  errore: r.errore,
  tentativi: r.tentativi,
  inviato_il: r.inviatoAt?.toISOString() ?? null,
});

async function texts(deps: Deps, aziendaId: string, numero: string) {
  const [[lingua], azienda] = await Promise.all([
    optionValues(deps, aziendaId, [['lingua_pdf', 'value']]),
    repo.companyName(deps.db, aziendaId),
  ]);
  const t = lingua === 'EN' ? TEXTS.EN : TEXTS.IT;
  return { subject: t.subject(numero, azienda), text: t.body(numero, azienda) };
}

/**
 * POST /rapportini/rapportino/invio: who may edit the report (company write, or own-data write on a
 * report the user is assigned to; others 404) queues its PDF to the given addresses.
 */
export async function sendReport(
  ctx: CompanyContext,
  input: { id: string; destinatari: string[]; oggetto?: string | undefined; messaggio?: string | undefined },
): Promise<MailLogEntry> {
  const access = reportAccess(ctx);
  const r = await visible(ctx.db, ctx, access, input.id);
  if (!access.editAll && !(access.editOwn && r.tecnici.some((t) => t.id === ownIdOf(ctx.principal)))) {
    throw notFound('Rapportino');
  }
  await takeMailRecipients(ctx.deps, ctx.company.id, new Set(input.destinatari).size);
  const { subject } = await texts(ctx.deps, ctx.company.id, r.report.numeroAssistenza ?? '');
  // The sender's subject and message (issue 24), else the defaults in the PDF's language.
  const row = await mailRepo.insertMailLog(ctx.db, {
    aziendaId: ctx.company.id,
    rapportinoId: input.id,
    destinatari: input.destinatari,
    oggetto: input.oggetto || subject,
    messaggio: input.messaggio || null,
    createdBy: userIdOf(ctx.principal),
  });
  await ctx.deps.jobs.send<ReportMailJob>(
    REPORT_MAIL_QUEUE,
    { aziendaId: ctx.company.id, logId: row.id },
    { retryLimit: REPORT_MAIL_RETRIES, retryDelay: ctx.deps.config.MAIL_RETRY_DELAY_SEC },
  );
  return present(row);
}

/**
 * GET /mail/logs/rapportino/{id}: the report's sendings, newest first, for who may read the report. The newest
 * signing link's sending is "in attesa di firma" while its link is open (a new link spends the earlier ones).
 */
export async function mailLog(ctx: CompanyContext, id: string): Promise<MailLogEntry[]> {
  await visible(ctx.db, ctx, reportAccess(ctx), id);
  const rows = await mailRepo.listMailLog(ctx.db, ctx.company.id, id);
  const awaited = await awaitedSignature(ctx.db, ctx.company.id, id, ctx.clock.now());
  const newestLink = rows.find((r) => r.tipo === 'link_firma');
  return rows.map((r) => present(r, !!awaited && r === newestLink));
}

/** The mail of a sending: the report's PDF with the sender's (or the default) text, or the signing link. */
async function messageOf(deps: Deps, row: mailRepo.MailLogRow, job: ReportMailJob): Promise<MailMessage> {
  const report = await repo.findReport(deps.db, row.aziendaId, row.rapportinoId);
  if (!report) throw notFound('Rapportino');
  const numero = report.report.numeroAssistenza ?? '';
  if (row.tipo === 'link_firma') {
    if (!job.link) throw new Error('link di firma mancante');
    const mail = signatureMail({
      to: row.destinatari,
      lingua: job.link.lingua,
      azienda: await repo.companyName(deps.db, row.aziendaId),
      numero,
      link: job.link.url,
      giorni: job.link.giorni,
    });
    return { ...mail, subject: row.oggetto };
  }
  // The job acts as itself (a system principal): the sender's right was checked when the mail was
  // queued, and the PDF is the company's document, the same whoever asks for it.
  const ctx = await systemContext(deps, row.aziendaId, REPORT_MAIL_QUEUE);
  const pdf = await reportPdf(ctx, row.rapportinoId);
  const chunks: Buffer[] = [];
  for await (const c of await pdf.open()) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  const { text } = await texts(deps, row.aziendaId, numero);
  return {
    to: row.destinatari,
    subject: row.oggetto,
    text: row.messaggio ?? text,
    attachments: [{ filename: pdf.filename, content: Buffer.concat(chunks), contentType: 'application/pdf' }],
  };
}

/** One attempt: sends the row's mail once (a row no longer in_coda is left alone). */
async function runReportMail(deps: Deps, job: ReportMailJob): Promise<void> {
  const row = await mailRepo.claimMailLog(deps.db, job.aziendaId, job.logId);
  if (!row) return;
  try {
    const route = await companyMailRoute(deps, row.aziendaId);
    // No SMTP server at all: not sent, and said so (issue 24); retrying would not change it.
    if (!route.send) {
      await mailRepo.markNotSent(deps.db, row, route.reason);
      return;
    }
    await route.send(await messageOf(deps, row, job));
  } catch (e) {
    const err = e as Error & { response?: string };
    const text = (err.message || err.response || String(e)).slice(0, 500) || 'errore di invio';
    await mailRepo.markFailed(deps.db, row, text, row.tentativi > REPORT_MAIL_RETRIES);
    throw e;
  }
  await recordSent(deps, row, new Date());
}

/**
 * The sending recorded as sent; a report's PDF (not a signing link) writes report.sent to its recipients in the same
 * transaction.
 */
async function recordSent(deps: Deps, row: mailRepo.MailLogRow, at: Date): Promise<void> {
  const ctx = await systemContext(deps, row.aziendaId, REPORT_MAIL_QUEUE);
  await ctx.transaction(async (unit) => {
    await mailRepo.markSent(unit.db, row, at);
    if (row.tipo !== 'rapportino') return;
    const report = await repo.lockReport(unit.db, row.aziendaId, row.rapportinoId);
    // A report deleted while its mail was on its way: the mail went, there is nothing left to announce.
    if (!report) return;
    await unit.emit({
      type: 'report.sent',
      aggregateId: report.id,
      payload: {
        id: report.id,
        numero_assistenza: report.numeroAssistenza,
        cliente_id: report.clienteId,
        destinatari: row.destinatari,
        inviato_at: at.toISOString(),
      },
    });
  });
}

export const reportMailJob = defineJob<ReportMailJob>({ queue: REPORT_MAIL_QUEUE, run: runReportMail, short: true });
