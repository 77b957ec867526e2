import { z } from 'zod';
import { optionItemSchema, optionsConfirmRequest, reasonSchema, reasonRequest } from '../../options.js';
import { okResponse, itemResponse, uuidParam, defineRoute, USER_ONLY } from '../define.js';

// The route table's `options` entries: the company's options and reasons (apps/server/src/features/company/options).

const itemsResponse = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), items: z.array(item) });

export const listOptions = defineRoute({
  id: 'options.listOptions',
  method: 'GET',
  path: '/api/options/options',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['options'],
  summary: "The company's options (defaults where not set)",
  description:
    'One item per category: its main value and child_options. abilitazione: the company may use it (paid options once bought). ' +
    'The SMTP category only for users who may read the options page; its password is never answered (is_set tells whether one is stored).',
  answer: itemsResponse(optionItemSchema),
  answerKind: 'json',
  errors: [401],
});

export const confirmOptions = defineRoute({
  id: 'options.confirmOptions',
  method: 'POST',
  path: '/api/options/options/confirm',
  auth: 'session',
  principals: USER_ONLY,
  permission: { key: 'opzioni', action: 'write' },
  tags: ['options'],
  summary: 'Saves option values (the options screen)',
  description:
    'Every value is checked against its type (400 VALIDATION naming items.<i>.value). Paid options: only administrators change them, ' +
    'and switch them on only once bought (403). A secret sent as null is kept, as "" is removed.',
  body: optionsConfirmRequest,
  answer: itemsResponse(optionItemSchema),
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const listMotivazioni = defineRoute({
  id: 'options.listMotivazioni',
  method: 'GET',
  path: '/api/configuration/motivazioni',
  auth: 'session',
  principals: USER_ONLY,
  permission: { key: 'personalizza_interventi', action: 'read' },
  tags: ['options'],
  summary: 'Reasons configuration (motivazioni)',
  answer: itemsResponse(reasonSchema),
  answerKind: 'json',
  errors: [401, 403],
});

export const saveMotivazione = defineRoute({
  id: 'options.saveMotivazione',
  method: 'POST',
  path: '/api/configuration/motivazione',
  auth: 'session',
  principals: USER_ONLY,
  permission: { key: 'personalizza_interventi', action: 'write' },
  tags: ['options'],
  summary: 'Creates (no id) or renames (id) a reason; the text is unique in the company (409)',
  body: reasonRequest,
  answer: itemResponse(reasonSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const deleteMotivazione = defineRoute({
  id: 'options.deleteMotivazione',
  method: 'DELETE',
  path: '/api/configuration/motivazione/:id',
  auth: 'session',
  principals: USER_ONLY,
  permission: { key: 'personalizza_interventi', action: 'delete' },
  tags: ['options'],
  summary: 'Deletes a reason',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [401, 403, 404],
});
