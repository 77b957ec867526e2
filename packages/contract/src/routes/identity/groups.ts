import { z } from 'zod';
import { permissionGroupSchema, permissionGroupSaveRequest } from '../../users.js';
import { uuidParam, okResponse, defineRoute, USER_ONLY } from '../define.js';

// The route table's `groups` entries (implemented in apps/server/src/features/identity/groups/routes.ts).

/** Permission groups are for administrators only (spec section 6). */
const read = { key: 'gestione_tecnici', action: 'read', adminOnly: true } as const;
const one = z.object({ success: z.literal(true), gruppo: permissionGroupSchema });
const write = { key: 'gestione_tecnici', action: 'write', adminOnly: true } as const;
const remove = { key: 'gestione_tecnici', action: 'delete', adminOnly: true } as const;

export const listGroups = defineRoute({
  id: 'groups.listGroups',
  method: 'GET',
  path: '/api/gruppi/gruppi',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: ['groups'],
  summary: 'Custom permission groups with their members',
  answer: z.object({ success: z.literal(true), gruppi: z.array(permissionGroupSchema) }),
  answerKind: 'json',
  errors: [401, 403],
});

export const getGroup = defineRoute({
  id: 'groups.getGroup',
  method: 'GET',
  path: '/api/gruppi/gruppo/:id',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: ['groups'],
  summary: 'One permission group',
  params: uuidParam,
  answer: one,
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const saveGroup = defineRoute({
  id: 'groups.saveGroup',
  method: 'POST',
  path: '/api/gruppi/gruppo',
  auth: 'session',
  principals: USER_ONLY,
  permission: write,
  tags: ['groups'],
  summary: 'Creates (no id) or updates a group with its members',
  description:
    'The name is unique in the company (409 CONFLICT, field name). Members must be non-admin users and not in ' +
    'another group (409 CONFLICT, field membri). Page keys left out allow nothing.',
  body: permissionGroupSaveRequest,
  answer: one,
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const deleteGroup = defineRoute({
  id: 'groups.deleteGroup',
  method: 'DELETE',
  path: '/api/gruppi/gruppo/:id',
  auth: 'session',
  principals: USER_ONLY,
  permission: remove,
  tags: ['groups'],
  summary: 'Deletes a group; its members go back to the default permissions',
  params: uuidParam,
  answer: okResponse,
  answerKind: 'json',
  errors: [401, 403, 404],
});
