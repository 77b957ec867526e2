import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { clienti, impianti, macchinari } from '../../../platform/db/schema-customers.js';

export type ImpiantoRow = typeof impianti.$inferSelect;
export type MacchinarioRow = typeof macchinari.$inferSelect;
export type ImpiantoValues = Pick<ImpiantoRow, 'nome' | 'indirizzo' | 'citta' | 'provincia' | 'cap' | 'note'>;
export type MacchinarioValues = Pick<
  MacchinarioRow,
  'impiantoId' | 'parentId' | 'livello' | 'nome' | 'matricola' | 'note'
>;

export async function clienteExists(db: DbOrTx, aziendaId: string, clienteId: string): Promise<boolean> {
  const [r] = await db
    .select({ id: clienti.id })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, clienteId)));
  return !!r;
}

/** Plants of a customer, by name, with their machine counts. */
export async function listImpianti(db: DbOrTx, aziendaId: string, clienteId: string) {
  return (
    db
      // Qualified by hand: inside a select list drizzle writes columns without their table name.
      .select({
        impianto: impianti,
        macchinari: sql<number>`(select count(*)::int from macchinari m where m.azienda_id = "impianti"."azienda_id" and m.impianto_id = "impianti"."id")`,
      })
      .from(impianti)
      .where(and(eq(impianti.aziendaId, aziendaId), eq(impianti.clienteId, clienteId)))
      .orderBy(sql`lower(${impianti.nome})`, impianti.id)
  );
}

export async function findImpianto(db: DbOrTx, aziendaId: string, id: string): Promise<ImpiantoRow | undefined> {
  const [r] = await db
    .select()
    .from(impianti)
    .where(and(eq(impianti.aziendaId, aziendaId), eq(impianti.id, id)));
  return r;
}

export async function countMacchinari(db: DbOrTx, aziendaId: string, impiantoId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), eq(macchinari.impiantoId, impiantoId)));
  return r?.n ?? 0;
}

export async function insertImpianto(
  db: DbOrTx,
  aziendaId: string,
  clienteId: string,
  v: ImpiantoValues,
): Promise<ImpiantoRow> {
  const [r] = await db
    .insert(impianti)
    .values({ ...v, aziendaId, clienteId })
    .returning();
  return r!;
}

export async function updateImpianto(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: ImpiantoValues,
): Promise<ImpiantoRow | undefined> {
  const [r] = await db
    .update(impianti)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(impianti.aziendaId, aziendaId), eq(impianti.id, id)))
    .returning();
  return r;
}

export async function deleteImpianto(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const r = await db
    .delete(impianti)
    .where(and(eq(impianti.aziendaId, aziendaId), eq(impianti.id, id)))
    .returning({ id: impianti.id });
  return r.length > 0;
}

/** Machines of a plant: by level, then name. */
export async function listMacchinari(db: DbOrTx, aziendaId: string, impiantoId: string): Promise<MacchinarioRow[]> {
  return db
    .select()
    .from(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), eq(macchinari.impiantoId, impiantoId)))
    .orderBy(macchinari.livello, sql`lower(${macchinari.nome})`, macchinari.id);
}

export async function findMacchinario(db: DbOrTx, aziendaId: string, id: string): Promise<MacchinarioRow | undefined> {
  const [r] = await db
    .select()
    .from(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), eq(macchinari.id, id)));
  return r;
}

/** Another machine of the company with this registration number (case aside). */
export async function findByMatricola(
  db: DbOrTx,
  aziendaId: string,
  matricola: string,
): Promise<MacchinarioRow | undefined> {
  const [r] = await db
    .select()
    .from(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), sql`upper(${macchinari.matricola}) = upper(${matricola})`));
  return r;
}

export async function insertMacchinario(db: DbOrTx, aziendaId: string, v: MacchinarioValues): Promise<MacchinarioRow> {
  const [r] = await db
    .insert(macchinari)
    .values({ ...v, aziendaId })
    .returning();
  return r!;
}

export async function updateMacchinario(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: MacchinarioValues,
): Promise<MacchinarioRow | undefined> {
  const [r] = await db
    .update(macchinari)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(macchinari.aziendaId, aziendaId), eq(macchinari.id, id)))
    .returning();
  return r;
}

export async function deleteMacchinario(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const r = await db
    .delete(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), eq(macchinari.id, id)))
    .returning({ id: macchinari.id });
  return r.length > 0;
}

export async function hasChildren(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const [r] = await db
    .select({ id: macchinari.id })
    .from(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), eq(macchinari.parentId, id)))
    .limit(1);
  return !!r;
}

/** A machine and every machine below it (the ids a delete removes). */
export async function subtreeIds(db: DbOrTx, aziendaId: string, rootIds: string[]): Promise<string[]> {
  const all = new Set(rootIds);
  let frontier = rootIds;
  while (frontier.length > 0) {
    const rows = await db
      .select({ id: macchinari.id })
      .from(macchinari)
      .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.parentId, frontier)));
    frontier = rows.map((r) => r.id).filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all];
}
