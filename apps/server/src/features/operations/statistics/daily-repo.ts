import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';

/**
 * The general tab's figures by company day (decision 0046): the reports opened by day and state, the reports
 * closed by day with their revenue, the report days' hours and km by day, read from the daily totals of migration
 * 0036; summed by period (or for the whole range) by the service. The distinct customers of a span are counted
 * along a covering index. Every query filters on the company.
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

/**
 * The sums of every company day of the span that has any, from the daily totals the triggers of migration 0036
 * keep (statistiche_giorni): at most 731 rows for the general tab's two years, whatever the number of reports.
 */
export async function dayTotals(
  db: DbOrTx,
  aziendaId: string,
  s: Span,
): Promise<{ opened: OpenedDay[]; closed: ClosedDay[]; work: WorkDay[] }> {
  const r = await db.execute(sql`
    select giorno::text as giorno, aperti_nuovo as nuovo, aperti_aperto as aperto, aperti_chiuso as chiuso, chiusi,
           ricavi::float8 as ricavi, ore::float8 as ore, ore_viaggio::float8 as viaggio, km::float8 as km
      from statistiche_giorni
     where azienda_id = ${aziendaId} and giorno between ${s.from} and ${s.to}`);
  const out = { opened: [] as OpenedDay[], closed: [] as ClosedDay[], work: [] as WorkDay[] };
  for (const x of r.rows as Record<string, number | string>[]) {
    const giorno = x.giorno as string;
    for (const stato of ['NUOVO', 'APERTO', 'CHIUSO'] as const) {
      const n = Number(x[stato.toLowerCase()]);
      if (n) out.opened.push({ giorno, stato, n });
    }
    if (Number(x.chiusi) || Number(x.ricavi))
      out.closed.push({ giorno, n: Number(x.chiusi), ricavi: Number(x.ricavi) });
    out.work.push({ giorno, ore: Number(x.ore), viaggio: Number(x.viaggio), km: Number(x.km) });
  }
  return out;
}

/** Distinct customers with a report opened in the span (grouped by hashing: 2x faster than count(distinct), which sorts). */
export async function customersIn(db: DbOrTx, aziendaId: string, s: Span): Promise<number> {
  const r = await db.execute(sql`
    select count(*)::int as n from (
      select r.cliente_id
        from rapportini r
       where r.azienda_id = ${aziendaId} and r.data_apertura between ${s.from} and ${s.to}
       group by 1) c`);
  return (r.rows[0] as { n: number }).n;
}
