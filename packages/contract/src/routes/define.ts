import { z } from 'zod';
import { ALERT_CODES } from '../alerts.js';
import type { Requirement } from '../permissions.js';

/**
 * The route table's vocabulary (decision 0037). One entry per API route: what the server
 * registers (method, path, schemas, permission, who may call), what the OpenAPI document lists,
 * what the web's typed client calls and what the tenancy sweep and the fuzz walk.
 */

/** Who may call a route: a signed-in user, an API key, a customer of the portal, a background job. */
export type PrincipalKind = 'user' | 'api_key' | 'portal_customer' | 'system';

/** Session routes today: a signed-in user only. */
export const USER_ONLY = ['user'] as const satisfies readonly PrincipalKind[];
/** Routes an API key may call once keys exist (the registries and operations data; never identity, session, billing, registration or key management). */
export const USER_OR_API_KEY = ['user', 'api_key'] as const satisfies readonly PrincipalKind[];
/** Public routes: nobody is signed in. */
export const NOBODY = [] as const satisfies readonly PrincipalKind[];

/**
 * What a 2xx answer is: `json` (the schema serialises it: `{ success: true, ... }`), `file`
 * (bytes or a stream the handler sends with its own headers: images, PDF, CSV/XLSX, XML, zip),
 * `text` (a text document such as the calendar feed).
 */
export type AnswerKind = 'json' | 'file' | 'text';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  /** `<namespace>.<name>`, the entry's place in `routes`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** The spec's path under /api, with `:name` parameters. */
  readonly path: `/api/${string}`;
  /** `public`: no session; `session`: an access token (and a principal of `principals`). */
  readonly auth: 'public' | 'session';
  readonly principals: readonly PrincipalKind[];
  /** The permission the route needs (all of them, when several); checked at the edge. */
  readonly permission?: Requirement | readonly Requirement[];
  readonly params?: z.ZodType;
  /** The query string; none declared means none accepted (unknown parameters answer 400). */
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** `multipart`: a form with a file, read by the handler (no body schema); `json` otherwise. */
  readonly bodyKind?: 'json' | 'multipart';
  readonly headers?: z.ZodType;
  /** A public route that reads a bearer token of its own (the refresh token), documented as such. */
  readonly bearer?: 'refresh-token';
  /** Registered only when the server runs with this part (the payment sandbox's stand-in pages). */
  readonly onlyWith?: 'payment-sandbox';
  /** The 200 answer. */
  readonly answer: z.ZodType;
  readonly answerKind: AnswerKind;
  /** Other successful answers (206 byte ranges, 304 not modified, 416). */
  readonly answers?: Readonly<Record<number, z.ZodType>>;
  /** The error statuses the route may answer (`{ success: false, code, message }`). */
  readonly errors: readonly number[];
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
}

/** Keeps an entry's literal types (the web's client and the server's handlers infer from them). */
export const defineRoute = <const R extends RouteSpec>(route: R): R => route;

export const isRouteSpec = (x: unknown): x is RouteSpec =>
  typeof x === 'object' && x !== null && typeof (x as RouteSpec).path === 'string' && 'answerKind' in x;

/* ---------- shared wire shapes of the table ---------- */

/** Routes without a query string still declare one, so unknown parameters answer 400. */
export const noQuery = z.object({}).strict();
export const noBody = z.object({}).strict().optional();
export const uuidParam = z.object({ id: z.uuid() }).strict();

/** The success wrapper: `{ success: true }`, `{ success: true, item }`. */
export const okResponse = z.object({ success: z.literal(true) });
export const itemResponse = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), item });

export const errorResponse = z
  .object({
    success: z.literal(false),
    code: z.enum(Object.keys(ALERT_CODES) as [keyof typeof ALERT_CODES, ...(keyof typeof ALERT_CODES)[]]),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .describe('Error: an alert code of the catalogue and a message');

/* ---------- types the server's handlers and the web's client infer ---------- */

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type RouteParams<R extends RouteSpec> = Out<R['params']>;
export type RouteQuery<R extends RouteSpec> = R['query'] extends z.ZodType
  ? z.output<R['query']>
  : Record<string, never>;
export type RouteBody<R extends RouteSpec> = Out<R['body']>;
/** What the web sends. */
export type RouteParamsInput<R extends RouteSpec> = In<R['params']>;
export type RouteQueryInput<R extends RouteSpec> = In<R['query']>;
export type RouteBodyInput<R extends RouteSpec> = In<R['body']>;
/** What the server answers (JSON routes), as the web reads it. */
export type RouteAnswer<R extends RouteSpec> = R['answerKind'] extends 'json' ? z.output<R['answer']> : Blob;
