import type { PermissionsPayload, SessionUser, Source } from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import { hashToken, randomToken } from '../../../platform/auth/crypto.js';
import { permissionsFor } from '../../../platform/auth/actor.js';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import * as repo from './repo.js';
import { DAY_MS, insertRefreshToken, revokeSession } from '../../../platform/auth/sessions.js';
import { toSessionUser } from './presenter.js';

/**
 * Two tabs of one browser may refresh with the same token at the same moment, and a page reloaded while
 * its refresh was in flight never stores the answer, so it presents the old token again once its code
 * has loaded (on a slow phone, many seconds later). A token presented again this soon after its use,
 * from the session's own device, gets a successor instead of ending the session. 30 s: Okta's rotation
 * grace period goes up to 60 s; a stolen token must also come with the session's device id.
 */
export const REUSE_GRACE_MS = 30_000;

/**
 * A user with their company, as the sign-in answers it: for the flows that open a session (sign-in,
 * SSO, app access), which have no company context yet.
 */
export async function sessionUserOf(deps: Deps, aziendaId: string, userId: string): Promise<SessionUser> {
  const found = await repo.findUserWithCompany(deps.db, aziendaId, userId);
  if (!found) throw notFound('Utente');
  const permissions = permissionsFor({ role: found.user.role, groupPermissions: found.gruppo?.permissions });
  return toSessionUser(found.user, found.company, permissions, found.gruppo);
}

/** GET /user/me: the signed-in user of the context. */
export async function sessionUser(ctx: CompanyContext): Promise<SessionUser> {
  return sessionUserOf(ctx.deps, ctx.company.id, userOf(ctx).userId);
}

export function permissions(ctx: CompanyContext): PermissionsPayload {
  const user = userOf(ctx);
  return { lastUpdate: user.permissionsUpdatedAt.toISOString(), permissions: user.permissions };
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token.
 * A token presented twice ends its whole session (the family), as a stolen one would.
 */
export async function refresh(deps: Deps, presented: string | undefined, deviceId: string | undefined) {
  if (!presented) throw new AppError('UNAUTHENTICATED');
  const found = await repo.findRefreshToken(deps.db, hashToken(presented));
  if (!found) throw new AppError('0015');
  const { token, session } = found;
  if (session.revokedAt) throw new AppError(session.revokedReason === 'device' ? '0017' : '0015');
  if (deviceId !== session.deviceId) throw new AppError('0021');
  if (token.expiresAt.getTime() < deps.clock.now().getTime())
    throw new AppError('0015', 'Sessione scaduta, accedere di nuovo');
  const next = randomToken();
  const ok = await deps.db.transaction(async (tx) => {
    const use = await repo.consumeRefreshToken(tx, token.id, deps.clock.now());
    if (!use.consumed && !(use.usedAt && deps.clock.now().getTime() - use.usedAt.getTime() < REUSE_GRACE_MS))
      return false;
    await insertRefreshToken(tx, {
      sessionId: session.id,
      aziendaId: session.aziendaId,
      tokenHash: hashToken(next),
      kind: 'rotating',
      expiresAt: new Date(deps.clock.now().getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    });
    return true;
  });
  if (!ok) {
    await revokeSession(deps.db, session.aziendaId, session.id, 'reuse');
    deps.log.warn({ sessionId: session.id }, 'refresh token reused: session revoked');
    throw new AppError('0015', 'Token già utilizzato: sessione chiusa');
  }
  const access = await deps.tokens.sign({
    userId: session.utenteId,
    aziendaId: session.aziendaId,
    sessionId: session.id,
    source: session.source as Source,
    deviceId: session.deviceId,
  });
  return { access_token: access, refresh_token: next };
}

/**
 * A short-lived, single-use refresh token for the caller's own session and
 * device (handing the session to a new tab or window). Only web sessions may
 * make one (0020 otherwise).
 */
export async function temporaryRefreshToken(ctx: CompanyContext) {
  const user = userOf(ctx);
  const ttlSec = ctx.deps.config.TEMP_REFRESH_TOKEN_TTL_SEC;
  if (user.source !== 'WEB') throw new AppError('0020');
  const token = randomToken();
  await insertRefreshToken(ctx.db, {
    sessionId: user.sessionId,
    aziendaId: ctx.company.id,
    tokenHash: hashToken(token),
    kind: 'temp',
    expiresAt: new Date(ctx.clock.now().getTime() + ttlSec * 1000),
  });
  return { refreshToken: token, expiresInSec: ttlSec };
}

export async function setLanguage(ctx: CompanyContext, lingua: string): Promise<SessionUser> {
  await repo.setUserLanguage(ctx.db, ctx.company.id, userOf(ctx).userId, lingua);
  return sessionUser(ctx);
}

export async function logout(ctx: CompanyContext): Promise<void> {
  await revokeSession(ctx.db, ctx.company.id, userOf(ctx).sessionId, 'logout');
}
