import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import * as schedule from './schedule.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.activitySchedule;

/** Contract activities in the planner (spec 7 "Schedule"). */
export const activityScheduleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app) => {
  implement(app, table.range, async (req, reply) => {
    // The body is made by PostgreSQL (schedule.rangeBody); a string skips the response serializer and
    // the schema above documents it.
    const body = await schedule.rangeBody(contextOf(req), req.params.start, req.params.end, req.query);
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  implement(app, table.move, async (req) => schedule.move(contextOf(req), req.body));

  implement(app, table.reportFromOccurrence, async (req) => ({
    success: true as const,
    rapportino_id: await schedule.reportFromOccurrence(contextOf(req), req.body),
  }));
};
