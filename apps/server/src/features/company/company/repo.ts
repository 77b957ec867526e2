import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import { aziende, media } from '../../../platform/db/schema.js';

export type CompanyRow = typeof aziende.$inferSelect;
export type CompanyPatch = Partial<typeof aziende.$inferInsert>;

export async function findCompany(db: DbOrTx, aziendaId: string) {
  const rows = await db.select().from(aziende).where(eq(aziende.id, aziendaId));
  return rows[0];
}

/** Another company already holding this VAT number, if any. */
export async function findOtherByPiva(db: Db, aziendaId: string, piva: string) {
  const rows = await db.select({ id: aziende.id }).from(aziende).where(eq(aziende.partitaIva, piva));
  return rows.find((r) => r.id !== aziendaId);
}

export async function updateCompany(db: DbOrTx, aziendaId: string, patch: CompanyPatch) {
  const rows = await db.update(aziende).set(patch).where(eq(aziende.id, aziendaId)).returning();
  return rows[0];
}

export async function findMedia(db: DbOrTx, aziendaId: string, id: string) {
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.aziendaId, aziendaId), eq(media.id, id)));
  return rows[0];
}

export async function insertMedia(db: DbOrTx, v: typeof media.$inferInsert) {
  const [row] = await db.insert(media).values(v).returning();
  return row!;
}

export async function deleteMedia(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(media).where(and(eq(media.aziendaId, aziendaId), eq(media.id, id)));
}
