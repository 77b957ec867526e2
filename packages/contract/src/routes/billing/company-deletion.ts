import { deletionStatus, deletionRequest } from '../../registration.js';
import { itemResponse, noBody, defineRoute, USER_ONLY } from '../define.js';

// The route table's `companyDeletion` entries (implemented in apps/server/src/features/billing/company-deletion/routes.ts).

const read = { key: 'gestione_azienda', action: 'read' } as const;
const admin = { key: 'gestione_azienda', action: 'write', adminOnly: true } as const;

export const status = defineRoute({
  id: 'companyDeletion.status',
  method: 'GET',
  path: '/api/aziende/azienda/richiesta-eliminazione',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: ['company'],
  summary: 'The pending deletion request of the company, if any',
  answer: itemResponse(deletionStatus),
  answerKind: 'json',
  errors: [401, 403],
});

export const requestDeletion = defineRoute({
  id: 'companyDeletion.requestDeletion',
  method: 'POST',
  path: '/api/aziende/azienda/richiesta-eliminazione',
  auth: 'session',
  principals: USER_ONLY,
  permission: admin,
  tags: ['company'],
  summary: "Asks for the company's deletion (administrators only)",
  description:
    'Body `{ conferma: true }`. The data and files go 3 working hours later (Monday to Friday, 9:00-18:00 in the ' +
    'company time zone); until then `POST /aziende/azienda/ripristina` restores the company.',
  body: deletionRequest,
  answer: itemResponse(deletionStatus),
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const restore = defineRoute({
  id: 'companyDeletion.restore',
  method: 'POST',
  path: '/api/aziende/azienda/ripristina',
  auth: 'session',
  principals: USER_ONLY,
  permission: admin,
  tags: ['company'],
  summary: 'Withdraws a pending deletion request (administrators only)',
  body: noBody,
  answer: itemResponse(deletionStatus),
  answerKind: 'json',
  errors: [401, 403, 409],
});
