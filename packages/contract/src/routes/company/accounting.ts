import type { Requirement } from '../../permissions.js';
import {
  accountingExportRequest,
  accountingExportResponse,
  ACCOUNTING_EXPORT_MAX,
  ficCompanyRequest,
  ficInitQuery,
  ficInitResponse,
  ficLoginRequest,
  ficStatusResponse,
  reportExportResponse,
} from '../../accounting.js';
import { defineRoute, uuidParam, USER_ONLY } from '../define.js';

// The route table's `accounting` entries (apps/server/src/features/company/accounting; decision 0051): the spec's five
// Fatture in Cloud calls, the manual export of completed reports and a report's export state. Admins only, never with
// a key (the options of the management tool integration are the admins').

const tags = ['accounting'];
const ADMIN: Requirement = { key: 'integrazioni_esterne', action: 'write', adminOnly: true };
const common = { auth: 'session', principals: USER_ONLY, permission: ADMIN, tags, answerKind: 'json' } as const;

export const ficInit = defineRoute({
  ...common,
  id: 'accounting.ficInit',
  method: 'GET',
  path: '/api/fattureincloud/oauth/init',
  summary: "Fatture in Cloud's authorization address for this company, with a state the server keeps 10 minutes",
  description:
    'Answers 409 FIC_NOT_CONFIGURED when the server has no Fatture in Cloud client id (FIC_CLIENT_ID). The scopes ' +
    'are the ones the export needs: entity.clients:a, issued_documents.<type>:a of the document types, settings:r.',
  query: ficInitQuery,
  answer: ficInitResponse,
  errors: [400, 401, 403, 409],
});

export const ficLogin = defineRoute({
  ...common,
  id: 'accounting.ficLogin',
  method: 'POST',
  path: '/api/fattureincloud/oauth/login',
  summary: 'Exchanges the code for tokens (kept sealed) once the state is checked; answers the connection',
  description:
    'A state unknown to the company, used or older than 10 minutes answers 400 FIC_STATE. A code Fatture in Cloud ' +
    'refuses answers 502 FIC_ERROR with its message. When the user has one company it is chosen.',
  body: ficLoginRequest,
  answer: ficStatusResponse,
  errors: [400, 401, 403, 409, 502],
});

export const ficLogout = defineRoute({
  ...common,
  id: 'accounting.ficLogout',
  method: 'DELETE',
  path: '/api/fattureincloud/oauth/logout',
  summary: "Forgets the company's Fatture in Cloud tokens and chosen company (the reports' export states stay)",
  answer: ficStatusResponse,
  errors: [401, 403],
});

export const ficCheck = defineRoute({
  ...common,
  id: 'accounting.ficCheck',
  method: 'GET',
  path: '/api/fattureincloud/oauth/check',
  summary: "Whether the company is connected, the Fatture in Cloud user's companies and the chosen one",
  errors: [401, 403, 502],
  answer: ficStatusResponse,
});

export const ficCompany = defineRoute({
  ...common,
  id: 'accounting.ficCompany',
  method: 'POST',
  path: '/api/fattureincloud/company',
  summary: 'Chooses the Fatture in Cloud company the documents are made in (one of the user’s companies)',
  description: 'Not connected: 409 FIC_NOT_CONNECTED. A company the user may not use: 400 VALIDATION.',
  body: ficCompanyRequest,
  answer: ficStatusResponse,
  errors: [400, 401, 403, 409, 502],
});

export const exportReports = defineRoute({
  ...common,
  id: 'accounting.exportReports',
  method: 'POST',
  path: '/api/gestionale/esporta',
  summary: `Sends completed reports (at most ${ACCOUNTING_EXPORT_MAX}) to the chosen management tool, in the background`,
  description:
    'The tool is the `gestionale` option; one without an exporter (danea: a file to download) answers 409 ' +
    'NO_EXPORTER. An unknown id answers 404 and nothing is queued. Reports not completed or already sent are ' +
    'left out and named. A failed export is sent again. The document is made once per report and tool.',
  body: accountingExportRequest,
  answer: accountingExportResponse,
  errors: [400, 401, 403, 404, 409],
});

export const reportExport = defineRoute({
  ...common,
  id: 'accounting.reportExport',
  method: 'GET',
  path: '/api/gestionale/esportazioni/:id',
  summary: "A report's export to the management tool: state, document id, number and link, the last error",
  params: uuidParam,
  answer: reportExportResponse,
  errors: [401, 403, 404],
});
