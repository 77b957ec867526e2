import type { Requirement } from '../../permissions.js';
import { mexalConnectionResponse, mexalLoginRequest } from '../../mexal.js';
import { defineRoute, USER_ONLY } from '../define.js';

// The route table's `mexal` entries (apps/server/src/features/company/accounting/mexal; decision 0052): the spec's
// three calls for the ERP. Admins only, never with a key.

const tags = ['mexal'];
const ADMIN: Requirement = { key: 'integrazioni_esterne', action: 'write', adminOnly: true };
const common = { auth: 'session', principals: USER_ONLY, permission: ADMIN, tags, answerKind: 'json' } as const;

export const check = defineRoute({
  ...common,
  id: 'mexal.check',
  method: 'GET',
  path: '/api/mexal/check',
  summary: "The company's Mexal connection: its state, address, user, company code and year (never the password)",
  description:
    'stato NON_CONNESSO (never signed in, or signed out), CONNESSO, or RIFIUTATO: Mexal refused the password; ' +
    'exports stop and nothing is tried again until an admin signs in again (rifiutatoIl and messaggio say when and why).',
  answer: mexalConnectionResponse,
  errors: [401, 403],
});

export const login = defineRoute({
  ...common,
  id: 'mexal.login',
  method: 'POST',
  path: '/api/mexal/login',
  summary:
    "Signs in to the company's Mexal WebAPI: checks the credentials with one harmless call and keeps them sealed",
  description:
    'Body: indirizzo (the WebAPI address, http(s)), utente, password, azienda (company code), anno. The address must ' +
    'reach a public address: private, loopback and link-local ones (literal or resolved) answer 400 VALIDATION unless ' +
    'the server allows them (WEBHOOKS_ALLOW_PRIVATE). One GET of dati-generali/installazione with ' +
    '`Authorization: Passepartout <base64 user:password>` and `Coordinate-Gestionale: Azienda=… Anno=…`: accepted, ' +
    'the connection is CONNESSO; refused (401/403), it is kept RIFIUTATO and the call answers 422 MEXAL_LOGIN_REFUSED ' +
    '(never tried again by itself: Mexal locks the user after a few failures); unreachable or another answer, 502 ' +
    'MEXAL_UNAVAILABLE and nothing is kept.',
  body: mexalLoginRequest,
  answer: mexalConnectionResponse,
  errors: [400, 401, 403, 422, 502],
});

export const logout = defineRoute({
  ...common,
  id: 'mexal.logout',
  method: 'POST',
  path: '/api/mexal/logout',
  summary: 'Forgets the Mexal credentials: the connection becomes NON_CONNESSO and exports to Mexal wait',
  answer: mexalConnectionResponse,
  errors: [401, 403],
});
