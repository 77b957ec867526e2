import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import { passwordResets, utenti } from '../../../platform/db/schema.js';

export async function findActiveUserByEmail(db: Db, email: string) {
  const rows = await db
    .select()
    .from(utenti)
    .where(and(sql`lower(${utenti.email}) = lower(${email})`, eq(utenti.status, 'ACTIVE')));
  return rows[0];
}

export async function insertReset(
  db: Db,
  v: { aziendaId: string; utenteId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordResets).values(v);
}

/** Takes a valid reset token (unused, unexpired) and marks it used; undefined when none. */
export async function consumeReset(tx: DbOrTx, tokenHash: string) {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ aziendaId: passwordResets.aziendaId, utenteId: passwordResets.utenteId });
  return rows[0];
}

/** Other outstanding links of the user stop working once one is used. */
export async function expireUserResets(tx: DbOrTx, aziendaId: string, utenteId: string) {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.aziendaId, aziendaId),
        eq(passwordResets.utenteId, utenteId),
        isNull(passwordResets.usedAt),
      ),
    );
}

export async function setPassword(tx: DbOrTx, aziendaId: string, utenteId: string, passwordHash: string) {
  await tx
    .update(utenti)
    .set({ passwordHash })
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, utenteId)));
}
