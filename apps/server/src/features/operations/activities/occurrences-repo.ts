import { and, asc, eq, gte, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityRules, ContractRules } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { attivitaDate, contratti, contrattiAttivita } from '../../../platform/db/schema-contracts.js';

/** The dated occurrences of activities (attivita_date, the spec's contratto_date). Every query filters on the company. */

export interface OccurrenceRow {
  id: string;
  attivitaId: string;
  contrattoId: string;
  data: string;
  dataPianificata: string | null;
  rapportinoId: string | null;
  fattaAt: Date | null;
}

const occCols = {
  id: attivitaDate.id,
  attivitaId: attivitaDate.attivitaId,
  contrattoId: attivitaDate.contrattoId,
  data: attivitaDate.data,
  dataPianificata: attivitaDate.dataPianificata,
  rapportinoId: attivitaDate.rapportinoId,
  fattaAt: attivitaDate.fattaAt,
};

/** The day an occurrence is planned for: its planned date, else its due date (attivita_date_range_idx). */
export const dayOf = sql<string>`coalesce(${attivitaDate.dataPianificata}, ${attivitaDate.data})`;

/** The occurrences of activities: all, or (default) the undone ones and those from `today` on. */
export async function ofActivities(
  db: DbOrTx,
  aziendaId: string,
  ids: string[],
  o: { all: boolean; today: string },
): Promise<OccurrenceRow[]> {
  if (!ids.length) return [];
  return db
    .select(occCols)
    .from(attivitaDate)
    .where(
      and(
        eq(attivitaDate.aziendaId, aziendaId),
        inArray(attivitaDate.attivitaId, ids),
        o.all ? undefined : or(isNull(attivitaDate.fattaAt), gte(dayOf, o.today)),
      ),
    )
    .orderBy(asc(attivitaDate.data));
}

export interface NewOccurrence {
  attivitaId: string;
  contrattoId: string;
  data: string;
}

/**
 * Inserts occurrences in one statement per 5,000 (two array parameters unnested, not four parameters a
 * row); a date the activity already has is left as it is (unique attivita_id, data).
 */
export async function insertOccurrences(db: DbOrTx, aziendaId: string, rows: NewOccurrence[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const part = rows.slice(i, i + 5000);
    const attivita = `{${part.map((r) => r.attivitaId).join(',')}}`;
    const contratti_ = `{${part.map((r) => r.contrattoId).join(',')}}`;
    const date = `{${part.map((r) => r.data).join(',')}}`;
    await db.execute(sql`insert into attivita_date (azienda_id, attivita_id, contratto_id, data)
      select ${aziendaId}::uuid, a, c, d
        from unnest(${attivita}::uuid[], ${contratti_}::uuid[], ${date}::date[]) as t(a, c, d)
      on conflict (attivita_id, data) do nothing`);
  }
}

/**
 * Deletes the activity's occurrences from `from` on that are not done, have no report and are not
 * among `keep` (its frequency changed).
 */
export async function pruneOccurrences(
  db: DbOrTx,
  aziendaId: string,
  attivitaId: string,
  keep: string[],
  from: string,
): Promise<void> {
  await db
    .delete(attivitaDate)
    .where(
      and(
        eq(attivitaDate.aziendaId, aziendaId),
        eq(attivitaDate.attivitaId, attivitaId),
        gte(attivitaDate.data, from),
        isNull(attivitaDate.fattaAt),
        isNull(attivitaDate.rapportinoId),
        keep.length ? notInArray(attivitaDate.data, keep) : undefined,
      ),
    );
}

/* ---------- the planner ---------- */

/**
 * The planner's occurrences as JSON array text (the wire's attivitaRangeItem, state included), built
 * by PostgreSQL: thousands of occurrences are parsed by the server as one value, not row by row.
 * The occurrences of running contracts are picked first, by day (planned, else due) then id, through
 * attivita_date_range_idx, and cut to `limit` (one more tells whether a next page follows); only
 * those are joined by key (the company a constant on every side) to their activity, contract,
 * customer, plant and job role. `next` is the last row's `day~id` when more follow.
 */
function pageJson(aziendaId: string, today: string, where: SQL, limit: number) {
  return sql`with o as materialized (
      select ad.*, coalesce(ad.data_pianificata, ad.data) as giorno from attivita_date ad
       where ad.azienda_id = ${aziendaId}::uuid and ${where}
         and exists (select 1 from contratti c0 where c0.azienda_id = ${aziendaId}::uuid and c0.id = ad.contratto_id and not c0.cessato)
       order by coalesce(ad.data_pianificata, ad.data), ad.id
       limit ${limit + 1}
    ), p as (
      select * from o order by giorno, id limit ${limit}
    ), j as (
      select p.id, p.attivita_id, p.contratto_id, p.data, p.data_pianificata, p.rapportino_id,
             to_char(p.fatta_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fatta_at,
             case when p.fatta_at is not null then 'fatta'
                  when p.giorno < ${today}::date then 'scaduta'
                  when p.rapportino_id is not null or p.data_pianificata is not null then 'pianificata'
                  else 'da_fare' end as stato,
             a.descrizione as nome, c.identificativo as contratto, c.cliente_id, cl.ragione_sociale as cliente,
             i.nome as impianto, a.mansione_id, m.nome as mansione, a.durata_minuti
        from p
        join contratti_attivita a on a.azienda_id = ${aziendaId}::uuid and a.id = p.attivita_id
        join contratti c on c.azienda_id = ${aziendaId}::uuid and c.id = p.contratto_id
        join clienti cl on cl.azienda_id = ${aziendaId}::uuid and cl.id = c.cliente_id
        left join impianti i on i.azienda_id = ${aziendaId}::uuid and i.id = a.impianto_id
        left join mansioni m on m.azienda_id = ${aziendaId}::uuid and m.id = a.mansione_id
       order by p.giorno, p.id
    )
    select (select coalesce(json_agg(j), '[]')::text from j) as items,
           case when (select count(*) from o) > ${limit}
                then (select to_char(giorno, 'YYYY-MM-DD') || '~' || id from p order by giorno desc, id desc limit 1)
           end as next`;
}

export interface JsonPage {
  items: string;
  next: string | null;
}

async function jsonPage(db: DbOrTx, q: SQL): Promise<JsonPage> {
  const r = await db.execute(q);
  return r.rows[0] as unknown as JsonPage;
}

/**
 * One page of the occurrences planned (or due) in [start, end] on the company's running contracts,
 * after `cursor` (`day~id`) when given.
 */
export function inRangeJson(
  db: DbOrTx,
  aziendaId: string,
  range: { start: string; end: string; today: string; limit: number; cursor?: { day: string; id: string } },
) {
  const after = range.cursor
    ? sql`and (coalesce(ad.data_pianificata, ad.data), ad.id) > (${range.cursor.day}::date, ${range.cursor.id}::uuid)`
    : sql``;
  const where = sql`coalesce(ad.data_pianificata, ad.data) between ${range.start}::date and ${range.end}::date ${after}`;
  return jsonPage(db, pageJson(aziendaId, range.today, where, range.limit));
}

/** Undone occurrences whose day is before `before` on running contracts, oldest first, as a JSON array. */
export async function overdueJson(db: DbOrTx, aziendaId: string, before: string, today: string, limit: number) {
  const where = sql`ad.fatta_at is null and coalesce(ad.data_pianificata, ad.data) < ${before}::date`;
  return (await jsonPage(db, pageJson(aziendaId, today, where, limit))).items;
}

/* ---------- one occurrence ---------- */

export interface OccurrenceDetail extends OccurrenceRow {
  clienteId: string;
  cessato: boolean;
  nome: string;
  impiantoId: string | null;
  mansioneId: string | null;
  regole: ActivityRules | null;
  regoleContratto: ContractRules | null;
}

/** One occurrence with its activity and contract; locked for the transaction when `lock`. */
export async function occurrence(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  lock = false,
): Promise<OccurrenceDetail | undefined> {
  const q = db
    .select({
      ...occCols,
      clienteId: contratti.clienteId,
      cessato: contratti.cessato,
      nome: contrattiAttivita.descrizione,
      impiantoId: contrattiAttivita.impiantoId,
      mansioneId: contrattiAttivita.mansioneId,
      regole: contrattiAttivita.regole,
      regoleContratto: contratti.regole,
    })
    .from(attivitaDate)
    .innerJoin(
      contrattiAttivita,
      and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.id, attivitaDate.attivitaId)),
    )
    .innerJoin(contratti, and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, attivitaDate.contrattoId)))
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)));
  const [r] = lock ? await q.for('update', { of: attivitaDate }) : await q;
  return r;
}

export async function setPlanned(db: DbOrTx, aziendaId: string, id: string, day: string | null) {
  const [r] = await db
    .update(attivitaDate)
    .set({ dataPianificata: day })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)))
    .returning(occCols);
  return r!;
}

export async function setReport(db: DbOrTx, aziendaId: string, id: string, rapportinoId: string): Promise<void> {
  await db
    .update(attivitaDate)
    .set({ rapportinoId })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)));
}

/** Marks done (a date) or undone (null) the occurrences made into the report. */
export async function setDoneByReport(db: DbOrTx, aziendaId: string, rapportinoId: string, at: Date | null) {
  await db
    .update(attivitaDate)
    .set({ fattaAt: at })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.rapportinoId, rapportinoId)));
}

/** Marks undone the occurrences made into these reports (before the reports are deleted). */
export async function undoneByReports(db: DbOrTx, aziendaId: string, rapportinoIds: string[]) {
  if (!rapportinoIds.length) return;
  await db
    .update(attivitaDate)
    .set({ fattaAt: null })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), inArray(attivitaDate.rapportinoId, rapportinoIds)));
}
