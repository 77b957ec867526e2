import { z } from 'zod';
import { plantSchema, plantSaveRequest, machineSchema, machineSaveRequest } from '../../customers.js';
import { uuidParam, itemResponse, okResponse, defineRoute, USER_OR_API_KEY } from '../define.js';

// The route table's `plants` entries (implemented in apps/server/src/features/registries/plants/routes.ts).

const plants = {
  read: { key: 'clienti_impianti', action: 'read' },
  write: { key: 'clienti_impianti', action: 'write' },
  delete: { key: 'clienti_impianti', action: 'delete' },
} as const;
const itemsResponse = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), items: z.array(item) });
const machines = {
  read: { key: 'clienti_macchinari', action: 'read' },
  write: { key: 'clienti_macchinari', action: 'write' },
  delete: { key: 'clienti_macchinari', action: 'delete' },
} as const;

export const listImpianti = defineRoute({
  id: 'plants.listImpianti',
  method: 'GET',
  path: '/api/impianti/cliente/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: plants.read,
  tags: ['plants'],
  summary: 'Plants of a customer',
  params: uuidParam,
  answer: itemsResponse(plantSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const getImpianto = defineRoute({
  id: 'plants.getImpianto',
  method: 'GET',
  path: '/api/impianti/impianto/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: plants.read,
  tags: ['plants'],
  summary: 'One plant',
  params: uuidParam,
  answer: itemResponse(plantSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const saveImpianto = defineRoute({
  id: 'plants.saveImpianto',
  method: 'POST',
  path: '/api/impianti/impianto/create',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: plants.write,
  tags: ['plants'],
  summary: 'Creates (no id) or updates a plant of a customer',
  body: plantSaveRequest,
  answer: itemResponse(plantSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const deleteImpianto = defineRoute({
  id: 'plants.deleteImpianto',
  method: 'DELETE',
  path: '/api/impianti/impianto/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: plants.delete,
  tags: ['plants'],
  summary: 'Deletes a plant and its machines (403 0028 when used in a contract)',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const listMacchinari = defineRoute({
  id: 'plants.listMacchinari',
  method: 'GET',
  path: '/api/macchinari/macchinari/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: machines.read,
  tags: ['machines'],
  summary: 'Machines of a plant (id of the plant)',
  params: uuidParam,
  answer: itemsResponse(machineSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const getMacchinario = defineRoute({
  id: 'plants.getMacchinario',
  method: 'GET',
  path: '/api/macchinari/macchinario/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: machines.read,
  tags: ['machines'],
  summary: 'One machine',
  params: uuidParam,
  answer: itemResponse(machineSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const saveMacchinario = defineRoute({
  id: 'plants.saveMacchinario',
  method: 'POST',
  path: '/api/macchinari/macchinario/create',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: machines.write,
  tags: ['machines'],
  summary: 'Creates (no id) or updates a machine (0029 on a bad name or registration number)',
  body: machineSaveRequest,
  answer: itemResponse(machineSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const deleteMacchinario = defineRoute({
  id: 'plants.deleteMacchinario',
  method: 'DELETE',
  path: '/api/macchinari/macchinario/:id',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: machines.delete,
  tags: ['machines'],
  summary: 'Deletes a machine and its components (403 0027 when used in a contract)',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});
