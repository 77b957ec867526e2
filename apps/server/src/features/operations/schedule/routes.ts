import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { contextOf } from '../../../platform/context.js';
import { createFeed, feedCalendar, revokeFeed } from './feed.js';
import { mapRequest as mapFor } from './map.js';
import { etagMatches, pickEncoding } from './range-cache.js';
import * as service from './service.js';
import { technicianDay } from './day.js';
import { createReport } from './report-from-visit.js';
import { implement } from '../../../platform/http/route.js';

const table = routes.schedule;

/**
 * A kept range answer (service.inRangeAnswer): its ETag, 304 to a current If-None-Match, else the body made by
 * PostgreSQL in the encoding the client takes. Bytes skip the response serializer; the route's schema documents them.
 */
async function sendKept(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: Awaited<ReturnType<typeof service.inRangeAnswer>>,
) {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send(undefined as never);
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const body = await answer.body(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body as never);
}

export const scheduleRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  implement(app, table.range, async (req, reply) =>
    sendKept(req, reply, await service.inRangeAnswer(contextOf(req), req.params.start, req.params.end, req.query)),
  );

  implement(app, table.get, async (req) => ({
    success: true as const,
    item: await service.get(contextOf(req), req.params.id),
  }));

  implement(app, table.saveAppointment, async (req) => service.saveAppointment(contextOf(req), req.body));

  implement(app, table.removeAppointment, async (req) => {
    await service.remove(contextOf(req), req.params.id);
    return { success: true as const };
  });

  implement(app, table.createReport, async (req) => ({
    success: true as const,
    item: await createReport(contextOf(req), req.params.id),
  }));

  implement(app, table.technicianDay, async (req) => technicianDay(contextOf(req), req.query));

  implement(app, table.saveTodo, async (req) => ({
    success: true as const,
    item: await service.saveTodo(contextOf(req), req.body),
  }));

  implement(app, table.setReminder, async (req) => ({
    success: true as const,
    item: await service.setReminder(contextOf(req), req.body),
  }));

  implement(app, table.adminList, async (req) => service.adminList(contextOf(req), req.query));

  implement(app, table.mapAppointments, async (req, reply) =>
    sendKept(req, reply, await service.inRangeAnswer(contextOf(req), req.query.start, req.query.end, {}, true)),
  );

  implement(app, table.mapPositions, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send((await mapFor(contextOf(req), req.body)) as never),
  );

  implement(app, table.setVersion, async (req) =>
    service.setVersion(contextOf(req), req.params.version, req.params.companyId),
  );

  implement(app, table.createFeed, async (req) => ({
    success: true as const,
    ...(await createFeed(contextOf(req), req.body.utente_id)),
  }));

  implement(app, table.revokeFeed, async (req) => {
    await revokeFeed(contextOf(req), req.query.utente_id);
    return { success: true as const };
  });

  implement(app, table.feedCalendar, async (req, reply) => {
    const token = req.params.file.replace(/\.ics$/, '');
    const body = await feedCalendar(deps, token);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(body);
  });
};
