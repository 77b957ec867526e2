import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import { aziende, gruppi, refreshTokens, sessioni, utenti } from '../../../platform/db/schema.js';

export type UserRow = typeof utenti.$inferSelect;
export type CompanyRow = typeof aziende.$inferSelect;

export async function findUserWithCompany(db: Db, aziendaId: string, userId: string) {
  const rows = await db
    .select({
      user: utenti,
      company: aziende,
      gruppo: { id: gruppi.id, name: gruppi.name, permissions: gruppi.permissions },
    })
    .from(utenti)
    .innerJoin(aziende, eq(aziende.id, utenti.aziendaId))
    .leftJoin(gruppi, and(eq(gruppi.id, utenti.gruppoId), eq(gruppi.aziendaId, utenti.aziendaId)))
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
  const r = rows[0];
  return r && { ...r, gruppo: r.gruppo?.id ? r.gruppo : null };
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
export async function consumeRefreshToken(
  tx: DbOrTx,
  id: string,
  now: Date,
): Promise<{ consumed: true } | { consumed: false; usedAt: Date | null }> {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (rows.length === 1) return { consumed: true };
  const [row] = await tx.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, id));
  return { consumed: false, usedAt: row?.usedAt ?? null };
}

export async function setUserLanguage(db: Db, aziendaId: string, userId: string, lingua: string) {
  await db
    .update(utenti)
    .set({ lingua })
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
}
