import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { media, utenti } from '../../platform/db/schema.js';

export type MediaRow = typeof media.$inferSelect;

export async function findMedia(db: DbOrTx, aziendaId: string, id: string) {
  const rows = await db.select().from(media).where(and(eq(media.aziendaId, aziendaId), eq(media.id, id)));
  return rows[0];
}

export async function mediaOfOwner(db: DbOrTx, aziendaId: string, section: string, ownerId: string) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.aziendaId, aziendaId), eq(media.section, section), eq(media.ownerId, ownerId)));
}

export async function insertMedia(db: DbOrTx, v: typeof media.$inferInsert) {
  const [row] = await db.insert(media).values(v).returning();
  return row!;
}

export async function deleteMedia(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(media).where(and(eq(media.aziendaId, aziendaId), eq(media.id, id)));
}

/* ---------- section utente: the profile photo ---------- */

export async function findUserRole(db: DbOrTx, aziendaId: string, userId: string) {
  const rows = await db
    .select({ id: utenti.id, role: utenti.role })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
  return rows[0];
}

export async function setUserPhoto(db: DbOrTx, aziendaId: string, userId: string, mediaId: string | null) {
  await db.update(utenti).set({ mediaId }).where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, userId)));
}
