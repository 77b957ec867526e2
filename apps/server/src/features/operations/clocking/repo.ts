import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { clienti } from '../../../platform/db/schema-customers.js';
import { timbrature, timbratureVersioni } from '../../../platform/db/schema-clocking.js';

/** The effective times of a record: the latest correction, else the raw clocking. */
export const effStart = sql<Date>`coalesce(${timbrature.timbraturaStartCorretta}, ${timbrature.timbraturaStart})`;
export const effEnd = sql<Date | null>`coalesce(${timbrature.timbraturaEndCorretta}, ${timbrature.timbraturaEnd})`;

const recordColumns = { ...getTableColumns(timbrature), clienteNome: clienti.ragioneSociale };
export type RecordRow = typeof timbrature.$inferSelect & { clienteNome: string | null };
export type NewRecord = typeof timbrature.$inferInsert;

function selectRecords(db: DbOrTx) {
  return db
    .select(recordColumns)
    .from(timbrature)
    .leftJoin(clienti, and(eq(clienti.aziendaId, timbrature.aziendaId), eq(clienti.id, timbrature.clienteId)));
}

/** A user of the company (any role), or undefined: the technician whose records are read or written. */
export async function findUser(db: DbOrTx, aziendaId: string, utenteId: string) {
  const [row] = await db
    .select({ id: utenti.id, name: utenti.name, surname: utenti.surname, username: utenti.username })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, utenteId)));
  return row;
}

/**
 * Locks the technician's row for the rest of the transaction: every write of a technician's records
 * takes it first, so two phones (or the phone and the office) check open intervals, overlaps and the
 * travel sequence one after the other. Answers whether the user is the company's.
 */
export async function lockTechnician(db: DbOrTx, aziendaId: string, utenteId: string): Promise<boolean> {
  const rows = await db
    .select({ id: utenti.id })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.id, utenteId)))
    .for('update');
  return rows.length > 0;
}

export async function usersByIds(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: utenti.id, name: utenti.name, surname: utenti.surname, username: utenti.username })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), inArray(utenti.id, ids)));
}

export async function findRecord(db: DbOrTx, aziendaId: string, id: string): Promise<RecordRow | undefined> {
  const [row] = await selectRecords(db).where(and(eq(timbrature.aziendaId, aziendaId), eq(timbrature.id, id)));
  return row;
}

/** The technician's open interval, if any (at most one: timbrature_una_aperta_uq). */
export async function openRecord(db: DbOrTx, aziendaId: string, utenteId: string): Promise<RecordRow | undefined> {
  const [row] = await selectRecords(db).where(
    and(eq(timbrature.aziendaId, aziendaId), eq(timbrature.utenteId, utenteId), eq(timbrature.aperta, true)),
  );
  return row;
}

/** The technician's newest record by its raw start (open or closed). */
export async function lastRecord(db: DbOrTx, aziendaId: string, utenteId: string): Promise<RecordRow | undefined> {
  const [row] = await selectRecords(db)
    .where(and(eq(timbrature.aziendaId, aziendaId), eq(timbrature.utenteId, utenteId)))
    .orderBy(desc(timbrature.timbraturaStart))
    .limit(1);
  return row;
}

/**
 * The records of a range of company days, one technician's or all (timbrature_giorno_idx), in
 * technician then time order: the office's month is this one query.
 */
export async function recordsOfRange(
  db: DbOrTx,
  aziendaId: string,
  from: string,
  to: string,
  utenteId: string | null,
): Promise<RecordRow[]> {
  return selectRecords(db)
    .where(
      and(
        eq(timbrature.aziendaId, aziendaId),
        gte(timbrature.giorno, from),
        lte(timbrature.giorno, to),
        utenteId ? eq(timbrature.utenteId, utenteId) : undefined,
      ),
    )
    .orderBy(asc(timbrature.utenteId), asc(effStart), asc(timbrature.id));
}

/** A technician's figures over a range of company days, summed by the database. */
export type RangeFigures = { utenteId: string; lavoro: number; viaggio: number; anomalie: number };

/**
 * Each technician's calculated work and travel minutes and the number of records with an anomaly
 * over a range of company days (timbrature_giorno_idx), summed by the database: the office's
 * overview of every technician's month without building thousands of records. The anomalies are
 * those of `anomaliesOf` (rules.ts), in SQL: open and not started today; overlapping another record
 * of the range (one ending after it starts among those before it, or the next one starting before it
 * ends); a day over `longDay` minutes; a stale fix. A test holds the two to the same answers.
 */
export async function figuresOfRange(
  db: DbOrTx,
  aziendaId: string,
  from: string,
  to: string,
  utenteId: string | null,
  today: string,
  longDay: number,
): Promise<RangeFigures[]> {
  const r = await db.execute<RangeFigures>(sql`
    with r as (
      select id, utente_id, giorno, tipo, minuti_calcolati as m,
        coalesce(start_fix_stale, false) or coalesce(end_fix_stale, false) as stale,
        coalesce(timbratura_start_corretta, timbratura_start) as s,
        coalesce(timbratura_end_corretta, timbratura_end, 'infinity'::timestamptz) as e
      from timbrature
      -- The day before the range too: an interval of that evening may overlap the first day's.
      where azienda_id = ${aziendaId} and giorno between ${from}::date - 1 and ${to}::date
        ${utenteId ? sql`and utente_id = ${utenteId}` : sql``}
    ), w as (
      select *,
        -- A company day is its effective start's: ordered by day then start is ordered by start, and one sort
        -- serves the day's sum too.
        max(e) over (partition by utente_id order by giorno, s, id rows between unbounded preceding and 1 preceding) as prev_end,
        lead(s) over (partition by utente_id order by giorno, s, id) as next_start,
        sum(coalesce(m, 0)) over (partition by utente_id, giorno) as day_m
      from r
    )
    select utente_id as "utenteId",
      coalesce(sum(m) filter (where tipo = 'LAVORO'), 0)::int as lavoro,
      coalesce(sum(m) filter (where tipo <> 'LAVORO'), 0)::int as viaggio,
      (count(*) filter (where (e = 'infinity' and giorno <> ${today}::date) or prev_end > s or next_start < e
        or day_m > ${longDay} or stale))::int as anomalie
    from w where giorno >= ${from}::date group by utente_id`);
  return r.rows.map((x) => ({
    ...x,
    lavoro: Number(x.lavoro),
    viaggio: Number(x.viaggio),
    anomalie: Number(x.anomalie),
  }));
}

/** A travel record as the daily allowance reads it. */
export type TravelRow = {
  utente_id: string;
  tipo: 'ANDATA' | 'RITORNO';
  giorno: string;
  km: string | null;
  ritorno_non_necessario: boolean;
};

/** The travel records of a range of company days in time order, as the daily allowance reads them. */
export async function travelOfRange(db: DbOrTx, aziendaId: string, from: string, to: string, utenteId: string | null) {
  const r = await db.execute<TravelRow>(sql`
    select utente_id, tipo, giorno::text as giorno, km::text as km, ritorno_non_necessario
    from timbrature
    where azienda_id = ${aziendaId} and giorno between ${from}::date and ${to}::date and tipo <> 'LAVORO'
      ${utenteId ? sql`and utente_id = ${utenteId}` : sql``}
    order by utente_id, coalesce(timbratura_start_corretta, timbratura_start), id`);
  return r.rows;
}

/**
 * Each technician's last travel leg before `from` (an outward travel may cover days of the range):
 * one backward index step per technician (timbrature_viaggi_idx, travel records by company day).
 */
export async function travelBefore(db: DbOrTx, aziendaId: string, utenteIds: string[], from: string) {
  if (utenteIds.length === 0) return [];
  const r = await db.execute<TravelRow>(sql`
    select u.id as utente_id, t.tipo, t.giorno::text as giorno, t.km::text as km, t.ritorno_non_necessario
    from unnest(${`{${utenteIds.join(',')}}`}::uuid[]) as u(id)
    cross join lateral (
      select tipo, giorno, km, ritorno_non_necessario from timbrature
      where azienda_id = ${aziendaId} and utente_id = u.id and tipo <> 'LAVORO' and giorno < ${from}::date
      order by giorno desc, timbratura_start desc limit 1
    ) t`);
  return r.rows;
}

/** Whether another record of the technician overlaps [start, end) (end null: still open, unbounded). */
export async function overlapping(
  db: DbOrTx,
  aziendaId: string,
  utenteId: string,
  start: Date,
  end: Date | null,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: timbrature.id })
    .from(timbrature)
    .where(
      and(
        eq(timbrature.aziendaId, aziendaId),
        eq(timbrature.utenteId, utenteId),
        exceptId ? ne(timbrature.id, exceptId) : undefined,
        end ? sql`${effStart} < ${end.toISOString()}::timestamptz` : undefined,
        sql`(${effEnd} is null or ${effEnd} > ${start.toISOString()}::timestamptz)`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface Leg {
  id: string;
  tipo: string;
  ritornoNonNecessario: boolean;
}

/**
 * The technician's travel legs in time order around [lo, hi]: the last one before lo (if any),
 * every one between, the first one after hi. `first` says whether a leg before the window exists.
 */
export async function travelWindow(db: DbOrTx, aziendaId: string, utenteId: string, lo: Date, hi: Date) {
  const travel: SQL = and(
    eq(timbrature.aziendaId, aziendaId),
    eq(timbrature.utenteId, utenteId),
    inArray(timbrature.tipo, ['ANDATA', 'RITORNO']),
  )!;
  const [prev] = await db
    .select({ at: effStart })
    .from(timbrature)
    .where(and(travel, sql`${effStart} < ${lo.toISOString()}::timestamptz`))
    .orderBy(desc(effStart))
    .limit(1);
  const [next] = await db
    .select({ at: effStart })
    .from(timbrature)
    .where(and(travel, sql`${effStart} > ${hi.toISOString()}::timestamptz`))
    .orderBy(asc(effStart))
    .limit(1);
  const iso = (d: Date | string) => new Date(d).toISOString();
  const legs: Leg[] = await db
    .select({ id: timbrature.id, tipo: timbrature.tipo, ritornoNonNecessario: timbrature.ritornoNonNecessario })
    .from(timbrature)
    .where(
      and(
        travel,
        sql`${effStart} >= ${iso(prev?.at ?? lo)}::timestamptz`,
        sql`${effStart} <= ${iso(next?.at ?? hi)}::timestamptz`,
      ),
    )
    .orderBy(asc(effStart), asc(timbrature.id));
  return { legs, hasPrevious: !!prev };
}

export async function insertRecord(db: DbOrTx, v: NewRecord): Promise<string> {
  const [row] = await db.insert(timbrature).values(v).returning({ id: timbrature.id });
  return row!.id;
}

export async function updateRecord(db: DbOrTx, aziendaId: string, id: string, v: Partial<NewRecord>) {
  await db
    .update(timbrature)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(timbrature.aziendaId, aziendaId), eq(timbrature.id, id)));
}

export async function deleteRecord(db: DbOrTx, aziendaId: string, id: string) {
  await db.delete(timbrature).where(and(eq(timbrature.aziendaId, aziendaId), eq(timbrature.id, id)));
}

export async function insertVersion(db: DbOrTx, v: typeof timbratureVersioni.$inferInsert) {
  await db.insert(timbratureVersioni).values(v);
}

/** A record's corrections, oldest first, with who made them. */
export async function versionsOf(db: DbOrTx, aziendaId: string, timbraturaId: string) {
  return db
    .select({
      versione: timbratureVersioni.versione,
      timbraturaStart: timbratureVersioni.timbraturaStart,
      timbraturaEnd: timbratureVersioni.timbraturaEnd,
      motivo: timbratureVersioni.motivo,
      correttoIl: timbratureVersioni.correttoIl,
      userId: utenti.id,
      name: utenti.name,
      surname: utenti.surname,
      username: utenti.username,
    })
    .from(timbratureVersioni)
    .leftJoin(
      utenti,
      and(eq(utenti.aziendaId, timbratureVersioni.aziendaId), eq(utenti.id, timbratureVersioni.correttoDa)),
    )
    .where(and(eq(timbratureVersioni.aziendaId, aziendaId), eq(timbratureVersioni.timbraturaId, timbraturaId)))
    .orderBy(asc(timbratureVersioni.versione));
}

/** A customer of the company with its travel distance (km_viaggio), or undefined. */
export async function findCustomer(db: DbOrTx, aziendaId: string, id: string) {
  const [row] = await db
    .select({ id: clienti.id, kmViaggio: clienti.kmViaggio })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, id)));
  return row;
}
