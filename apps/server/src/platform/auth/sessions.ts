import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Source } from '@fs/contract';
import type { DbOrTx } from '../db/client.js';
import { passwordResets, refreshTokens, sessioni, type RevokeReason } from '../db/schema.js';
import { calendarFeeds } from '../db/schema-schedule.js';
import { accessOtps } from '../db/schema-users.js';
import type { Deps } from '../deps.js';
import { hashToken, randomToken } from './crypto.js';

/**
 * Session issuance and ending, in one place: sign-in by password, by single sign-on and by the
 * app's one-time code all open a session here; password changes, disabled users and sign-outs
 * end them here, and `endUserAccess` ends everything else a user holds that reaches the product. A session is a `sessioni` row (one device per user per source), a rotating
 * refresh token (hashed) and a signed access token naming the session.
 */

export const DAY_MS = 86_400_000;

export interface IssuedSession {
  sessionId: string;
  token: string;
  refreshToken: string;
}

/** Opens a session for a user on a device: other sessions of that source end, in one transaction. */
export async function issueSession(
  deps: Deps,
  v: { aziendaId: string; userId: string; source: Source; deviceId: string },
): Promise<IssuedSession> {
  const refreshToken = randomToken();
  const sessionId = await deps.db.transaction(async (tx) => {
    await revokeOtherSessions(tx, v.aziendaId, v.userId, v.source, v.deviceId);
    const id = await insertSession(tx, v);
    await insertRefreshToken(tx, {
      sessionId: id,
      aziendaId: v.aziendaId,
      tokenHash: hashToken(refreshToken),
      kind: 'rotating',
      expiresAt: new Date(deps.clock.now().getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    });
    return id;
  });
  const token = await deps.tokens.sign({ ...v, sessionId });
  return { sessionId, token, refreshToken };
}

/**
 * One device per user per source: ends the user's other open sessions of that
 * source ('device' when another device signs in, so it hears 0017).
 */
async function revokeOtherSessions(tx: DbOrTx, aziendaId: string, userId: string, source: Source, deviceId: string) {
  await tx
    .update(sessioni)
    .set({
      revokedAt: sql`now()`,
      revokedReason: sql`case when ${sessioni.deviceId} = ${deviceId} then 'replaced' else 'device' end`,
    })
    .where(
      and(
        eq(sessioni.aziendaId, aziendaId),
        eq(sessioni.utenteId, userId),
        eq(sessioni.source, source),
        isNull(sessioni.revokedAt),
      ),
    );
}

async function insertSession(tx: DbOrTx, v: { aziendaId: string; userId: string; source: Source; deviceId: string }) {
  const [row] = await tx
    .insert(sessioni)
    .values({ aziendaId: v.aziendaId, utenteId: v.userId, source: v.source, deviceId: v.deviceId })
    .returning({ id: sessioni.id });
  return row!.id;
}

export async function insertRefreshToken(
  tx: DbOrTx,
  v: { sessionId: string; aziendaId: string; tokenHash: string; kind: 'rotating' | 'temp'; expiresAt: Date },
) {
  await tx.insert(refreshTokens).values(v);
}

export async function revokeSession(db: DbOrTx, aziendaId: string, sessionId: string, reason: RevokeReason) {
  await db
    .update(sessioni)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessioni.aziendaId, aziendaId), eq(sessioni.id, sessionId), isNull(sessioni.revokedAt)));
}

export async function revokeUserSessions(
  db: DbOrTx,
  aziendaId: string,
  userId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
): Promise<string[]> {
  const ended = await db
    .update(sessioni)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessioni.aziendaId, aziendaId),
        eq(sessioni.utenteId, userId),
        isNull(sessioni.revokedAt),
        exceptSessionId ? ne(sessioni.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessioni.id });
  return ended.map((s) => s.id);
}

/**
 * Ends everything a user holds that reaches the product (issue 22): their sessions (and the refresh
 * tokens of those sessions), the unused app-access codes (QR) and password-reset links, and their
 * calendar feed addresses. Called in the transaction that disables the user or takes their technician
 * licence away, so nothing outlives the change. `exceptSessionId`: the caller's own session, kept
 * when they change themselves. (Deleting a user row deletes all of these with it: foreign keys.)
 */
export async function endUserAccess(
  tx: DbOrTx,
  aziendaId: string,
  userId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
) {
  const ended = await revokeUserSessions(tx, aziendaId, userId, reason, exceptSessionId);
  if (ended.length) {
    await tx
      .update(refreshTokens)
      .set({ expiresAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.aziendaId, aziendaId),
          inArray(refreshTokens.sessionId, ended),
          isNull(refreshTokens.usedAt),
        ),
      );
  }
  await tx
    .update(accessOtps)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accessOtps.aziendaId, aziendaId), eq(accessOtps.utenteId, userId), isNull(accessOtps.usedAt)));
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(passwordResets.aziendaId, aziendaId), eq(passwordResets.utenteId, userId), isNull(passwordResets.usedAt)),
    );
  await tx.delete(calendarFeeds).where(and(eq(calendarFeeds.aziendaId, aziendaId), eq(calendarFeeds.utenteId, userId)));
}
