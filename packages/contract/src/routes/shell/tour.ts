import { z } from 'zod';
import { tourAdvanceRequest } from '../../options.js';
import { itemResponse, defineRoute, USER_ONLY } from '../define.js';

// The route table's `tour` entries (implemented in apps/server/src/features/shell/tour/routes.ts).

/** The tour guides the company's set-up, so administrators drive it. */
const admin = { key: 'gestione_azienda', action: 'read', adminOnly: true } as const;
const answer = itemResponse(z.object({ work_flow_primo_accesso: z.number().int() }));

export const interrupt = defineRoute({
  id: 'tour.interrupt',
  method: 'POST',
  path: '/api/workflow-primo-accesso/interrompi',
  auth: 'session',
  principals: USER_ONLY,
  permission: admin,
  tags: ['tour'],
  summary: 'Ends the first-access tour for the company (step 30)',
  answer: answer,
  answerKind: 'json',
  errors: [401, 403],
});

export const advance = defineRoute({
  id: 'tour.advance',
  method: 'POST',
  path: '/api/workflow-primo-accesso/avanza',
  auth: 'session',
  principals: USER_ONLY,
  permission: admin,
  tags: ['tour'],
  summary: 'Moves the first-access tour to its next step once the current one is done',
  description:
    '`from` must be the current step (0, 10 or 20; 409 otherwise). 0 → 10 needs the company email, address and city; ' +
    '10 → 20 an active technician; 20 → 30 ends the tour. 409 CONFLICT names what is missing.',
  body: tourAdvanceRequest,
  answer: answer,
  answerKind: 'json',
  errors: [400, 401, 403, 409],
});
