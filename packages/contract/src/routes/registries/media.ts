import { z } from 'zod';
import {
  MEDIA_SECTIONS,
  MEDIA_URL_SECTIONS,
  mediaItem,
  MEDIA_LIST_SECTIONS,
  REPORT_FILE_SECTIONS,
  mediaUpdateRequest,
  storageUsage,
} from '../../media.js';
import { itemResponse, uuidParam, okResponse, defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `media` entries (implemented in apps/server/src/features/registries/media/routes.ts).

const SECTIONS_DOC =
  'Sections: utente (profile photo of user {id}: PNG, JPEG, WebP or GIF up to MEDIA_MAX_BYTES, replaces the previous ' +
  'one; oneself or gestione_tecnici write); macchinario (photos and documents of machine {id}: images, PDF, ' +
  'DOCX/XLSX/PPTX, ODT/ODS/ODP up to MEDIA_DOC_MAX_BYTES, many per machine; clienti_macchinari write); contratto ' +
  '(also written contratti: documents of contract {id}, the same types and size, many per contract; contratti write). ' +
  'The type is sniffed from the content, never taken from the request (415 otherwise); over the size limit 413 ' +
  "PAYLOAD_TOO_LARGE; over the company's free space 413 STORAGE_QUOTA_EXCEEDED, before streaming when the " +
  'request length says so, otherwise while streaming. Nothing is kept of a refused upload.';
/** The URL names of sections besides their own (the spec's `contratti`). */
const URL_ALIASES = Object.keys(MEDIA_URL_SECTIONS) as (keyof typeof MEDIA_URL_SECTIONS)[];

export const insert = defineRoute({
  id: 'media.insert',
  method: 'POST',
  path: '/api/media/insert/:section/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: 'Uploads a file of a section for its owner (multipart field "file")',
  description: SECTIONS_DOC,
  params: z
    .object({
      section: z.enum([...MEDIA_SECTIONS, ...URL_ALIASES]),
      id: z.string().min(1).max(64),
    })
    .strict(),
  bodyKind: 'multipart',
  answer: itemResponse(mediaItem),
  answerKind: 'json',
  errors: [400, 401, 403, 404, 413, 415],
});

const CONTENT_DOC =
  'Images and PDF inline, other documents as attachments. One byte range (`Range: bytes=a-b`) answers 206. ' +
  "A report's PDF (POST /rapportini/rapportino/pdf) is read as the report is.";

export const content = defineRoute({
  id: 'media.content',
  method: 'GET',
  path: '/api/media/get-content/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: 'The bytes of a file, streamed',
  description: CONTENT_DOC,
  params: uuidParam,
  answer: z.any().describe('file bytes'),
  answerKind: 'file',
  answers: { 206: z.any().describe('a byte range'), 416: z.any().describe('range past the end') },
  errors: [401, 403, 404],
});

export const pdfContent = defineRoute({
  id: 'media.pdfContent',
  method: 'GET',
  path: '/api/media/:id/content',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: 'The bytes of a file, streamed (the path of the spec for a PDF: /media/{pdfId}/content)',
  description: CONTENT_DOC,
  params: uuidParam,
  answer: z.any().describe('file bytes'),
  answerKind: 'file',
  answers: { 206: z.any().describe('a byte range'), 416: z.any().describe('range past the end') },
  errors: [401, 403, 404],
});

export const list = defineRoute({
  id: 'media.list',
  method: 'GET',
  path: '/api/media/get-db/:section/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: 'The files of one owner (a machine, a work report, a contract), newest first',
  description:
    "Section macchinario: needs clienti_macchinari read; another company's machine answers 404. Section " +
    'rapportino: read as the report is. Section contratti (or contratto): needs contratti read; another ' +
    "company's contract answers 404.",
  params: z.object({ section: z.enum([...MEDIA_LIST_SECTIONS, ...URL_ALIASES]), id: z.uuid() }).strict(),
  answer: z.object({ success: z.literal(true), items: z.array(mediaItem) }),
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const reportFiles = defineRoute({
  id: 'media.reportFiles',
  method: 'GET',
  path: '/api/media/all-rapportini/:section/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: "A report's files of one section (rapportino: attachments; rapportino-pdf: the printed PDF), filtered",
  description:
    'Query: tipo (immagini or documenti), q (part of the file name, case and accents aside). Read as the report ' +
    "is read: gestione_interventi read and one's own report, or the company's or colleagues' reports; another " +
    "company's report, or one the user may not see, answers 404. The signature's image is not listed.",
  params: z.object({ section: z.enum(REPORT_FILE_SECTIONS), id: z.uuid() }).strict(),
  query: z
    .object({ tipo: z.enum(['immagini', 'documenti']).optional(), q: z.string().trim().max(100).optional() })
    .strict(),
  answer: z.object({ success: z.literal(true), items: z.array(mediaItem) }),
  answerKind: 'json',
  errors: [400, 401, 404],
});

export const removeReportFiles = defineRoute({
  id: 'media.removeReportFiles',
  method: 'DELETE',
  path: '/api/rapportini/rapportino/media',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: 'Deletes attachments of a report (all or none): query rapportinoId and ids (comma-separated)',
  description:
    "Each id must be one of the report's attachments (404 otherwise, nothing deleted); rights as deleting an " +
    'attachment (gestione_interventi delete; own data: an assigned report); a completed report keeps its files ' +
    "(403). The signature's image is not an attachment: clear the signature instead. The bytes leave the quota.",
  query: z
    .object({
      rapportinoId: z.uuid(),
      ids: z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.uuid()).min(1).max(100)),
    })
    .strict(),
  answer: z.object({ success: z.literal(true), removed: z.number().int() }),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const update = defineRoute({
  id: 'media.update',
  method: 'POST',
  path: '/api/media/update',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: 'Renames a file and/or sets its description',
  description:
    'Body `{ id, filename?, descrizione? }`. The name is made safe (no path, no control characters or quotes) and ' +
    'keeps the extension of the sniffed type; a profile photo keeps its fixed name. Same rights as uploading.',
  body: mediaUpdateRequest,
  answer: itemResponse(mediaItem),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const remove = defineRoute({
  id: 'media.remove',
  method: 'DELETE',
  path: '/api/media/delete/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  tags: ['media'],
  summary: 'Deletes a file (photo: as uploading; machine file: clienti_macchinari delete)',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const usage = defineRoute({
  id: 'media.usage',
  method: 'GET',
  path: '/api/media/storage',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: { key: 'gestione_abbonamento', action: 'read' },
  tags: ['media'],
  summary: 'Storage space: used, free, limit (4 GB + 5 GB per storage slot) and use by section',
  answer: itemResponse(storageUsage),
  answerKind: 'json',
  errors: [401, 403],
});
