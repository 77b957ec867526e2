import { z } from 'zod';
import { DEVICE_ID_PATTERN } from '../../http.js';
import { loginItemSchema } from '../../schemas.js';
import {
  userSchema,
  licencesSchema,
  userSaveRequest,
  swapOrderRequest,
  generateOtpResponse,
  appAccessRequest,
} from '../../users.js';
import { uuidParam, itemResponse, okResponse, defineRoute, NOBODY, USER_ONLY } from '../define.js';

// The route table's `users` entries (implemented in apps/server/src/features/identity/users/routes.ts).

const manage = { key: 'gestione_tecnici', action: 'write' } as const;
const appMobile = { key: 'app_mobile', action: 'read' } as const;

export const listUsers = defineRoute({
  id: 'users.listUsers',
  method: 'GET',
  path: '/api/users/users',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['users'],
  summary: "The company's users, in display order, with the technician licences",
  description:
    'Loads with gestione_tecnici read, or pianificazione_interventi write, or gestione_interventi write (403 otherwise). ' +
    'Without gestione_tecnici read, email, prices and signature are null.',
  answer: z.object({ success: z.literal(true), items: z.array(userSchema), licences: licencesSchema }),
  answerKind: 'json',
  errors: [401, 403],
});

export const getUser = defineRoute({
  id: 'users.getUser',
  method: 'GET',
  path: '/api/users/user/:id',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['users'],
  summary: 'One user (oneself, or anyone with gestione_tecnici read)',
  params: uuidParam,
  answer: itemResponse(userSchema),
  answerKind: 'json',
  errors: [401, 403, 404],
});

export const saveUser = defineRoute({
  id: 'users.saveUser',
  method: 'POST',
  path: '/api/users/user',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['users'],
  summary: 'Creates (no id, password required) or updates a user',
  description:
    "The signature is never taken from this payload. Without gestione_tecnici write only one's own lingua and " +
    'timezone change. Enabling or creating a technician (ACTIVE, scheduleenabled Y) without a free licence, or ' +
    "over the lite plan's 3, answers 403 0006. Taking admin rights from the last active admin answers 409 LAST_ADMIN. " +
    'Disabling a user, or turning their scheduling off (the technician licence), ends in the same transaction their ' +
    'sessions (0015) and refresh tokens, unused app-access codes and password-reset links, and calendar feed addresses ' +
    "(decision 0033). lingua and timezone left out: a new user takes the company's (lingua_default, timezone), a saved " +
    'one keeps theirs.',
  body: userSaveRequest,
  answer: itemResponse(userSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404, 409],
});

export const deleteSignature = defineRoute({
  id: 'users.deleteSignature',
  method: 'POST',
  path: '/api/users/user/delete-signature',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['users'],
  summary: "Removes a user's signature (one's own without id)",
  body: z.object({ id: z.uuid().optional() }).strict().optional(),
  answer: itemResponse(userSchema),
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const swapOrder = defineRoute({
  id: 'users.swapOrder',
  method: 'POST',
  path: '/api/utenti/scambia-order',
  auth: 'session',
  principals: USER_ONLY,
  permission: manage,
  tags: ['users'],
  summary: 'Swaps the display order of two users',
  body: swapOrderRequest,
  answer: okResponse,
  answerKind: 'json',
  errors: [400, 401, 403, 404],
});

export const generateOtp = defineRoute({
  id: 'users.generateOtp',
  method: 'GET',
  path: '/api/utenti/utente/generate-otp',
  auth: 'session',
  principals: USER_ONLY,
  permission: appMobile,
  tags: ['users'],
  summary: 'A one-time code that signs the companion app in as the caller (QR code)',
  description: 'Single use, valid TOKEN_ACCESS_DURATION_SEC; a new code cancels the earlier ones.',
  answer: generateOtpResponse,
  answerKind: 'json',
  errors: [401, 403],
});

export const appAccess = defineRoute({
  id: 'users.appAccess',
  method: 'POST',
  path: '/api/utenti/utente/app-access',
  auth: 'public',
  principals: NOBODY,
  tags: ['users'],
  summary: 'Exchanges a one-time code for an APP session on the Device-Id',
  description: 'A used or expired code answers 401 OTP_INVALID; a disabled user 403 0030.',
  body: appAccessRequest,
  headers: z.object({ 'device-id': z.string().regex(DEVICE_ID_PATTERN, 'Device-Id: 16 caratteri alfanumerici') }),
  answer: itemResponse(loginItemSchema),
  answerKind: 'json',
  errors: [400, 401, 403],
});
