import { z } from 'zod';
import {
  customFieldsConfigResponse,
  customFieldConfigSaveRequest,
  customFieldConfigSaveResponse,
  positionsResponse,
  numberingResponse,
  numberingSaveRequest,
} from '../../report-config.js';
import { defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `reportConfig` entries (implemented in apps/server/src/features/operations/report-config/routes.ts).

const read = { key: 'personalizza_interventi', action: 'read' } as const;
const tags = ['report configuration'];
const write = { key: 'personalizza_interventi', action: 'write' } as const;
const remove = { key: 'personalizza_interventi', action: 'delete' } as const;

export const listCampi = defineRoute({
  id: 'reportConfig.listCampi',
  method: 'GET',
  path: '/api/configuration/intervento',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'The custom fields of the report, by position and order (removed ones aside)',
  description: 'Cached 3 hours by the web; not loaded on the lite plan (spec operations 1).',
  answer: customFieldsConfigResponse,
  answerKind: 'json',
  errors: [401, 403],
});

export const saveCampo = defineRoute({
  id: 'reportConfig.saveCampo',
  method: 'POST',
  path: '/api/configuration/intervento',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates a custom field; ordine_posizione reorders its position (drag and drop)',
  description:
    'The type of a field that reports already hold values of cannot change (409 CONFLICT). A choice field needs its ' +
    'list; the default and the required value must fit the type.',
  body: customFieldConfigSaveRequest,
  answer: customFieldConfigSaveResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const removeCampo = defineRoute({
  id: 'reportConfig.removeCampo',
  method: 'DELETE',
  path: '/api/configuration/intervento/remove/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Removes a custom field',
  description:
    'A field no report holds a value of is deleted; one that reports hold values of is hidden from the configuration ' +
    'and from new reports, and old reports keep showing it (esito "hidden").',
  params: z.object({ id: z.string().uuid() }),
  answer: z.object({ success: z.literal(true), esito: z.enum(['deleted', 'hidden']) }),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const posizioni = defineRoute({
  id: 'reportConfig.posizioni',
  method: 'GET',
  path: '/api/configuration/campi/posizione',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'The six positions of a report where custom fields sit, in the order the report shows them',
  answer: positionsResponse,
  answerKind: 'json',
  errors: [401, 403],
});

export const getNumerazione = defineRoute({
  id: 'reportConfig.getNumerazione',
  method: 'GET',
  path: '/api/numerazioni/numerazione',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'The numbering of reports: pattern, digits, yearly reset, the next number and a preview',
  answer: numberingResponse,
  answerKind: 'json',
  errors: [401, 403],
});

export const saveNumerazione = defineRoute({
  id: 'reportConfig.saveNumerazione',
  method: 'POST',
  path: '/api/numerazioni/numerazione',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Saves the numbering; prossimo_numero moves the current counter forwards (never back)',
  body: numberingSaveRequest,
  answer: numberingResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});
