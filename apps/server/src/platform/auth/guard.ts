import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICE_ID_PATTERN, type PrincipalKind, type Requirement } from '@fs/contract';
import { AppError } from '../errors.js';
import type { Db } from '../db/client.js';
import type { AccessTokens } from './access-token.js';
import { findSession, permissionsFor, type Actor } from './actor.js';
import { refuseWhenExpired } from './expired.js';
import { apiKeyPrincipal, may, type Principal } from './principal.js';
import { findApiKey, KeyLimiter, looksLikeApiKey, noteUse } from './api-key.js';
import { companyContext, userContext, type CompanyContext } from '../context.js';
import type { Deps } from '../deps.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' routes skip the session check; every other route needs one. */
    auth?: 'public' | 'session';
    /** The permission a route needs (all of them, when several), checked after the session. */
    permission?: Requirement | readonly Requirement[];
    /** Who may call the route (the route table's principal kinds); a session is a `user`. */
    principals?: readonly PrincipalKind[];
  }
}

export function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export function deviceIdHeader(request: FastifyRequest): string | undefined {
  const v = request.headers['device-id'];
  return typeof v === 'string' && DEVICE_ID_PATTERN.test(v) ? v : undefined;
}

/** Resolves the token to an actor and its session row: expired 0014, bad 0015, unknown session 0016, replaced 0017, device 0021. */
export async function authenticate(db: Db, tokens: AccessTokens, request: FastifyRequest) {
  const token = bearer(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  const claims = await tokens.verify(token);
  // The token is bound to the device it was issued to: a request must name that device
  // (a token copied elsewhere without the header is refused as well as one with another id).
  if (request.headers['device-id'] !== claims.deviceId) throw new AppError('0021');
  const s = await findSession(db, claims.aziendaId, claims.sessionId);
  if (!s || s.userId !== claims.userId) throw new AppError('0016');
  if (s.revokedAt) throw new AppError(s.revokedReason === 'device' ? '0017' : '0015');
  if (s.status !== 'ACTIVE') throw new AppError('0030');
  const actor: Actor = {
    userId: s.userId,
    aziendaId: claims.aziendaId,
    sessionId: s.sessionId,
    source: claims.source,
    deviceId: s.deviceId,
    role: s.role,
    superuser: s.superuser,
    lingua: s.lingua,
    timezone: s.timezone,
    linguaAzienda: s.linguaAzienda,
    permissions: permissionsFor(s),
    permissionsUpdatedAt: s.permissionsUpdatedAt,
  };
  return { actor, session: s };
}

/** The route's requirement, asked of the principal through `may` (403 when it is not met). */
export function checkPermission(principal: Principal, need: Requirement | readonly Requirement[] | undefined): void {
  if (!need) return;
  const all: readonly Requirement[] = Array.isArray(need) ? need : [need as Requirement];
  for (const one of all) {
    if (may(principal, one)) continue;
    if (one.adminOnly && !(principal.kind === 'user' && principal.role === 'admin'))
      throw new AppError('FORBIDDEN', 'Operazione riservata agli amministratori');
    throw new AppError('FORBIDDEN');
  }
}

/**
 * A request that presents an API key (decision 0048): only on routes whose principals include `api_key` (403
 * otherwise: identity, sessions, billing, registration and key management stay out of reach), in force (401 0015),
 * within its rate limit (429), under its scopes and its company's subscription, as the key.
 */
async function keyContext(
  deps: Deps,
  limiter: KeyLimiter,
  token: string,
  config: FastifyContextConfig,
  url: string,
): Promise<CompanyContext> {
  const now = deps.clock.now();
  const key = await findApiKey(deps.db, token, now);
  if (!config.principals?.includes('api_key')) {
    throw new AppError('FORBIDDEN', 'Questa chiamata non accetta chiavi API');
  }
  limiter.take(key.id, key.limiteMinuto, now.getTime());
  const ctx = companyContext(
    deps,
    { id: key.aziendaId, timezone: key.timezone, lingua: key.linguaAzienda },
    apiKeyPrincipal(key.id, key.scopes),
  );
  checkPermission(ctx.principal, config.permission);
  refuseWhenExpired(key, url, now);
  noteUse(deps.db, key, now)?.catch(() => {
    // The last use is a hint: a failed write never fails the request.
  });
  return ctx;
}

/**
 * One hook for every /api route: session first, then the route's permission asked of the user's
 * principal; the request then carries its company context (`contextOf`).
 */
export function registerAuthGuard(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('companyContext', null);
  const limiter = new KeyLimiter();
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs') || config.auth === 'public') return;
    const token = bearer(request);
    if (token && looksLikeApiKey(token)) {
      request.companyContext = await keyContext(deps, limiter, token, config, url);
      return;
    }
    const { actor, session } = await authenticate(deps.db, deps.tokens, request);
    // A signed-in session is a user; a route the table closes to users refuses it.
    if (config.principals && !config.principals.includes('user')) throw new AppError('FORBIDDEN');
    const ctx = userContext(deps, actor);
    checkPermission(ctx.principal, config.permission);
    refuseWhenExpired(session, url, deps.clock.now());
    request.companyContext = ctx;
  });
}
