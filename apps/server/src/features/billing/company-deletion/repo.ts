import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende } from '../../../platform/db/schema.js';

export async function findDeletionState(db: DbOrTx, aziendaId: string) {
  const rows = await db
    .select({
      timezone: aziende.timezone,
      richiestaAt: aziende.eliminazioneRichiestaAt,
      eliminazioneAt: aziende.eliminazioneAt,
    })
    .from(aziende)
    .where(eq(aziende.id, aziendaId));
  return rows[0];
}

export async function setDeletion(
  db: DbOrTx,
  aziendaId: string,
  richiestaAt: Date | null,
  eliminazioneAt: Date | null,
) {
  const rows = await db
    .update(aziende)
    .set({ eliminazioneRichiestaAt: richiestaAt, eliminazioneAt: eliminazioneAt })
    .where(eq(aziende.id, aziendaId))
    .returning({ id: aziende.id });
  return rows.length > 0;
}

/**
 * Deletes the company when its deletion is still pending and due by the
 * database's clock (the one the job queue starts jobs by); its rows cascade.
 */
export async function deleteIfDue(db: DbOrTx, aziendaId: string) {
  const rows = await db
    .delete(aziende)
    .where(and(eq(aziende.id, aziendaId), isNotNull(aziende.eliminazioneAt), lte(aziende.eliminazioneAt, sql`now()`)))
    .returning({ id: aziende.id });
  return rows.length > 0;
}

export async function companyExists(db: DbOrTx, aziendaId: string) {
  const rows = await db.select({ id: aziende.id }).from(aziende).where(eq(aziende.id, aziendaId));
  return rows.length > 0;
}
