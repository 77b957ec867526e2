import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BULK_PDF_MAX_REPORTS,
  DANEA_MAX_REPORTS,
  rapportiniDownloadBulkRequest,
  firmaLinkRequest,
  firmaLinkResponse,
  firmaRequest,
  mailLogResponse,
  REPORT_MAIL_MAX_RECIPIENTS,
  reportMailRequest,
  reportMailResponse,
  publicFirmaRequest,
  publicFirmaResponse,
  publicFirmaSignedResponse,
  SIGNATURE_MAX_BYTES,
  rapportiniAdminQuery,
  rapportiniDaneaQuery,
  rapportiniExportQuery,
  rapportiniAdminResponse,
  rapportiniTodosQuery,
  rapportiniTodosResponse,
  rapportinoChiusuraRequest,
  rapportinoLavorazioneRequest,
  rapportinoResponse,
  rapportinoUpdateRequest,
  DATA_EXPORT,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { bearerAuth, errors, noQuery } from '../../../platform/http/schemas.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { primed, streamOf } from '../../../platform/http/streams.js';
import { sendTableExport } from '../../../platform/http/table-export.js';
import * as closing from './closing.js';
import { daneaReport, daneaReports, type DaneaExport } from './danea.js';
import { downloadBulk } from './bulk-pdf.js';
import { deleteBulk } from './deletion.js';
import { readReportPdf } from './pdf.js';
import { exportReports } from './export.js';
import * as service from './service.js';
import * as signature from './signature.js';
import { mailLog, REPORT_MAIL_RETRIES, sendReport } from './report-mail.js';

const read = { key: 'gestione_interventi', action: 'read' } as const;
const write = { key: 'gestione_interventi', action: 'write' } as const;
const remove = { key: 'gestione_interventi', action: 'delete' } as const;
const tags = ['work reports'];

const ACCESS =
  'gestione_interventi on company data reaches every report; on own data only the reports the user is assigned to ' +
  "(others answer 404), unless the user may see colleagues' data (read). Prices only with the prices permission " +
  "(prezzi; decision 0032): without read, the computed prices, the report's own prices, every material's " +
  "importo_unitario, prezzo_netto and costo_acquisto and every day's prezzoImpostato are null, and the list's total too.";

const SAVE =
  "The lines are the whole list each time; days and materials are matched to the report's by their id (as answered): " +
  'a kept line keeps its id, a line without an id (or with one the report does not hold) is new, a stored line not ' +
  'sent is deleted, an id sent twice answers 400. Prices are set only with the prices permission, read and write: ' +
  "anyone else's prices (materials, days' prezzoImpostato, gestionePrezziIntervento) are ignored, a kept line keeps " +
  "its own (a kept material whose article changed takes the new article's) and a new line takes what the office's " +
  "would without typed prices (the article's).";

const DANEA =
  'Danea EasyFatt documents XML (Easyfatt-Xml, AppVersion 2; decision 0024): EasyfattDocuments with the Company and one ' +
  'Document per report, DocumentType by the option danea_tipo_documento (C order, D delivery note, L pro forma, I invoice, ' +
  "G intervention report, the default), the billed customer, the report's price lines as Rows (amounts without VAT, dot " +
  "decimals). Needs reading the reports (the list's rules) and the prices permission (403 otherwise).";

async function sendXml(reply: FastifyReply, x: DaneaExport): Promise<FastifyReply> {
  const body = await primed(x.body);
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', x.name))
    .header('x-content-type-options', 'nosniff')
    .send(streamOf(reply.log, x.name, body));
}

/** Outbound mail allowance (issue 22): the two routes that mail to addresses the user chooses. */
const MAIL_CAP =
  "Each address counts against the company's hourly allowance of recipients (MAIL_RECIPIENTS_PER_HOUR, reports and " +
  'signing links together, default 100): a sending that does not fit takes nothing and answers 429 ' +
  'MAIL_LIMIT_REACHED with Retry-After (seconds to the end of the hour window) and what is left in the message.';

/** Work reports (spec operations 3-9; issue 11). */
export const reportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/rapportini/rapportini/admin',
    {
      config: { permission: read },
      schema: {
        tags,
        summary:
          'One page of reports: filters (stato or aperti, customer, technician, contract, completed, open dates), search, sort',
        description: `${ACCESS} tableInfos=true adds the table configuration and the chosen columns (columns).`,
        security: bearerAuth,
        querystring: rapportiniAdminQuery,
        response: { 200: rapportiniAdminResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const r = await service.list(contextOf(req), req.query);
      return {
        success: true as const,
        ...r,
        ...(r.tableInfos ? { columns: r.tableInfos.selectedColumns } : {}),
      };
    },
  );

  app.get(
    '/rapportini/rapportini/export',
    {
      config: { permission: [read, DATA_EXPORT] },
      schema: {
        tags,
        summary: 'The filtered report list as a CSV or XLSX file, streamed',
        description:
          "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
          `${ACCESS} format csv (default; \`;\` separated, UTF-8 with BOM, Italian decimals and dates) or xlsx; the list's ` +
          'filters and search without paging (stato or aperti, cliente_id, tecnico_id, contratto_id, completato, dal, al, q, ' +
          'sort, dir); columns: comma-separated column keys (all when omitted). The total only with the prices permission. ' +
          'Cells that would start a formula are written with a leading apostrophe.',
        security: bearerAuth,
        querystring: rapportiniExportQuery,
        response: { 200: z.any().describe('text/csv or XLSX'), ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => sendTableExport(reply, exportReports(contextOf(req), req.query)),
  );

  app.get(
    '/rapportini/export/xml-danea/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One report as a Danea EasyFatt XML file (one Document)',
        description: `${DANEA} A report the caller may not see, or another company's, answers 404.`,
        security: bearerAuth,
        params: z.object({ id: z.string().uuid() }),
        querystring: noQuery,
        response: { 200: z.any().describe('application/xml'), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => sendXml(reply, await daneaReport(contextOf(req), req.params.id)),
  );

  app.get(
    '/rapportini/export/xml-danea',
    {
      config: { permission: [read, DATA_EXPORT] },
      schema: {
        tags,
        summary: `The filtered report list as a Danea EasyFatt XML file, streamed (at most ${DANEA_MAX_REPORTS} reports)`,
        description:
          "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
          `${DANEA} The list's filters and search without paging (stato or aperti, cliente_id, tecnico_id, contratto_id, ` +
          `completato, dal, al, q, sort, dir), one Document per report in the list's order, written as the reports are ` +
          `read. More than ${DANEA_MAX_REPORTS} matching reports answer 400 VALIDATION: narrow the filters (e.g. by period).`,
        security: bearerAuth,
        querystring: rapportiniDaneaQuery,
        response: { 200: z.any().describe('application/xml'), ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => sendXml(reply, await daneaReports(contextOf(req), req.query)),
  );

  app.post(
    '/rapportini/rapportini/download-bulk',
    {
      config: { permission: [read, DATA_EXPORT] },
      schema: {
        tags,
        summary: `The PDFs of the ticked reports (ids), or of the filtered list, in one zip, streamed (at most ${BULK_PDF_MAX_REPORTS})`,
        description:
          "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
          `${ACCESS} Body: ids (the ticked reports; an unknown or unreachable one answers 404 before anything is sent), ` +
          "or without ids the list's filters and search (stato or aperti, cliente_id, tecnico_id, contratto_id, completato, " +
          `dal, al, q, sort, dir). Each PDF is the report's printed document (stored, or made and stored), written into the ` +
          `zip one at a time as it is ready. More than ${BULK_PDF_MAX_REPORTS} reports answer 400.`,
        security: bearerAuth,
        querystring: noQuery,
        body: rapportiniDownloadBulkRequest,
        response: { 200: z.any().describe('application/zip'), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { stream, count } = await downloadBulk(contextOf(req), req.body);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', 'rapportini.zip'))
        .header('x-report-count', String(count))
        .send(streamOf(req.log, 'rapportini.zip', stream));
    },
  );

  app.get(
    '/rapportini/rapportini/admin/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary:
          'One report with its worked days, materials, checks, custom fields and (with the prices permission) prices',
        description: ACCESS,
        security: bearerAuth,
        params: z.object({ id: z.string().uuid() }),
        querystring: noQuery,
        response: { 200: rapportinoResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.get(contextOf(req), req.params.id) }),
  );

  const PDF_DOC =
    `${ACCESS} The printed report in the company's PDF language (option lingua_pdf, IT or EN): company, customer, ` +
    'plant and machines, dates DD/MM/YYYY, worked days, materials, checks, print-visible custom fields, attachments ' +
    'by name, final notes; prices and the total without VAT only when the company prints prices (option ' +
    "rapportini_stampa_prezzi), whatever the caller's prices permission: the PDF is the customer's document. Made " +
    'on demand and kept as a media file of the report (counted in the storage quota); made again when anything ' +
    'it shows changed.';

  app.get(
    '/rapportini/rapportino/:id/pdf',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'The report as a PDF file (application/pdf, as an attachment)',
        description:
          `${PDF_DOC} When the company's storage is full the PDF is still answered, not kept. Header X-Media-Id: the ` +
          'stored file, also served by GET /media/{id}/content.',
        security: bearerAuth,
        params: z.object({ id: z.string().uuid() }),
        querystring: noQuery,
        response: { 200: z.any().describe('application/pdf'), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const file = await readReportPdf(contextOf(req), req.params.id);
      if (file.media) reply.header('x-media-id', file.media.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .send(await file.open());
    },
  );

  app.post(
    '/rapportini/rapportino/pdf',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "Makes (when needed) and keeps the report's PDF; answers its media id for GET /media/{id}/content",
        description: `${PDF_DOC} Over the company's storage space: 413 STORAGE_QUOTA_EXCEEDED.`,
        security: bearerAuth,
        querystring: noQuery,
        body: z.object({ id: z.string().uuid() }).strict(),
        response: {
          200: z.object({
            success: z.literal(true),
            item: z.object({ id: z.string(), filename: z.string(), size: z.number().int() }),
          }),
          ...errors(400, 401, 403, 404, 413),
        },
      },
    },
    async (req) => {
      const file = await readReportPdf(contextOf(req), req.body.id, true);
      return { success: true as const, item: { id: file.media!.id, filename: file.filename, size: file.size } };
    },
  );

  app.post(
    '/rapportini/rapportino/lavorazione',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: "Creates a report (no id) or saves a technician's entry on one (with id)",
        description:
          `${ACCESS} A new report takes the next number of the company's numbering (never reused nor skipped) and starts ` +
          'NUOVO, or APERTO once it holds worked days or materials. Hours follow the hour entry mode; prices are computed ' +
          'by the server. A closed report without the reopening option accepts only added return travel (409 ' +
          `REPORT_NOT_EDITABLE otherwise); a completed one nothing (409 REPORT_COMPLETED). ${SAVE}`,
        security: bearerAuth,
        querystring: noQuery,
        body: rapportinoLavorazioneRequest,
        response: { 200: rapportinoResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await service.save(contextOf(req), req.body) }),
  );

  app.post(
    '/rapportini/rapportino/admin/update',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: "The office's edit of a report (the same rules as lavorazione)",
        description: `${ACCESS} ${SAVE}`,
        security: bearerAuth,
        querystring: noQuery,
        body: rapportinoUpdateRequest,
        response: { 200: rapportinoResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await service.save(contextOf(req), req.body) }),
  );

  app.post(
    '/rapportini/rapportino/chiusura',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Closes (azione chiudi) or completes (azione completa) a report',
        description:
          'Closing needs every mandatory custom field and check filled (400 REPORT_MANDATORY_FIELDS, fields naming them); ' +
          'without work hours it closes with the warning NO_HOURS. Completing (office only: company write) needs a closed ' +
          'report (409 REPORT_NOT_CLOSED), is irreversible (again: 409 REPORT_COMPLETED) and writes a report.completed ' +
          'event to the outbox.',
        security: bearerAuth,
        querystring: noQuery,
        body: rapportinoChiusuraRequest,
        response: { 200: rapportinoResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await closing.close(contextOf(req), req.body.id, req.body.azione)),
    }),
  );

  app.get(
    '/rapportini/rapportini/todos',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "The caller's open reports: today's (quando=oggi) or all open ones, by appointment",
        security: bearerAuth,
        querystring: rapportiniTodosQuery,
        response: { 200: rapportiniTodosResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, items: await service.todos(contextOf(req), req.query) }),
  );

  app.post(
    '/rapportini/rapportini/delete-bulk',
    {
      config: { permission: remove },
      schema: {
        tags,
        summary: 'Deletes reports by id; completed ones are kept and named',
        description:
          'An unknown id, or one the user may not reach, answers 404 and nothing is deleted. Completed reports are not ' +
          'deleted: `skipped` names them with the reason. The files of deleted reports are deleted with them and leave ' +
          'the storage quota. On own data only reports the user is assigned to.',
        security: bearerAuth,
        querystring: noQuery,
        body: z.object({ ids: z.array(z.string().uuid()).min(1).max(500) }).strict(),
        response: {
          200: z.object({
            success: z.literal(true),
            removed: z.number().int(),
            skipped: z.array(
              z.object({
                id: z.string(),
                numero_assistenza: z.string(),
                reason: z.literal('REPORT_COMPLETED'),
                message: z.string(),
              }),
            ),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({ success: true as const, ...(await deleteBulk(contextOf(req), req.body.ids)) }),
  );

  /* ---------- acceptance: the customer's signature (issue 12) ---------- */

  const SIGN =
    'Who may edit the report may sign it (company write, or own-data write on a report the user is assigned ' +
    'to; others 404); a closed report may be signed, a completed one not (409 REPORT_COMPLETED). ';

  app.post(
    '/rapportini/rapportino/firma',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: "Signs a report: the customer's signature (PNG) and name; the server records the time",
        description:
          SIGN +
          `png: a data URL (data:image/png;base64,...) or bare base64 of a real PNG (checked by its bytes: 400 ` +
          `VALIDATION on png otherwise), at most ${SIGNATURE_MAX_BYTES / 1024} KB (413). The image is a file of the ` +
          'report (section rapportino, counted in the storage quota: 413 STORAGE_QUOTA_EXCEEDED) shown in `firma`, ' +
          "not among the attachments. Signing again replaces the old image; the report's open signing links are spent.",
        security: bearerAuth,
        querystring: noQuery,
        body: firmaRequest,
        response: { 200: rapportinoResponse, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (req) => ({ success: true as const, item: await signature.sign(contextOf(req), req.body) }),
  );

  app.delete(
    '/rapportini/rapportino/firma/:id',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Clears the signature of a report (to sign again); its image is deleted',
        description: SIGN + 'A report without a signature answers as it is.',
        security: bearerAuth,
        params: z.object({ id: z.string().uuid() }),
        querystring: noQuery,
        response: { 200: rapportinoResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await signature.clear(contextOf(req), req.params.id) }),
  );

  app.post(
    '/rapportini/rapportino/firma/link',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Mails the customer a single-use link to sign the report remotely',
        description:
          `The office only (gestione_interventi company write; 403 otherwise). email defaults to the customer's ` +
          `(400 VALIDATION on email when it has none). The link (${'`'}/firma/<token>${'`'} on the web) is valid ` +
          `SIGNATURE_LINK_DAYS days (configuration, default 7) and once; a new link spends the earlier ones, and so does a signature given ` +
          'any other way. Only the SHA-256 of the token is kept. Answers the address and the expiry. ' +
          MAIL_CAP,
        security: bearerAuth,
        querystring: noQuery,
        body: firmaLinkRequest,
        response: { 200: firmaLinkResponse, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => ({ success: true as const, ...(await signature.sendLink(contextOf(req), req.body)) }),
  );

  /* ---------- the report mailed to the customer, and its log (issue 12) ---------- */

  app.post(
    '/rapportini/rapportino/invio',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: "Mails the report's PDF to the customer: a log entry in_coda and a background sending",
        description:
          'Who may edit the report (company write, or own-data write on a report the user is assigned to; others ' +
          `404). destinatari: 1 to ${REPORT_MAIL_MAX_RECIPIENTS} distinct addresses (400 VALIDATION). The PDF (as ` +
          "GET /rapportini/rapportino/{id}/pdf) goes as an attachment through the company's SMTP server when its " +
          "option is on, else the server's; the subject is in the company's PDF language. Answers the log entry " +
          `(in_coda); the job retries ${REPORT_MAIL_RETRIES} times, then the entry is errore with the error text. ` +
          "Once sent the entry is inviato and the report's inviato flag is set. " +
          MAIL_CAP,
        security: bearerAuth,
        querystring: noQuery,
        body: reportMailRequest,
        response: { 200: reportMailResponse, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (req) => ({ success: true as const, item: await sendReport(contextOf(req), req.body) }),
  );

  app.get(
    '/mail/logs/rapportino/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "The report's mail log, newest first: time, recipients, subject, status, error, attempts",
        description: `${ACCESS} stato: in_coda (waiting or retrying), inviato, errore (given up after the retries).`,
        security: bearerAuth,
        params: z.object({ id: z.string().uuid() }),
        querystring: noQuery,
        response: { 200: mailLogResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, items: await mailLog(contextOf(req), req.params.id) }),
  );

  const PUBLIC =
    'No session: the token of the mailed link is the only key, and it reaches only that report. A link unknown, ' +
    'used, expired or whose report was completed answers 410 SIGNATURE_LINK_INVALID with a message saying which. ';

  app.get(
    '/public/firma/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['signature (public)'],
        summary: 'The report a signing link asks the customer to accept: summary without prices',
        description:
          PUBLIC +
          'Company name, report number and date, customer, plant, initial request, technicians, worked days and ' +
          'materials. At most 60 requests per client address in 10 minutes (429 RATE_LIMITED).',
        params: z.object({ token: z.string().min(1).max(100) }),
        querystring: noQuery,
        response: { 200: publicFirmaResponse, ...errors(400, 410, 429) },
      },
    },
    async (req) => ({ success: true as const, item: await signature.publicSummary(deps, req.params.token, req.ip) }),
  );

  app.post(
    '/public/firma/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['signature (public)'],
        summary: 'Signs a report through its mailed link (once)',
        description:
          PUBLIC +
          'The signature is recorded with the signer, the server time and the client address (remoto: true); the ' +
          'link is then used. png as for POST /rapportini/rapportino/firma. At most 10 requests per client address ' +
          'in an hour (429 RATE_LIMITED).',
        params: z.object({ token: z.string().min(1).max(100) }),
        querystring: noQuery,
        body: publicFirmaRequest,
        response: { 200: publicFirmaSignedResponse, ...errors(400, 410, 413, 429) },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await signature.publicSign(deps, req.params.token, req.body, req.ip)),
    }),
  );
};
