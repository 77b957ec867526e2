import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';

/**
 * The general tab's figures by company day (decision 0046), each read along one covering index of migration
 * 0036 (index-only scans: no table row is visited): the reports opened by day and state, the reports closed by
 * day with their revenue, the report days' hours and km by day. Summed by period (or for the whole range) by
 * the service. Every query filters on the company.
 */

export interface Span {
  from: string;
  to: string;
  /** The company's time zone: where a closing instant's day is cut. */
  timeZone: string;
}

export interface OpenedDay {
  giorno: string;
  stato: 'NUOVO' | 'APERTO' | 'CHIUSO';
  n: number;
}
export interface ClosedDay {
  giorno: string;
  n: number;
  ricavi: number;
}
export interface WorkDay {
  giorno: string;
  ore: number;
  viaggio: number;
  km: number;
}

/** The instants the span's first day starts and the day after its last starts, in the company's zone. */
export const closingBounds = (s: Span) =>
  sql`r.data_chiusura >= (${s.from}::date)::timestamp at time zone ${s.timeZone}
      and r.data_chiusura < (${s.to}::date + 1)::timestamp at time zone ${s.timeZone}`;

/** The company day of a report's closing instant. */
export const closingDay = (timeZone: string) => sql`(r.data_chiusura at time zone ${timeZone})::date`;

export async function openedByDay(db: DbOrTx, aziendaId: string, s: Span): Promise<OpenedDay[]> {
  const r = await db.execute(sql`
    select r.data_apertura::text as giorno, r.stato, count(*)::int as n
      from rapportini r
     where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}
     group by 1, 2`);
  return r.rows as unknown as OpenedDay[];
}

export async function closedByDay(db: DbOrTx, aziendaId: string, s: Span): Promise<ClosedDay[]> {
  const r = await db.execute(sql`
    select ${closingDay(s.timeZone)}::text as giorno, count(*)::int as n, coalesce(sum(r.totale), 0)::float8 as ricavi
      from rapportini r
     where r.azienda_id = ${aziendaId} and r.stato = 'CHIUSO' and ${closingBounds(s)}
     group by 1`);
  return r.rows as unknown as ClosedDay[];
}

export async function workByDay(db: DbOrTx, aziendaId: string, s: Span): Promise<WorkDay[]> {
  const r = await db.execute(sql`
    select g.data::text as giorno, sum(g.totale_ore)::float8 as ore, sum(g.ore_viaggio)::float8 as viaggio,
           sum(g.km_viaggio)::float8 as km
      from rapportini_giornate g
     where g.azienda_id = ${aziendaId} and g.data between ${s.from} and ${s.to}
     group by 1`);
  return r.rows as unknown as WorkDay[];
}

/** Distinct customers with a report opened in the span. */
export async function customersIn(db: DbOrTx, aziendaId: string, s: Span): Promise<number> {
  const r = await db.execute(sql`
    select count(distinct r.cliente_id)::int as n
      from rapportini r
     where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}`);
  return (r.rows[0] as { n: number }).n;
}
