import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmCardRequest,
  confirmRequest,
  estimateRequest,
  estimateResponse,
  purchaseResult,
  subscriptionSchema,
  threeDsCompleteRequest,
  voucherRequest,
  voucherSchema,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/auth/guard.js';
import { bearerAuth, errors, itemResponse, noQuery } from '../../../platform/http/schemas.js';
import { sandboxPaymentRoutes } from '../../../platform/payments/sandbox-routes.js';
import * as service from './service.js';

const read = { key: 'gestione_abbonamento', action: 'read' } as const;
/** Buying is for administrators only (spec platform section 6). */
const buy = { key: 'gestione_abbonamento', action: 'write', adminOnly: true } as const;
const tags = ['subscription'];

export const subscriptionRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(sandboxPaymentRoutes, { payments: deps.payments });

  app.get(
    '/subscription/subscription',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'The subscription: plan, term, items (renewListino.breakList), licences, card',
        security: bearerAuth,
        querystring: noQuery,
        response: { 200: itemResponse(subscriptionSchema), ...errors(401, 403) },
      },
    },
    async (req) => ({ success: true as const, item: await service.getSubscription(deps, actorOf(req).aziendaId) }),
  );

  app.post(
    '/v2/subscription/estimate',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Quotes items and vouchers (cents, VAT excluded)',
        security: bearerAuth,
        querystring: noQuery,
        body: estimateRequest,
        response: { 200: estimateResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      estimate: [await service.quote(deps, actorOf(req).aziendaId, req.body)],
    }),
  );

  app.post(
    '/v2/subscription/confirm',
    {
      config: { permission: buy },
      schema: {
        tags,
        summary: 'Buys by bank transfer: pending with instructions; the subscription is confirmed at once',
        security: bearerAuth,
        querystring: noQuery,
        body: confirmRequest,
        response: { 200: itemResponse(purchaseResult), ...errors(400, 401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.purchase(deps, actorOf(req).aziendaId, { ...req.body, paymentMethod: 'bank_transfer' }),
    }),
  );

  app.post(
    '/v2/subscription/confirm/card',
    {
      config: { permission: buy },
      schema: {
        tags,
        summary: 'Buys by card: succeeded, or requires_action with a 3-D Secure challenge',
        description: '0012 card invalid, 0026 card expired, CARD_DECLINED not authorised.',
        security: bearerAuth,
        querystring: noQuery,
        body: confirmCardRequest,
        response: { 200: itemResponse(purchaseResult), ...errors(400, 401, 402, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.purchase(deps, actorOf(req).aziendaId, { ...req.body, paymentMethod: 'card' }),
    }),
  );

  app.post(
    '/v2/subscription/confirm/card/3ds',
    {
      config: { permission: buy },
      schema: {
        tags,
        summary: 'Completes a card purchase after its 3-D Secure challenge',
        description: 'CARD_3DS_FAILED when failed or expired; CONFLICT while still pending.',
        security: bearerAuth,
        querystring: noQuery,
        body: threeDsCompleteRequest,
        response: { 200: itemResponse(purchaseResult), ...errors(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.completeCardChallenge(deps, actorOf(req).aziendaId, req.body.challenge_id),
    }),
  );

  app.post(
    '/subscription/voucher',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Checks a discount code (0011 when not usable)',
        security: bearerAuth,
        querystring: noQuery,
        body: voucherRequest,
        response: { 200: itemResponse(voucherSchema), ...errors(400, 401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      item: await service.checkVoucher(deps, actorOf(req).aziendaId, req.body.code),
    }),
  );
};
