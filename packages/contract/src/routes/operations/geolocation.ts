import { geolocationQuery, geolocationResponse, positionRequest } from '../../geolocation.js';
import { okResponse, defineRoute, USER_OR_API_KEY, USER_ONLY } from '../define.js';

// The route table's `geolocation` entries (implemented in apps/server/src/features/operations/geolocation/routes.ts).

export const technicianPositions = defineRoute({
  id: 'geolocation.technicianPositions',
  method: 'GET',
  path: '/api/utenti/geolocation',
  auth: 'session',
  principals: USER_OR_API_KEY,
  permission: { key: 'pianificazione_interventi', action: 'read', scope: 'company' },
  tags: ['users'],
  summary: "Technicians' last known positions within the geolocation option's validity minutes",
  description: 'Answers enabled false and no items while the paid geolocation option is off.',
  query: geolocationQuery,
  answer: geolocationResponse,
  answerKind: 'json',
  errors: [400, 401, 403],
});

export const reportPosition = defineRoute({
  id: 'geolocation.reportPosition',
  method: 'POST',
  path: '/api/utenti/geolocation',
  auth: 'session',
  principals: USER_ONLY,
  permission: { key: 'app_mobile', action: 'write', scope: 'user' },
  tags: ['users'],
  summary: "Records the signed-in technician's position (sent by the companion app)",
  description: '409 GEOLOCATION_DISABLED while the paid geolocation option is off.',
  body: positionRequest,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 409],
});
