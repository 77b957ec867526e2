import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  noQuery,
  type RouteAnswer,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteSpec,
} from '@fs/contract';
import type { z } from 'zod';
import { bearerAuth, bearerOrKeyAuth } from './schemas.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table's entry this route implements (`<namespace>.<name>`). */
    routeId?: string;
  }
}

export const API_PREFIX = '/api';

type Headers<R extends RouteSpec> = R['headers'] extends z.ZodType ? z.output<R['headers']> : unknown;

/** The request a route's handler gets: params, query, body and headers typed by the table. */
export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
  Headers: Headers<R>;
}>;

/** A JSON route answers its answer schema's shape (or sends through the reply); the others send bytes. */
type HandlerResult<R extends RouteSpec> = R['answerKind'] extends 'json'
  ? z.input<R['answer']> | FastifyReply
  : unknown;

export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<HandlerResult<R>> | HandlerResult<R>;

type Api = FastifyInstance<RawServerDefault, any, any, any, ZodTypeProvider> | FastifyInstance;

/** The Fastify schema of a table entry: parameters, query, body, answers with the errors, security. */
export function fastifySchema(route: RouteSpec) {
  return {
    tags: [...route.tags],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.auth === 'session' || route.bearer
      ? { security: route.principals.includes('api_key') ? bearerOrKeyAuth : bearerAuth }
      : {}),
    ...(route.params ? { params: route.params } : {}),
    querystring: route.query ?? noQuery,
    ...(route.body ? { body: route.body } : {}),
    ...(route.bodyKind === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    ...(route.headers ? { headers: route.headers } : {}),
    response: {
      200: route.answer,
      ...route.answers,
      ...Object.fromEntries(route.errors.map((s) => [s, errorResponse])),
    },
  };
}

/**
 * Registers one entry of the route table (packages/contract/src/routes) with its handler: method,
 * path, schemas, security and the guard's config (auth, permission, principal kinds) all come
 * from the table, so a route file holds handlers only. The app checks at start that every entry is
 * implemented exactly once and nothing else is registered (see checkRouteTable).
 */
export function implement<const R extends RouteSpec>(app: Api, route: R, handler: RouteHandler<R>): void {
  if (!route.path.startsWith(`${API_PREFIX}/`)) throw new Error(`Route ${route.id}: path outside ${API_PREFIX}`);
  const prefix = (app as FastifyInstance).prefix;
  if (prefix !== API_PREFIX) throw new Error(`Route ${route.id}: registered under "${prefix}", not ${API_PREFIX}`);
  (app as FastifyInstance).route({
    method: route.method,
    url: route.path.slice(API_PREFIX.length),
    schema: fastifySchema(route),
    config: {
      routeId: route.id,
      auth: route.auth,
      principals: route.principals,
      ...(route.permission ? { permission: route.permission } : {}),
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The answer a JSON route's handler returns (for helpers shared by handlers). */
export type AnswerOf<R extends RouteSpec> = RouteAnswer<R>;
