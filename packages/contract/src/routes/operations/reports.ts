import { z } from 'zod';
import {
  reportsExportQuery,
  DANEA_MAX_REPORTS,
  reportsDaneaQuery,
  FATTURAPA_MAX_REPORTS,
  reportsFatturaPaQuery,
  BULK_PDF_MAX_REPORTS,
  reportsDownloadBulkRequest,
} from '../../exports.js';
import { DATA_EXPORT } from '../../permissions.js';
import {
  REPORT_MAIL_MAX_RECIPIENTS,
  REPORT_MAIL_RETRIES,
  reportMailRequest,
  reportMailResponse,
  mailLogResponse,
} from '../../report-mail.js';
import {
  reportsAdminQuery,
  reportsAdminResponse,
  reportResponse,
  reportWorkRequest,
  reportUpdateRequest,
  reportCloseRequest,
  reportsTodosQuery,
  reportsTodosResponse,
} from '../../reports.js';
import {
  SIGNATURE_MAX_BYTES,
  signatureRequest,
  signatureLinkRequest,
  signatureLinkResponse,
  publicSignatureResponse,
  publicSignatureRequest,
  publicSignatureSignedResponse,
} from '../../signature.js';
import { defineRoute, NOBODY, USER_OR_API_KEY, USER_ONLY } from '../define.js';

// The route table's `reports` entries (implemented in apps/server/src/features/operations/reports/routes.ts).

const read = { key: 'gestione_interventi', action: 'read' } as const;
const tags = ['work reports'];
const ACCESS =
  'gestione_interventi on company data reaches every report; on own data only the reports the user is assigned to ' +
  "(others answer 404), unless the user may see colleagues' data (read). Prices only with the prices permission " +
  "(prezzi; decision 0032): without read, the computed prices, the report's own prices, every material's " +
  "importo_unitario, prezzo_netto and costo_acquisto and every day's prezzoImpostato are null, and the list's total too.";
const DANEA =
  'Danea EasyFatt documents XML (Easyfatt-Xml, AppVersion 2; decision 0024): EasyfattDocuments with the Company and one ' +
  'Document per report, DocumentType by the option danea_tipo_documento (C order, D delivery note, L pro forma, I invoice, ' +
  "G intervention report, the default), the billed customer, the report's price lines as Rows (amounts without VAT, dot " +
  "decimals). Needs reading the reports (the list's rules) and the prices permission (403 otherwise).";
const PDF_DOC =
  `${ACCESS} The printed report in the company's PDF language (option lingua_pdf, IT or EN): company, customer, ` +
  'plant and machines, dates DD/MM/YYYY, worked days, materials, checks, print-visible custom fields, attachments ' +
  'by name, final notes; prices and the total without VAT only when the company prints prices (option ' +
  "rapportini_stampa_prezzi), whatever the caller's prices permission: the PDF is the customer's document. Made " +
  'on demand and kept as a media file of the report (counted in the storage quota); made again when anything ' +
  'it shows changed.';
const write = { key: 'gestione_interventi', action: 'write' } as const;
const SAVE =
  "The lines are the whole list each time; days and materials are matched to the report's by their id (as answered): " +
  'a kept line keeps its id, a line without an id (or with one the report does not hold) is new, a stored line not ' +
  'sent is deleted, an id sent twice answers 400. Prices are set only with the prices permission, read and write: ' +
  "anyone else's prices (materials, days' prezzoImpostato, gestionePrezziIntervento) are ignored, a kept line keeps " +
  "its own (a kept material whose article changed takes the new article's) and a new line takes what the office's " +
  "would without typed prices (the article's).";
const remove = { key: 'gestione_interventi', action: 'delete' } as const;
const APPOINTMENT =
  "The report's appointment is the planner's (decision 0040): data_appuntamento given creates the appointment " +
  "(the report's customer, plant, machines, technicians and job role, REPORT_APPOINTMENT_MINUTES long) or moves " +
  'the one it has (its length kept); null deletes it (its activity occurrence is no longer planned); left out, ' +
  'it stays. The answer carries it as appuntamento (and its start as data_appuntamento), wherever it was moved.';
/* ---------- acceptance: the customer's signature (issue 12) ---------- */

const SIGN =
  'Who may edit the report may sign it (company write, or own-data write on a report the user is assigned ' +
  'to; others 404); a completed one not (409 REPORT_COMPLETED). The signature locks when the report closes: a ' +
  "closed report without a signature may be signed once, but a closed report's signature is neither replaced nor " +
  'cleared (409 SIGNATURE_LOCKED; reopening with cancella_firma clears it). ';
/** Outbound mail allowance (issue 22): the two routes that mail to addresses the user chooses. */
const MAIL_CAP =
  "Each address counts against the company's hourly allowance of recipients (MAIL_RECIPIENTS_PER_HOUR, reports and " +
  'signing links together, default 100): a sending that does not fit takes nothing and answers 429 ' +
  'MAIL_LIMIT_REACHED with Retry-After (seconds to the end of the hour window) and what is left in the message.';
const PUBLIC =
  'No session: the token of the mailed link is the only key, and it reaches only that report. A link unknown, ' +
  'used, expired or whose report was completed answers 410 SIGNATURE_LINK_INVALID with a message saying which. ';

export const list = defineRoute({
  id: 'reports.list',
  method: 'GET',
  path: '/api/rapportini/rapportini/admin',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary:
    'One page of reports: filters (stato or aperti, customer, technician, contract, completed, open dates), search, sort',
  description: `${ACCESS} tableInfos=true adds the table configuration and the chosen columns (columns).`,
  query: reportsAdminQuery,
  answer: reportsAdminResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const exportList = defineRoute({
  id: 'reports.exportList',
  method: 'GET',
  path: '/api/rapportini/rapportini/export',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: [read, DATA_EXPORT],
  tags: tags,
  summary: 'The filtered report list as a CSV or XLSX file, streamed',
  description:
    "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
    `${ACCESS} format csv (default; \`;\` separated, UTF-8 with BOM, Italian decimals and dates) or xlsx; the list's ` +
    'filters and search without paging (stato or aperti, cliente_id, tecnico_id, contratto_id, completato, dal, al, q, ' +
    'sort, dir); columns: comma-separated column keys (all when omitted). The total only with the prices permission. ' +
    'Cells that would start a formula are written with a leading apostrophe.',
  query: reportsExportQuery,
  answer: z.any().describe('text/csv or XLSX'),
  answerKind: 'file',
  errors: [400, 401, 403],
});

export const daneaReport = defineRoute({
  id: 'reports.daneaReport',
  method: 'GET',
  path: '/api/rapportini/export/xml-danea/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One report as a Danea EasyFatt XML file (one Document)',
  description: `${DANEA} A report the caller may not see, or another company's, answers 404.`,
  params: z.object({ id: z.string().uuid() }),
  answer: z.any().describe('application/xml'),
  answerKind: 'file',
  errors: [400, 401, 403, 404],
});

export const daneaReports = defineRoute({
  id: 'reports.daneaReports',
  method: 'GET',
  path: '/api/rapportini/export/xml-danea',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: [read, DATA_EXPORT],
  tags: tags,
  summary: `The filtered report list as a Danea EasyFatt XML file, streamed (at most ${DANEA_MAX_REPORTS} reports)`,
  description:
    "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
    `${DANEA} The list's filters and search without paging (stato or aperti, cliente_id, tecnico_id, contratto_id, ` +
    `completato, dal, al, q, sort, dir), one Document per report in the list's order, written as the reports are ` +
    `read. More than ${DANEA_MAX_REPORTS} matching reports answer 400 VALIDATION: narrow the filters (e.g. by period).`,
  query: reportsDaneaQuery,
  answer: z.any().describe('application/xml'),
  answerKind: 'file',
  errors: [400, 401, 403],
});

const FATTURAPA =
  'FatturaPA 1.2.2 invoice (TD01, FPR12 private-sector format; decision 0050) as the SDI takes it, to hand to an ' +
  'intermediary: the company as CedentePrestatore (partita IVA, codice fiscale, name, address, regime fiscale RF01), the ' +
  "reports' billed customer as CessionarioCommittente (partita IVA or codice fiscale, address), CodiceDestinatario the " +
  "customer's SDI code or 0000000 with its PEC, one DettaglioLinee per price line of each report (hours, travel hours, " +
  "km, allowances, materials, ...) at the report's prices and the line's VAT rate (the article's, else the company's " +
  'default for goods; the default for services on every other line) or nature, DatiRiepilogo per rate and nature, the ' +
  'total; amounts without VAT as the product keeps them, VAT computed per rate. File name IT<partita IVA>_<progressive>.xml ' +
  "(5 characters, the company's counter). Needs reading the reports and the prices permission (403), like Danea's file. " +
  'Only closed reports (CHIUSO) of one billed customer: otherwise 422 FATTURAPA_NOT_INVOICEABLE; a fiscal datum ' +
  'missing (company or customer VAT or tax code, address, postcode, city, province, SDI code or PEC) answers 422 ' +
  'FATTURAPA_MISSING_DATA listing every one, never a partial file.';

export const fatturaPaReport = defineRoute({
  id: 'reports.fatturaPaReport',
  method: 'GET',
  path: '/api/rapportini/export/xml-fatturapa/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One closed report as a FatturaPA 1.2.2 invoice XML file',
  description: `${FATTURAPA} A report the caller may not see, or another company's, answers 404.`,
  params: z.object({ id: z.string().uuid() }),
  answer: z.any().describe('application/xml'),
  answerKind: 'file',
  errors: [400, 401, 403, 404, 422],
});

export const fatturaPaReports = defineRoute({
  id: 'reports.fatturaPaReports',
  method: 'GET',
  path: '/api/rapportini/export/xml-fatturapa',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: [read, DATA_EXPORT],
  tags: tags,
  summary: `The ticked reports (at most ${FATTURAPA_MAX_REPORTS}, one customer's) as one FatturaPA 1.2.2 invoice XML file`,
  description:
    "Needs the data-export permission (esportazione_dati read) besides the reports' own (403 otherwise). " +
    `${FATTURAPA} ids: the reports, comma-separated, in the invoice's order by opening date and number; one the caller ` +
    'may not see, or of another company, answers 404 before anything is written.',
  query: reportsFatturaPaQuery,
  answer: z.any().describe('application/xml'),
  answerKind: 'file',
  errors: [400, 401, 403, 404, 422],
});

export const downloadBulk = defineRoute({
  id: 'reports.downloadBulk',
  method: 'POST',
  path: '/api/rapportini/rapportini/download-bulk',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: [read, DATA_EXPORT],
  tags: tags,
  summary: `The PDFs of the ticked reports (ids), or of the filtered list, in one zip, streamed (at most ${BULK_PDF_MAX_REPORTS})`,
  description:
    "Needs the data-export permission (esportazione_dati read) besides the list's own (403 otherwise). " +
    `${ACCESS} Body: ids (the ticked reports; an unknown or unreachable one answers 404 before anything is sent), ` +
    "or without ids the list's filters and search (stato or aperti, cliente_id, tecnico_id, contratto_id, completato, " +
    `dal, al, q, sort, dir). Each PDF is the report's printed document (stored, or made and stored), written into the ` +
    `zip one at a time as it is ready. More than ${BULK_PDF_MAX_REPORTS} reports answer 400.`,
  body: reportsDownloadBulkRequest,
  answer: z.any().describe('application/zip'),
  answerKind: 'file',
  errors: [400, 401, 403, 404],
});

export const get = defineRoute({
  id: 'reports.get',
  method: 'GET',
  path: '/api/rapportini/rapportini/admin/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One report with its worked days, materials, checks, custom fields and (with the prices permission) prices',
  description: ACCESS,
  params: z.object({ id: z.string().uuid() }),
  answer: reportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const pdf = defineRoute({
  id: 'reports.pdf',
  method: 'GET',
  path: '/api/rapportini/rapportino/:id/pdf',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'The report as a PDF file (application/pdf, as an attachment)',
  description:
    `${PDF_DOC} When the company's storage is full the PDF is still answered, not kept. Header X-Media-Id: the ` +
    'stored file, also served by GET /media/{id}/content.',
  params: z.object({ id: z.string().uuid() }),
  answer: z.any().describe('application/pdf'),
  answerKind: 'file',
  errors: [400, 401, 403, 404],
});

export const storePdf = defineRoute({
  id: 'reports.storePdf',
  method: 'POST',
  path: '/api/rapportini/rapportino/pdf',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "Makes (when needed) and keeps the report's PDF; answers its media id for GET /media/{id}/content",
  description: `${PDF_DOC} Over the company's storage space: 413 STORAGE_QUOTA_EXCEEDED.`,
  body: z.object({ id: z.string().uuid() }).strict(),
  answer: z.object({
    success: z.literal(true),
    item: z.object({ id: z.string(), filename: z.string(), size: z.number().int() }),
  }),
  answerKind: 'json',
  errors: [400, 401, 403, 404, 413],
});

export const saveWork = defineRoute({
  id: 'reports.saveWork',
  method: 'POST',
  path: '/api/rapportini/rapportino/lavorazione',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: "Creates a report (no id) or saves a technician's entry on one (with id)",
  description:
    `${ACCESS} A new report takes the next number of the company's numbering (never reused nor skipped) and starts ` +
    'NUOVO, or APERTO once it holds worked days or materials. Hours follow the hour entry mode; prices are computed ' +
    'by the server. A closed report without the reopening option accepts only added return travel (409 ' +
    `REPORT_NOT_EDITABLE otherwise); a completed one nothing (409 REPORT_COMPLETED). ${APPOINTMENT} ${SAVE}`,
  body: reportWorkRequest,
  answer: reportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const adminUpdate = defineRoute({
  id: 'reports.adminUpdate',
  method: 'POST',
  path: '/api/rapportini/rapportino/admin/update',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: "The office's edit of a report (the same rules as lavorazione)",
  description: `${ACCESS} ${APPOINTMENT} ${SAVE}`,
  body: reportUpdateRequest,
  answer: reportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const close = defineRoute({
  id: 'reports.close',
  method: 'POST',
  path: '/api/rapportini/rapportino/chiusura',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Closes (azione chiudi), completes (azione completa) or reopens (azione riapri) a report',
  description:
    'Closing needs every mandatory custom field and check filled (400 REPORT_MANDATORY_FIELDS, fields naming them); ' +
    'without work hours it closes with the warning NO_HOURS. Completing (office only: company write) needs a closed ' +
    'report (409 REPORT_NOT_CLOSED), is irreversible (again: 409 REPORT_COMPLETED) and writes a report.completed ' +
    'event to the outbox. Reopening makes a closed report APERTO again, only with the option ' +
    'riapertura_rapportini_chiusi (409 REPORT_NOT_EDITABLE otherwise; a report not closed: 409 REPORT_NOT_CLOSED); ' +
    'cancella_firma (required: 400 VALIDATION) says whether the signature, locked while it was closed, is cleared. ' +
    'The mail log (and a PDF already sent) stays.',
  body: reportCloseRequest,
  answer: reportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const todos = defineRoute({
  id: 'reports.todos',
  method: 'GET',
  path: '/api/rapportini/rapportini/todos',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: tags,
  summary: "The caller's open reports: today's (quando=oggi) or all open ones, by appointment",
  query: reportsTodosQuery,
  answer: reportsTodosResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const deleteBulk = defineRoute({
  id: 'reports.deleteBulk',
  method: 'POST',
  path: '/api/rapportini/rapportini/delete-bulk',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes reports by id; completed ones are kept and named',
  description:
    'An unknown id, or one the user may not reach, answers 404 and nothing is deleted. Completed reports are not ' +
    'deleted: `skipped` names them with the reason. The files of deleted reports are deleted with them and leave ' +
    'the storage quota. On own data only reports the user is assigned to.',
  body: z.object({ ids: z.array(z.string().uuid()).min(1).max(500) }).strict(),
  answer: z.object({
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
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const sign = defineRoute({
  id: 'reports.sign',
  method: 'POST',
  path: '/api/rapportini/rapportino/firma',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: "Signs a report: the customer's signature (PNG) and name; the server records the time",
  description:
    SIGN +
    `png: a data URL (data:image/png;base64,...) or bare base64 of a real PNG (checked by its bytes: 400 ` +
    `VALIDATION on png otherwise), at most ${SIGNATURE_MAX_BYTES / 1024} KB (413). The image is a file of the ` +
    'report (section rapportino, counted in the storage quota: 413 STORAGE_QUOTA_EXCEEDED) shown in `firma`, ' +
    "not among the attachments. Signing again replaces the old image; the report's open signing links are spent.",
  body: signatureRequest,
  answer: reportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409, 413],
});

export const clearSignature = defineRoute({
  id: 'reports.clearSignature',
  method: 'DELETE',
  path: '/api/rapportini/rapportino/firma/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Clears the signature of a report (to sign again); its image is deleted',
  description: SIGN + 'A report without a signature answers as it is.',
  params: z.object({ id: z.string().uuid() }),
  answer: reportResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const sendSignatureLink = defineRoute({
  id: 'reports.sendSignatureLink',
  method: 'POST',
  path: '/api/rapportini/rapportino/firma/link',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Mails the customer a single-use link to sign the report remotely',
  description:
    `The office only (gestione_interventi company write; 403 otherwise). email defaults to the customer's ` +
    `(400 VALIDATION on email when it has none). The link (${'`'}/firma/<token>${'`'} on the web) is valid ` +
    `SIGNATURE_LINK_DAYS days (configuration, default 7) and once; a new link spends the earlier ones, and so does a signature given ` +
    'any other way. Only the SHA-256 of the token is kept. Answers the address and the expiry. The mail is a ' +
    "sending of the report's mail log (tipo link_firma; its states as the report's mail) and, while its link is " +
    'open, the report shows attesa_firma and the log entry in_attesa_firma ("in attesa di firma"). ' +
    MAIL_CAP,
  body: signatureLinkRequest,
  answer: signatureLinkResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409, 429],
});

export const sendReport = defineRoute({
  id: 'reports.sendReport',
  method: 'POST',
  path: '/api/rapportini/rapportino/invio',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: "Mails the report's PDF to the customer: a log entry in_coda and a background sending",
  description:
    'Who may edit the report (company write, or own-data write on a report the user is assigned to; others ' +
    `404). destinatari: 1 to ${REPORT_MAIL_MAX_RECIPIENTS} distinct addresses (400 VALIDATION). The PDF (as ` +
    "GET /rapportini/rapportino/{id}/pdf) goes as an attachment through the company's SMTP server when its " +
    "option is on, else the server's; oggetto and messaggio are the sender's, else the defaults in the company's " +
    'PDF language. Answers the log entry ' +
    `(in_coda); the job retries ${REPORT_MAIL_RETRIES} times, then the entry is errore with the error text. ` +
    "Once sent the entry is inviato and the report's inviato flag is set. With no SMTP server configured (neither " +
    "the company's nor the server's) the entry is non_inviato with the reason in errore, never inviato. " +
    MAIL_CAP,
  body: reportMailRequest,
  answer: reportMailResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 429],
});

export const mailLog = defineRoute({
  id: 'reports.mailLog',
  method: 'GET',
  path: '/api/mail/logs/rapportino/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "The report's mail log, newest first: time, recipients, subject, status, error, attempts",
  description:
    `${ACCESS} tipo: rapportino (the PDF) or link_firma (the signing link). stato: in_coda (waiting or retrying), ` +
    'inviato, non_inviato (no SMTP server configured: the reason in errore), errore (given up after the retries). ' +
    'in_attesa_firma: a signing link still open (not used, not expired).',
  params: z.object({ id: z.string().uuid() }),
  answer: mailLogResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const publicSummary = defineRoute({
  id: 'reports.publicSummary',
  method: 'GET',
  path: '/api/public/firma/:token',
  auth: 'public',
  principals: NOBODY,
  tags: ['signature (public)'],
  summary: 'The report a signing link asks the customer to accept: summary without prices',
  description:
    PUBLIC +
    'Company name, report number and date, customer, plant, initial request, technicians, worked days and ' +
    'materials. At most 60 requests per client address in 10 minutes (429 RATE_LIMITED).',
  params: z.object({ token: z.string().min(1).max(100) }),
  answer: publicSignatureResponse,
  answerKind: 'json',
  errors: [400, 410, 429],
});

export const publicSign = defineRoute({
  id: 'reports.publicSign',
  method: 'POST',
  path: '/api/public/firma/:token',
  auth: 'public',
  principals: NOBODY,
  tags: ['signature (public)'],
  summary: 'Signs a report through its mailed link (once)',
  description:
    PUBLIC +
    'The signature is recorded with the signer, the server time and the client address (remoto: true); the ' +
    'link is then used. png as for POST /rapportini/rapportino/firma. At most 10 requests per client address ' +
    'in an hour (429 RATE_LIMITED).',
  params: z.object({ token: z.string().min(1).max(100) }),
  body: publicSignatureRequest,
  answer: publicSignatureSignedResponse,
  answerKind: 'json',
  errors: [400, 410, 413, 429],
});
