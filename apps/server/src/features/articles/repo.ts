import { and, asc, eq, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ARTICOLI_TABLE, type ArticoliFilters, type ArticoloColumn } from '@fs/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { articoli } from '../../platform/db/schema-articles.js';
import { subscriptionItems } from '../../platform/db/schema.js';
import { containsPattern, orderOf, pageOf, prefixPattern } from '../../platform/lists.js';

export type ArticoloRow = typeof articoli.$inferSelect;
export type ArticoloValues = Omit<typeof articoli.$inferInsert, 'id' | 'aziendaId' | 'createdAt' | 'updatedAt'>;

/**
 * The expression of the trigram index (migration 0006): code, external
 * reference and description in one lower()ed text. Every contains condition
 * is also put on it, so PostgreSQL can narrow with the GIN index first.
 */
const searchText = sql`lower(${articoli.codice} || ' ' || coalesce(${articoli.riferimentoEsterno}, '') || ' ' || ${articoli.descrizione})`;
const codiceC = sql`(lower(${articoli.codice}) COLLATE "C")`;
const riferimentoC = sql`(lower(${articoli.riferimentoEsterno}) COLLATE "C")`;

const FILTER_COLUMNS = {
  codice: articoli.codice,
  riferimento_esterno: articoli.riferimentoEsterno,
  descrizione: articoli.descrizione,
  unita_misura: articoli.unitaMisura,
} as const;

/** Conditions of the search box and the column filters (contains, case aside). */
function conditionsOf(aziendaId: string, q: string | undefined, filters: ArticoliFilters): SQL[] {
  const out: SQL[] = [sql`${articoli.aziendaId} = ${aziendaId}`];
  if (q) out.push(sql`${searchText} like ${containsPattern(q)}`);
  for (const [key, column] of Object.entries(FILTER_COLUMNS) as [keyof ArticoliFilters, (typeof FILTER_COLUMNS)[keyof ArticoliFilters]][]) {
    const term = filters[key];
    if (!term) continue;
    const pattern = containsPattern(term);
    out.push(sql`lower(${column}) like ${pattern}`);
    // Implied by the line above for the three indexed fields: lets the trigram index narrow first.
    if (key !== 'unita_misura') out.push(sql`${searchText} like ${pattern}`);
  }
  return out;
}

export async function listAll(db: DbOrTx, aziendaId: string): Promise<ArticoloRow[]> {
  return db.select().from(articoli).where(eq(articoli.aziendaId, aziendaId)).orderBy(asc(articoli.codice), asc(articoli.id));
}

export async function listFiltered(db: DbOrTx, aziendaId: string, q: string | undefined, filters: ArticoliFilters, limit: number) {
  return db
    .select()
    .from(articoli)
    .where(and(...conditionsOf(aziendaId, q, filters)))
    .orderBy(asc(articoli.codice), asc(articoli.id))
    .limit(limit);
}

/** Sortable columns (each has its `(azienda_id, column, id)` btree); the others are never asked for (TableDef). */
const SORTABLE = {
  codice: articoli.codice,
  riferimento_esterno: articoli.riferimentoEsterno,
  descrizione: articoli.descrizione,
} as Partial<Record<ArticoloColumn, AnyColumn>> as Record<ArticoloColumn, AnyColumn>;

export async function page(
  db: DbOrTx,
  aziendaId: string,
  query: { page: number; size: number; sort: ArticoloColumn; dir: 'asc' | 'desc'; q?: string; filters: ArticoliFilters },
): Promise<{ rows: ArticoloRow[]; total: number }> {
  const where = and(...conditionsOf(aziendaId, query.q, query.filters));
  const { limit, offset } = pageOf(query);
  const [rows, [count]] = await Promise.all([
    db.select().from(articoli).where(where).orderBy(...orderOf(ARTICOLI_TABLE, SORTABLE, query, articoli.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(articoli).where(where),
  ]);
  return { rows, total: count!.n };
}

/**
 * Search as you type: exact code or external reference first, then codes and
 * references starting with the term (btree on lower(..) COLLATE "C", the index
 * stops after `limit`), then, from 3 characters, anything containing it
 * (trigram index). Each step only asks for what the earlier ones left.
 */
export async function research(db: DbOrTx, aziendaId: string, term: string, limit: number): Promise<ArticoloRow[]> {
  const lower = term.toLowerCase();
  const found: ArticoloRow[] = [];
  const seen = new Set<string>();
  const take = (rows: ArticoloRow[]) => {
    for (const r of rows) if (!seen.has(r.id) && found.length < limit) (seen.add(r.id), found.push(r));
  };
  const company = eq(articoli.aziendaId, aziendaId);
  take(await db.select().from(articoli)
    .where(and(company, or(sql`${codiceC} = ${lower}`, sql`${riferimentoC} = ${lower}`)))
    .orderBy(asc(articoli.codice), asc(articoli.id)).limit(limit));
  if (found.length < limit) {
    take(await db.select().from(articoli).where(and(company, sql`${codiceC} like ${prefixPattern(term)}`))
      .orderBy(codiceC, asc(articoli.id)).limit(limit + found.length));
  }
  if (found.length < limit) {
    take(await db.select().from(articoli).where(and(company, sql`${riferimentoC} like ${prefixPattern(term)}`))
      .orderBy(riferimentoC, asc(articoli.id)).limit(limit + found.length));
  }
  if (found.length < limit && term.length >= 3) {
    take(await db.select().from(articoli).where(and(company, sql`${searchText} like ${containsPattern(term)}`))
      .orderBy(asc(articoli.codice), asc(articoli.id)).limit(limit + found.length));
  }
  return found;
}

export async function findById(db: DbOrTx, aziendaId: string, id: string): Promise<ArticoloRow | undefined> {
  const [row] = await db.select().from(articoli).where(and(eq(articoli.aziendaId, aziendaId), eq(articoli.id, id)));
  return row;
}

/** Articles with the same code, or the same external reference (trimmed, case aside). */
export async function findSameKeys(
  db: DbOrTx,
  aziendaId: string,
  keys: { codice: string; riferimentoEsterno: string | null },
  exceptId?: string,
) {
  const same = [sql`${codiceC} = ${keys.codice.toLowerCase()}`];
  if (keys.riferimentoEsterno) same.push(sql`${riferimentoC} = ${keys.riferimentoEsterno.toLowerCase()}`);
  return db
    .select({ id: articoli.id, codice: articoli.codice, riferimentoEsterno: articoli.riferimentoEsterno, descrizione: articoli.descrizione })
    .from(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), or(...same), exceptId ? ne(articoli.id, exceptId) : undefined))
    .orderBy(asc(articoli.codice), asc(articoli.id))
    .limit(50);
}

export async function count(db: DbOrTx, aziendaId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(articoli).where(eq(articoli.aziendaId, aziendaId));
  return row!.n;
}

/** Purchased extra article slots (subscription_items of type 'items'). */
export async function extraSlots(db: DbOrTx, aziendaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${subscriptionItems.quantity}), 0)::int` })
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.aziendaId, aziendaId), eq(subscriptionItems.type, 'items')));
  return row!.n;
}

export async function insert(db: DbOrTx, aziendaId: string, v: ArticoloValues): Promise<ArticoloRow> {
  const [row] = await db.insert(articoli).values({ ...v, aziendaId }).returning();
  return row!;
}

export async function update(db: DbOrTx, aziendaId: string, id: string, v: ArticoloValues): Promise<ArticoloRow | undefined> {
  const [row] = await db
    .update(articoli)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(articoli.aziendaId, aziendaId), eq(articoli.id, id)))
    .returning();
  return row;
}

export async function removeMany(db: DbOrTx, aziendaId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .delete(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), inArray(articoli.id, ids)))
    .returning({ id: articoli.id });
  return rows.map((r) => r.id);
}
