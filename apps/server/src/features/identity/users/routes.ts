import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appAccessRequest,
  DEVICE_ID_PATTERN,
  generateOtpResponse,
  licencesSchema,
  loginItemSchema,
  swapOrderRequest,
  userSaveRequest,
  userSchema,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery, okResponse, uuidParam } from '../../../platform/http/schemas.js';
import * as service from './service.js';
import * as otp from './otp.js';

const manage = { key: 'gestione_tecnici', action: 'write' } as const;
const appMobile = { key: 'app_mobile', action: 'read' } as const;

export const userRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/users/users',
    {
      schema: {
        tags: ['users'],
        summary: "The company's users, in display order, with the technician licences",
        description:
          'Loads with gestione_tecnici read, or pianificazione_interventi write, or gestione_interventi write (403 otherwise). ' +
          'Without gestione_tecnici read, email, prices and signature are null.',
        security: bearerAuth,
        querystring: noQuery,
        response: {
          200: z.object({ success: z.literal(true), items: z.array(userSchema), licences: licencesSchema }),
          ...errors(401, 403),
        },
      },
    },
    async (req) => ({ success: true as const, ...(await service.listUsers(deps, actorOf(req))) }),
  );

  app.get(
    '/users/user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user (oneself, or anyone with gestione_tecnici read)',
        security: bearerAuth,
        params: uuidParam,
        querystring: noQuery,
        response: { 200: itemResponse(userSchema), ...errors(401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, item: await service.getUser(deps, actorOf(req), req.params.id) }),
  );

  app.post(
    '/users/user',
    {
      schema: {
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
        security: bearerAuth,
        querystring: noQuery,
        body: userSaveRequest,
        response: { 200: itemResponse(userSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ success: true as const, item: await service.saveUser(deps, actorOf(req), req.body) }),
  );

  app.post(
    '/users/user/delete-signature',
    {
      schema: {
        tags: ['users'],
        summary: "Removes a user's signature (one's own without id)",
        security: bearerAuth,
        querystring: noQuery,
        body: z.object({ id: z.uuid().optional() }).strict().optional(),
        response: { 200: itemResponse(userSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.deleteSignature(deps, actorOf(req), req.body?.id),
    }),
  );

  app.post(
    '/utenti/scambia-order',
    {
      config: { permission: manage },
      schema: {
        tags: ['users'],
        summary: 'Swaps the display order of two users',
        security: bearerAuth,
        querystring: noQuery,
        body: swapOrderRequest,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await service.swapOrder(deps, actorOf(req), req.body.id1, req.body.id2);
      return { success: true as const };
    },
  );

  app.get(
    '/utenti/utente/generate-otp',
    {
      config: { permission: appMobile },
      schema: {
        tags: ['users'],
        summary: 'A one-time code that signs the companion app in as the caller (QR code)',
        description: 'Single use, valid TOKEN_ACCESS_DURATION_SEC; a new code cancels the earlier ones.',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: generateOtpResponse, ...errors(401, 403) },
      },
    },
    async (req) => otp.generateOtp(deps, actorOf(req)),
  );

  app.post(
    '/utenti/utente/app-access',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Exchanges a one-time code for an APP session on the Device-Id',
        description: 'A used or expired code answers 401 OTP_INVALID; a disabled user 403 0030.',
        headers: z.object({ 'device-id': z.string().regex(DEVICE_ID_PATTERN, 'Device-Id: 16 caratteri alfanumerici') }),
        querystring: noQuery,
        body: appAccessRequest,
        response: { 200: itemResponse(loginItemSchema), ...errors(400, 401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await otp.appAccess(deps, req.body.otp, req.headers['device-id']),
    }),
  );
};
