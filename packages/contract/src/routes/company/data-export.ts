import { z } from 'zod';
import { dataExportSchema, startDataExportRequest } from '../../data-export.js';
import { DATA_EXPORT } from '../../permissions.js';
import { defineRoute, itemResponse, uuidParam, USER_ONLY } from '../define.js';

// The route table's `dataExport` entries (implemented in apps/server/src/features/company/data-export/routes.ts).
// An export belongs to the user who asked for it: another user's, or another company's, answers 404.

export const start = defineRoute({
  id: 'dataExport.start',
  method: 'POST',
  path: '/api/esportazioni',
  auth: 'session',
  principals: USER_ONLY,
  permission: DATA_EXPORT,
  tags: ['data-export'],
  summary: "Starts an export of the company's data (CSV files in a zip or one XLSX workbook); runs as a job",
  description:
    'Body `{ formato: CSV_ZIP | XLSX, entita: [clienti, impianti, macchinari, articoli, mansioni, rapportini, contratti, ' +
    'appuntamenti, timbrature], includiMedia }`. The media files go in the zip under `media/` (CSV_ZIP only). ' +
    "Prices are left out unless the caller has the prices permission. When ready the requester gets a mail with the page's link; " +
    'the file is kept 7 days. One export at a time per user (409 CONFLICT).',
  body: startDataExportRequest,
  answer: itemResponse(dataExportSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 409],
});

export const list = defineRoute({
  id: 'dataExport.list',
  method: 'GET',
  path: '/api/esportazioni',
  auth: 'session',
  principals: USER_ONLY,
  permission: DATA_EXPORT,
  tags: ['data-export'],
  summary: "The caller's exports not yet expired, newest first, with state and progress",
  answer: z.object({ success: z.literal(true), items: z.array(dataExportSchema) }),
  answerKind: 'json',
  errors: [401, 403],
});

export const status = defineRoute({
  id: 'dataExport.status',
  method: 'GET',
  path: '/api/esportazioni/:id',
  auth: 'session',
  principals: USER_ONLY,
  permission: DATA_EXPORT,
  tags: ['data-export'],
  summary: "One of the caller's exports: state, progress, size, expiry",
  params: uuidParam,
  answer: itemResponse(dataExportSchema),
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const file = defineRoute({
  id: 'dataExport.file',
  method: 'GET',
  path: '/api/esportazioni/:id/file',
  auth: 'session',
  principals: USER_ONLY,
  permission: DATA_EXPORT,
  tags: ['data-export'],
  summary: 'The finished export file (application/zip or the XLSX workbook), streamed',
  description: "404 while the export is not completed, after it expired, or when it is not the caller's.",
  params: uuidParam,
  answer: z.any().describe('application/zip or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  answerKind: 'file',
  errors: [401, 403, 404],
});
