import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { controlli, mansioni, utentiMansioni } from '../../../platform/db/schema-articles.js';

export type MansioneRow = typeof mansioni.$inferSelect;
export type ControlloRow = typeof controlli.$inferSelect;
export type HolderRow = {
  mansioneId: string;
  id: string;
  name: string | null;
  surname: string | null;
  username: string;
};

export async function listMansioni(db: DbOrTx, aziendaId: string): Promise<MansioneRow[]> {
  return db
    .select()
    .from(mansioni)
    .where(eq(mansioni.aziendaId, aziendaId))
    .orderBy(asc(sql`lower(${mansioni.nome})`), asc(mansioni.id));
}

export async function findMansione(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  forUpdate = false,
): Promise<MansioneRow | undefined> {
  const q = db
    .select()
    .from(mansioni)
    .where(and(eq(mansioni.aziendaId, aziendaId), eq(mansioni.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findMansioneByName(db: DbOrTx, aziendaId: string, nome: string) {
  const [row] = await db
    .select({ id: mansioni.id })
    .from(mansioni)
    .where(and(eq(mansioni.aziendaId, aziendaId), sql`lower(${mansioni.nome}) = lower(${nome})`));
  return row;
}

export async function insertMansione(db: DbOrTx, aziendaId: string, v: { nome: string; descrizione: string | null }) {
  const [row] = await db
    .insert(mansioni)
    .values({ ...v, aziendaId })
    .returning();
  return row!;
}

export async function updateMansione(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: { nome: string; descrizione: string | null },
) {
  const [row] = await db
    .update(mansioni)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(mansioni.aziendaId, aziendaId), eq(mansioni.id, id)))
    .returning();
  return row;
}

export async function deleteMansione(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(mansioni).where(and(eq(mansioni.aziendaId, aziendaId), eq(mansioni.id, id)));
}

/* ---------- checks ---------- */

export async function controlliOf(db: DbOrTx, aziendaId: string, mansioneIds: string[]): Promise<ControlloRow[]> {
  if (mansioneIds.length === 0) return [];
  return db
    .select()
    .from(controlli)
    .where(and(eq(controlli.aziendaId, aziendaId), inArray(controlli.mansioneId, mansioneIds)))
    .orderBy(asc(controlli.ordine), asc(controlli.createdAt), asc(controlli.id));
}

export async function findControllo(db: DbOrTx, aziendaId: string, id: string): Promise<ControlloRow | undefined> {
  const [row] = await db
    .select()
    .from(controlli)
    .where(and(eq(controlli.aziendaId, aziendaId), eq(controlli.id, id)));
  return row;
}

export async function nextOrdine(db: DbOrTx, aziendaId: string, mansioneId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${controlli.ordine}), -1)::int + 1` })
    .from(controlli)
    .where(and(eq(controlli.aziendaId, aziendaId), eq(controlli.mansioneId, mansioneId)));
  return row!.n;
}

type ControlloValues = Pick<
  typeof controlli.$inferInsert,
  'nomeCampo' | 'descrizione' | 'tipoCampo' | 'obbligatorio' | 'valori' | 'ordine'
>;

export async function insertControllo(db: DbOrTx, aziendaId: string, mansioneId: string, v: ControlloValues) {
  const [row] = await db
    .insert(controlli)
    .values({ ...v, aziendaId, mansioneId })
    .returning();
  return row!;
}

export async function updateControllo(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  v: ControlloValues & { mansioneId: string },
) {
  const [row] = await db
    .update(controlli)
    .set(v)
    .where(and(eq(controlli.aziendaId, aziendaId), eq(controlli.id, id)))
    .returning();
  return row;
}

export async function deleteControllo(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(controlli).where(and(eq(controlli.aziendaId, aziendaId), eq(controlli.id, id)));
}

/* ---------- users holding job roles ---------- */

export async function holdersOf(db: DbOrTx, aziendaId: string, mansioneIds: string[]): Promise<HolderRow[]> {
  if (mansioneIds.length === 0) return [];
  return db
    .select({
      mansioneId: utentiMansioni.mansioneId,
      id: utenti.id,
      name: utenti.name,
      surname: utenti.surname,
      username: utenti.username,
    })
    .from(utentiMansioni)
    .innerJoin(utenti, and(eq(utenti.id, utentiMansioni.utenteId), eq(utenti.aziendaId, utentiMansioni.aziendaId)))
    .where(and(eq(utentiMansioni.aziendaId, aziendaId), inArray(utentiMansioni.mansioneId, mansioneIds)))
    .orderBy(asc(utenti.ordine), asc(utenti.username));
}

export async function countHolders(db: DbOrTx, aziendaId: string, mansioneId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(utentiMansioni)
    .where(and(eq(utentiMansioni.aziendaId, aziendaId), eq(utentiMansioni.mansioneId, mansioneId)));
  return row!.n;
}

/** Job roles of users: `{ utenteId, id, nome }` by user order then name. */
export async function mansioniOfUsers(db: DbOrTx, aziendaId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ utenteId: utentiMansioni.utenteId, id: mansioni.id, nome: mansioni.nome })
    .from(utentiMansioni)
    .innerJoin(
      mansioni,
      and(eq(mansioni.id, utentiMansioni.mansioneId), eq(mansioni.aziendaId, utentiMansioni.aziendaId)),
    )
    .where(and(eq(utentiMansioni.aziendaId, aziendaId), inArray(utentiMansioni.utenteId, userIds)))
    .orderBy(asc(sql`lower(${mansioni.nome})`));
}

export async function existingMansioni(db: DbOrTx, aziendaId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: mansioni.id })
    .from(mansioni)
    .where(and(eq(mansioni.aziendaId, aziendaId), inArray(mansioni.id, ids)))
    // Held until the user's save commits: a concurrent delete of the job role waits, then sees the holder (0032).
    .for('key share');
  return rows.map((r) => r.id);
}

export async function replaceUserMansioni(db: DbOrTx, aziendaId: string, utenteId: string, mansioneIds: string[]) {
  await db
    .delete(utentiMansioni)
    .where(and(eq(utentiMansioni.aziendaId, aziendaId), eq(utentiMansioni.utenteId, utenteId)));
  if (mansioneIds.length) {
    await db.insert(utentiMansioni).values(mansioneIds.map((mansioneId) => ({ aziendaId, utenteId, mansioneId })));
  }
}
