import { z } from 'zod';
import {
  mappingTablesResponse,
  mappingItemSchema,
  startImportRequest,
  importStatusSchema,
  rejectedRowSchema,
} from '../../imports.js';
import { itemResponse, uuidParam, defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `imports` entries (implemented in apps/server/src/features/registries/imports/routes.ts).

const pageQuery = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();

export const mappingTables = defineRoute({
  id: 'imports.mappingTables',
  method: 'GET',
  path: '/api/imports/mapping-tables',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['imports'],
  summary: 'The tables the caller may import into, with their fields (required ones, types, lengths)',
  description:
    "Only the fields the caller may import: the articles' prices (prezzo_vendita, prezzo_acquisto) need the prices " +
    'permission (read and write).',
  answer: mappingTablesResponse,
  answerKind: 'json',
  errors: [401],
});

export const mapping = defineRoute({
  id: 'imports.mapping',
  method: 'POST',
  path: '/api/imports/mapping',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['imports'],
  summary:
    'Uploads a CSV (multipart: table, separator, headerInFirstLine, file; optional encoding) and answers its columns and a preview',
  description:
    'table `clienti` or `articoli`; separator `;`, `,` or `tab`; headerInFirstLine `true`/`false`; encoding `auto` (default), ' +
    '`utf-8` or `windows-1252`. The file streams to storage (at most IMPORT_MAX_BYTES). Missing fields answer 400 naming them. ' +
    'The answer proposes a mapping from the header names and shows the first rows with their errors under it.',
  bodyKind: 'multipart',
  answer: itemResponse(mappingItemSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 413, 415],
});

export const startImport = defineRoute({
  id: 'imports.startImport',
  method: 'POST',
  path: '/api/imports/import',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['imports'],
  summary: 'Starts the import of an uploaded file with the chosen mapping (column → field); runs as a job',
  description:
    'Body `{ id, mapping: [{ column, field }] }`. Required fields must be mapped (400). One import at a time per company ' +
    '(409 CONFLICT). Needs write permission on the table (anagrafica_clienti or anagrafica_articoli); mapping a price ' +
    '(prezzo_vendita, prezzo_acquisto) also needs the prices permission, read and write (403 otherwise).',
  body: startImportRequest,
  answer: itemResponse(importStatusSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const recent = defineRoute({
  id: 'imports.recent',
  method: 'GET',
  path: '/api/imports/imports',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['imports'],
  summary: "The company's latest imports (20), newest first",
  answer: z.object({ success: z.literal(true), items: z.array(importStatusSchema) }),
  answerKind: 'json',
  errors: [401],
});

export const status = defineRoute({
  id: 'imports.status',
  method: 'GET',
  path: '/api/imports/import/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['imports'],
  summary: 'Progress of an import: rows read, created, updated, rejected, percentage',
  params: uuidParam,
  answer: itemResponse(importStatusSchema),
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const rejected = defineRoute({
  id: 'imports.rejected',
  method: 'GET',
  path: '/api/imports/import/:id/scarti',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['imports'],
  summary: 'Rejected rows of an import with their reasons, by page',
  params: uuidParam,
  query: pageQuery,
  answer: z.object({
    success: z.literal(true),
    items: z.array(rejectedRowSchema),
    totaleElementi: z.number().int(),
  }),
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const rejectedCsv = defineRoute({
  id: 'imports.rejectedCsv',
  method: 'GET',
  path: '/api/imports/import/:id/scarti.csv',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['imports'],
  summary: 'Rejected rows as a CSV file (line, reasons, the row as read), streamed',
  params: uuidParam,
  answer: z.any().describe('text/csv'),
  answerKind: 'file',
  errors: [401, 403, 404],
});
