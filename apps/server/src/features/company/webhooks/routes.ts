import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { implement } from '../../../platform/http/route.js';
import * as webhooks from './service.js';

const table = routes.webhooks;
const ok = true as const;

/** Webhooks (issue 28 part 2, decision 0049). */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.dictionary, async () => ({ success: ok, items: webhooks.dictionary() }));
  implement(app, table.list, async (req) => ({ success: ok, items: await webhooks.list(contextOf(req)) }));
  implement(app, table.save, async (req) => ({ success: ok, ...(await webhooks.save(contextOf(req), req.body)) }));
  implement(app, table.remove, async (req) => ({
    success: ok,
    item: await webhooks.remove(contextOf(req), req.params.id),
  }));
  implement(app, table.secret, async (req) => ({
    success: ok,
    segreto: await webhooks.secret(contextOf(req), req.params.id),
  }));
  implement(app, table.rotateSecret, async (req) => ({
    success: ok,
    ...(await webhooks.rotateSecret(contextOf(req), req.params.id)),
  }));
  implement(app, table.messages, async (req) => ({
    success: ok,
    ...(await webhooks.messages(contextOf(req), req.params.id, req.query)),
  }));
  implement(app, table.message, async (req) => ({
    success: ok,
    item: await webhooks.message(contextOf(req), req.params.id, req.params.messageId),
  }));
  implement(app, table.test, async (req) => ({
    success: ok,
    item: await webhooks.test(contextOf(req), req.params.id),
  }));
  implement(app, table.replay, async (req) => ({
    success: ok,
    item: await webhooks.replay(contextOf(req), req.params.id, req.params.messageId),
  }));
  implement(app, table.replayFailed, async (req) => ({
    success: ok,
    rimessi: await webhooks.replayFailed(contextOf(req), req.params.id, req.body.dal),
  }));
};
