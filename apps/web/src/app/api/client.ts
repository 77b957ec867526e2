import {
  CLIENT,
  HEADERS,
  type RouteAnswer,
  type RouteBodyInput,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteSpec,
  routes,
} from '@fs/contract';
import { activity } from './activity';
import { getDeviceId } from './device-id';
import { ApiError, NETWORK_STATUS, errorFromResponse } from './errors';
import { loginPath, navigateTo } from './navigate';
import { sessionStore } from './session-store';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (the browser sets the content type). */
  form?: FormData;
  headers?: Record<string, string>;
  /** Public calls (login, password reset): a 401 is the caller's business, not the session's. */
  isPublic?: boolean;
  /** `blob` for file downloads. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

const REFRESH_PATH = routes.session.refresh.path;
export const OTHER_DEVICE_PATH = '/public/error?key=0017';

function baseHeaders(bearer: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [HEADERS.source]: 'WEB',
    [HEADERS.deviceId]: getDeviceId(),
  };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return headers;
}

async function send(path: string, opts: RequestOptions, bearer: string | null): Promise<Response> {
  const headers = { ...baseHeaders(bearer), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  try {
    return await fetch(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_STATUS, null, (error as Error)?.message ?? 'Network error');
  }
}

/* ---------- token refresh: one in flight, shared by every waiting request ---------- */

let refreshing: Promise<string> | null = null;

async function doRefresh(): Promise<string> {
  const { refreshToken } = sessionStore.get();
  if (!refreshToken) throw new ApiError(401, '0015', 'No refresh token');
  const res = await send(REFRESH_PATH, {}, refreshToken);
  if (!res.ok) throw await errorFromResponse(res);
  const body = (await res.json()) as { success?: boolean; access_token?: string; refresh_token?: string };
  if (!body.success || !body.access_token || !body.refresh_token) {
    throw new ApiError(401, '0020', 'Refresh answered without tokens');
  }
  sessionStore.setTokens(body.access_token, body.refresh_token);
  return body.access_token;
}

function refreshAccessToken(): Promise<string> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/* ---------- session failures ---------- */

let otherDeviceTimer: ReturnType<typeof setTimeout> | null = null;

/** 0017: show the public error page, then log out after 1 s (no server call). */
function handleOtherDevice(): void {
  if (otherDeviceTimer) return;
  navigateTo(OTHER_DEVICE_PATH);
  otherDeviceTimer = setTimeout(() => {
    otherDeviceTimer = null;
    sessionStore.clearAll();
  }, CLIENT.logoutAfter0017Ms);
}

/** Any other session failure: forget the user and ask for a new login. */
function signOutToLogin(): void {
  // The 0017 page is showing and ends the session itself: another request refused meanwhile (its refresh finds the
  // session gone) does not take the user away from it to the login page.
  if (otherDeviceTimer) return;
  const hadSession = sessionStore.get().token !== null;
  sessionStore.clearSession();
  if (!hadSession) return;
  const { pathname, search } = window.location;
  navigateTo(loginPath(pathname + search));
}

function handleSessionError(error: ApiError): void {
  if (error.status !== 401) return;
  if (error.code === '0017') handleOtherDevice();
  else signOutToLogin();
}

/* ---------- the request ---------- */

/** The file name a Content-Disposition gives (RFC 6266: filename* first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

async function parse<T>(res: Response, opts: RequestOptions): Promise<T> {
  if (opts.responseType === 'blob') {
    // A file keeps the name the server gave it (a FatturaPA's is the SDI's), for who wants it.
    const blob = await res.blob();
    const name = dispositionName(res.headers.get('content-disposition'));
    return (name ? new File([blob], name, { type: blob.type }) : blob) as T;
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * Sends a request to the API with the standard headers. On 401 code 0014 the
 * access token is refreshed (one refresh shared by parallel requests) and the
 * request is retried with the new token, at most CLIENT.refreshRetryLimit times.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  activity.start();
  try {
    for (let retries = 0; ; retries++) {
      const bearer = opts.isPublic ? null : sessionStore.get().token;
      const res = await send(path, opts, bearer);
      if (res.ok) return await parse<T>(res, opts);
      const error = await errorFromResponse(res);
      if (opts.isPublic || error.status !== 401) throw error;
      if (error.code === '0014' && retries < CLIENT.refreshRetryLimit) {
        // Another request may already have refreshed the token we sent.
        if (sessionStore.get().token !== bearer) continue;
        try {
          await refreshAccessToken();
          continue;
        } catch (refreshError) {
          // Only the server refusing the session ends it. A refresh cut off (the page unloading mid-request, no
          // network) or a server error keeps the tokens for the next try: clearing them there signed a user out
          // when a reload met a refresh in flight.
          if (!(refreshError instanceof ApiError) || refreshError.status !== 401) throw refreshError;
          if (refreshError.code === '0017') handleOtherDevice();
          else signOutToLogin();
          throw refreshError;
        }
      }
      handleSessionError(error);
      throw error;
    }
  } finally {
    activity.end();
  }
}

/* ---------- the typed client: calls named by the route table ---------- */

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * What a call of a route sends: its path parameters (when the path has any), its query (an object
 * of the route's query schema, or a list's own URLSearchParams), its JSON body or its multipart form.
 */
export type CallInput<R extends RouteSpec> = (R['params'] extends object
  ? { params: RouteParamsInput<R> }
  : { params?: undefined }) &
  (R['query'] extends object ? { query?: RouteQueryInput<R> | URLSearchParams } : { query?: undefined }) &
  (R['body'] extends object ? { body: RouteBodyInput<R> } : { body?: undefined }) &
  (R['bodyKind'] extends 'multipart' ? { form: FormData } : { form?: undefined }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type Args<R extends RouteSpec> = R['params'] extends object
  ? [input: CallInput<R>]
  : R['body'] extends object
    ? [input: CallInput<R>]
    : R['bodyKind'] extends 'multipart'
      ? [input: CallInput<R>]
      : [input?: CallInput<R>];

function queryString(query: Record<string, QueryValue> | URLSearchParams | undefined): string {
  if (!query) return '';
  if (query instanceof URLSearchParams) return query.size ? `?${query}` : '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) p.append(k, String(one));
  }
  return p.size ? `?${p}` : '';
}

/** A route's address with its path parameters filled in (encoded) and its query. */
export function urlOf<R extends RouteSpec>(
  route: R,
  params?: RouteParamsInput<R>,
  query?: RouteQueryInput<R> | URLSearchParams,
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '') throw new Error(`${route.id}: path parameter ${name} missing`);
    return encodeURIComponent(String(v));
  });
  return path + queryString(query as Record<string, QueryValue> | URLSearchParams | undefined);
}

/**
 * Calls a route of the table: method and address from the entry, the answer typed by its answer
 * schema (a Blob for files). Public routes go without the session; the rest as apiRequest does.
 */
export function callRoute<R extends RouteSpec>(route: R, ...[input]: Args<R>): Promise<RouteAnswer<R>> {
  const i = (input ?? {}) as CallInput<RouteSpec> & { params?: unknown; query?: unknown; body?: unknown };
  return apiRequest<RouteAnswer<R>>(urlOf(route, i.params as never, i.query as never), {
    method: route.method,
    ...(i.body !== undefined ? { json: i.body } : {}),
    ...(i.form ? { form: i.form } : {}),
    ...(i.headers ? { headers: i.headers } : {}),
    ...(i.signal ? { signal: i.signal } : {}),
    ...(route.auth === 'public' ? { isPublic: true } : {}),
    ...(route.answerKind === 'json' ? {} : { responseType: 'blob' as const }),
  });
}

/**
 * The web's only way to the API: a route of the table (packages/contract/src/routes), e.g.
 * `api.call(routes.customers.getCliente, { params: { id } })`. No module outside this folder
 * writes an '/api/' address (client-scan.test.ts checks it).
 */
export const api = {
  call: callRoute,
};
