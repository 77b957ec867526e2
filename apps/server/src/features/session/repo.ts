import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Source } from '@fs/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { aziende, refreshTokens, sessioni, utenti, type RevokeReason } from '../../platform/db/schema.js';
import { gruppi } from '../../platform/db/schema-users.js';

export type UserRow = typeof utenti.$inferSelect;
export type CompanyRow = typeof aziende.$inferSelect;

export async function findUserWithCompany(db: Db, aziendaId: string, userId: string) {
  const rows = await db
    .select({ user: utenti, company: aziende, gruppo: { id: gruppi.id, name: gruppi.name, permissions: gruppi.permissions } })
    .from(utenti)
    .innerJoin(aziende, eq(aziende.id, utenti.aziendaId))
    .leftJoin(gruppi, and(eq(gruppi.id, utenti.gruppoId), eq(gruppi.aziendaId, utenti.aziendaId)))
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
  const r = rows[0];
  return r && { ...r, gruppo: r.gruppo?.id ? r.gruppo : null };
}

/**
 * One device per user per source: ends the user's other open sessions of that
 * source ('device' when another device signs in, so it hears 0017).
 */
export async function revokeOtherSessions(tx: DbOrTx, aziendaId: string, userId: string, source: Source, deviceId: string) {
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

export async function insertSession(tx: DbOrTx, v: { aziendaId: string; userId: string; source: Source; deviceId: string }) {
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

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({ token: refreshTokens, session: sessioni })
    .from(refreshTokens)
    .innerJoin(sessioni, eq(sessioni.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return rows[0];
}

/** Marks a refresh token used; when it already was (a reuse), answers when that was. */
export async function consumeRefreshToken(tx: DbOrTx, id: string): Promise<{ consumed: true } | { consumed: false; usedAt: Date | null }> {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (rows.length === 1) return { consumed: true };
  const [row] = await tx.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, id));
  return { consumed: false, usedAt: row?.usedAt ?? null };
}

export async function revokeSession(db: DbOrTx, aziendaId: string, sessionId: string, reason: RevokeReason) {
  await db
    .update(sessioni)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessioni.aziendaId, aziendaId), eq(sessioni.id, sessionId), isNull(sessioni.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, aziendaId: string, userId: string, reason: RevokeReason, exceptSessionId?: string) {
  await db
    .update(sessioni)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessioni.aziendaId, aziendaId),
        eq(sessioni.utenteId, userId),
        isNull(sessioni.revokedAt),
        exceptSessionId ? ne(sessioni.id, exceptSessionId) : undefined,
      ),
    );
}

export async function setUserLanguage(db: Db, aziendaId: string, userId: string, lingua: string) {
  await db.update(utenti).set({ lingua }).where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
}
