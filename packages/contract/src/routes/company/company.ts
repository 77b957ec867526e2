import { z } from 'zod';
import { companySchema, companyUpdateRequest } from '../../schemas.js';
import { itemResponse, defineRoute, USER_ONLY } from '../define.js';

// The route table's `company` entries (implemented in apps/server/src/features/company/company/routes.ts).

const read = { key: 'gestione_azienda', action: 'read' } as const;
const write = { key: 'gestione_azienda', action: 'write', adminOnly: true } as const;

export const getCompany = defineRoute({
  id: 'company.getCompany',
  method: 'GET',
  path: '/api/aziende/azienda',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: ['company'],
  summary: "The caller's company",
  answer: itemResponse(companySchema),
  answerKind: 'json',
  errors: [401, 403],
});

export const updateCompany = defineRoute({
  id: 'company.updateCompany',
  method: 'POST',
  path: '/api/aziende/azienda',
  auth: 'session',
  principals: USER_ONLY,
  permission: write,
  tags: ['company'],
  summary: 'Updates the company (administrators only)',
  body: companyUpdateRequest,
  answer: itemResponse(companySchema),
  answerKind: 'json',
  errors: [400, 401, 403, 409],
});

export const getLogo = defineRoute({
  id: 'company.getLogo',
  method: 'GET',
  path: '/api/aziende/azienda/logo',
  auth: 'session',
  principals: USER_ONLY,
  permission: read,
  tags: ['company'],
  summary: 'The company logo image',
  answer: z.any().describe('image bytes'),
  answerKind: 'file',
  errors: [401, 403, 404],
});

export const replaceLogo = defineRoute({
  id: 'company.replaceLogo',
  method: 'POST',
  path: '/api/aziende/azienda/logo',
  auth: 'session',
  principals: USER_ONLY,
  permission: write,
  tags: ['company'],
  summary: 'Uploads the company logo (multipart field "file"; PNG, JPEG, WebP or GIF)',
  description: 'The type is sniffed from the content; others answer 415. Larger than LOGO_MAX_BYTES answers 413.',
  bodyKind: 'multipart',
  answer: itemResponse(z.object({ id: z.string() })),
  answerKind: 'json',
  errors: [400, 401, 403, 413, 415],
});
