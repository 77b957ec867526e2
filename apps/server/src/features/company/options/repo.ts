import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import { prepared } from '../../../platform/db/prepared.js';
import { aziende } from '../../../platform/db/schema.js';
import { motivazioni, opzioniAzienda } from '../../../platform/db/schema-options.js';

export type OptionRow = typeof opzioniAzienda.$inferSelect;
export type MotivazioneRow = typeof motivazioni.$inferSelect;

/** Read by many requests (a report's settings, issue 25): built and prepared once per database handle. */
export async function listValues(db: DbOrTx, aziendaId: string): Promise<OptionRow[]> {
  const query = prepared(db, 'opzioni_values', () =>
    db
      .select()
      .from(opzioniAzienda)
      .where(eq(opzioniAzienda.aziendaId, sql.placeholder('aziendaId')))
      .prepare('opzioni_values'),
  );
  return query.execute({ aziendaId });
}

export async function upsertValue(db: DbOrTx, aziendaId: string, category: string, subcategory: string, value: string) {
  await db
    .insert(opzioniAzienda)
    .values({ aziendaId, category, subcategory, value })
    .onConflictDoUpdate({
      target: [opzioniAzienda.aziendaId, opzioniAzienda.category, opzioniAzienda.subcategory],
      set: { value, updatedAt: new Date() },
    });
}

export async function deleteValue(db: DbOrTx, aziendaId: string, category: string, subcategory: string) {
  await db
    .delete(opzioniAzienda)
    .where(
      and(
        eq(opzioniAzienda.aziendaId, aziendaId),
        eq(opzioniAzienda.category, category),
        eq(opzioniAzienda.subcategory, subcategory),
      ),
    );
}

/** The company's default language lives on the company (the company form edits it too). */
export async function findLanguage(db: DbOrTx, aziendaId: string): Promise<string | undefined> {
  const query = prepared(db, 'azienda_lingua', () =>
    db
      .select({ lingua: aziende.linguaDefault })
      .from(aziende)
      .where(eq(aziende.id, sql.placeholder('aziendaId')))
      .prepare('azienda_lingua'),
  );
  const rows = await query.execute({ aziendaId });
  return rows[0]?.lingua;
}

export async function setLanguage(db: DbOrTx, aziendaId: string, lingua: string) {
  await db.update(aziende).set({ linguaDefault: lingua }).where(eq(aziende.id, aziendaId));
}

/* ---------- motivazioni ---------- */

export async function listMotivazioni(db: Db, aziendaId: string): Promise<MotivazioneRow[]> {
  return db
    .select()
    .from(motivazioni)
    .where(eq(motivazioni.aziendaId, aziendaId))
    .orderBy(asc(sql`lower(${motivazioni.testo})`));
}

export async function findMotivazione(db: DbOrTx, aziendaId: string, id: string) {
  const rows = await db
    .select()
    .from(motivazioni)
    .where(and(eq(motivazioni.aziendaId, aziendaId), eq(motivazioni.id, id)));
  return rows[0];
}

/** Another reason of the company with the same text (case-insensitive), if any. */
export async function findMotivazioneByText(db: DbOrTx, aziendaId: string, testo: string) {
  const rows = await db
    .select()
    .from(motivazioni)
    .where(and(eq(motivazioni.aziendaId, aziendaId), sql`lower(${motivazioni.testo}) = lower(${testo})`));
  return rows[0];
}

export async function insertMotivazione(db: DbOrTx, aziendaId: string, testo: string) {
  const [row] = await db.insert(motivazioni).values({ aziendaId, testo }).returning();
  return row!;
}

export async function updateMotivazione(db: DbOrTx, aziendaId: string, id: string, testo: string) {
  const rows = await db
    .update(motivazioni)
    .set({ testo })
    .where(and(eq(motivazioni.aziendaId, aziendaId), eq(motivazioni.id, id)))
    .returning();
  return rows[0];
}

export async function deleteMotivazione(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(motivazioni)
    .where(and(eq(motivazioni.aziendaId, aziendaId), eq(motivazioni.id, id)))
    .returning({ id: motivazioni.id });
  return rows.length > 0;
}
