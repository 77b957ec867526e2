import { z } from 'zod';
import { jobRoleSchema, jobRoleSaveRequest, checklistItemSaveRequest, checklistItemSchema } from '../../job-roles.js';
import { uuidParam, itemResponse, okResponse, defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `jobRoles` entries (implemented in apps/server/src/features/registries/job-roles/routes.ts).

const read = { key: 'mansioni', action: 'read' } as const;
const tags = ['jobs'];
const write = { key: 'mansioni', action: 'write' } as const;
const remove = { key: 'mansioni', action: 'delete' } as const;

export const list = defineRoute({
  id: 'jobRoles.list',
  method: 'GET',
  path: '/api/mansioni/mansioni',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: "The company's job roles by name, each with its checks and the users who hold it",
  answer: z.object({ success: z.literal(true), items: z.array(jobRoleSchema) }),
  answerKind: 'json',
  errors: [401, 403],
});

export const get = defineRoute({
  id: 'jobRoles.get',
  method: 'GET',
  path: '/api/mansioni/mansione/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: read,
  tags: tags,
  summary: 'One job role with its checks and holders',
  params: uuidParam,
  answer: itemResponse(jobRoleSchema),
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const saveMansione = defineRoute({
  id: 'jobRoles.saveMansione',
  method: 'POST',
  path: '/api/mansioni/mansione/create',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates a job role',
  description: 'The name is unique in the company, case aside (409 CONFLICT, field nome).',
  body: jobRoleSaveRequest,
  answer: itemResponse(jobRoleSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const deleteMansione = defineRoute({
  id: 'jobRoles.deleteMansione',
  method: 'DELETE',
  path: '/api/mansioni/mansione/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes a job role and its checks',
  description:
    'In use answers 403 with the first applicable code: 0032 a user holds it, 0033 in a report, 0034 in a contract, 0035 one of its checks in an activity.',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const saveControllo = defineRoute({
  id: 'jobRoles.saveControllo',
  method: 'POST',
  path: '/api/controlli/controllo',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: write,
  tags: tags,
  summary: 'Creates (no id) or updates a check of a job role',
  description:
    'tipo_campo boolean, number, text, textarea, select (valori required), date or time; new checks go last unless ordine is given.',
  body: checklistItemSaveRequest,
  answer: itemResponse(checklistItemSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const deleteControllo = defineRoute({
  id: 'jobRoles.deleteControllo',
  method: 'DELETE',
  path: '/api/controlli/controllo/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: remove,
  tags: tags,
  summary: 'Deletes a check',
  description: 'Used in an activity answers 403 0035.',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [401, 403, 404],
});
