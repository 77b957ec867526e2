import { sql, type SQL } from 'drizzle-orm';

/**
 * Contracts lo..hi of the large company in one statement (data-modifying CTEs), for the planner and
 * contract benchmarks (issue 13): each a three-year contract of a customer (every fourth on call,
 * with 40 hours; the rest maintenance) on the customer's first plant, with four activities every
 * 1, 3, 6 and 12 months and their dated occurrences over the whole period. Past occurrences are
 * done, except every seventh (overdue). Dates step with PostgreSQL's month arithmetic, which keeps
 * the day or clamps to the month's end, the same rule as the service's recurrence.
 */
const n = (v: number) => sql.raw(String(Math.trunc(v)));

/** Months between an activity's dates: the four activities of each contract. */
export const LARGE_ACTIVITY_MONTHS = [1, 3, 6, 12] as const;
const ACTIVITY_NAMES = ['Controllo mensile', 'Verifica trimestrale', 'Manutenzione semestrale', 'Revisione annuale'];

export function contractsBatch(aziendaId: string, lo: number, hi: number): SQL {
  const months = sql.raw(`array[${LARGE_ACTIVITY_MONTHS.join(',')}]`);
  const names = sql.raw(`array[${ACTIVITY_NAMES.map((s) => `'${s}'`).join(',')}]`);
  return sql`
    with cl as (
      select c.id, (row_number() over (order by c.id)) - 1 as rn,
             (select p.id from impianti p where p.azienda_id = c.azienda_id and p.cliente_id = c.id order by p.id limit 1) as impianto_id
        from clienti c where c.azienda_id = ${aziendaId}::uuid
    ), src as (
      -- The customer's row number computed here, so the join below is an equality (hash join), not a nested loop.
      select g, gen_random_uuid() as id,
             (g::bigint * 7919) % (select count(*) from clienti where azienda_id = ${aziendaId}::uuid) as ci,
             (current_date - 365 - (g % 365))::date as inizio,
             case when g % 4 = 0 then 'chiamata' else 'manutenzione' end as tipo
        from generate_series(${n(lo)}, ${n(hi)}) g
    ), c as (
      insert into contratti (id, azienda_id, cliente_id, identificativo, descrizione, tipo, data_inizio, data_fine,
                             ore_contratto, rinnovo_automatico, mesi_rinnovo, giorni_preavviso_rinnovo)
      select src.id, ${aziendaId}::uuid, cl.id, 'CTR-' || lpad(src.g::text, 6, '0'),
             case when src.tipo = 'chiamata' then 'Assistenza su chiamata' else 'Manutenzione programmata' end,
             src.tipo, src.inizio, (src.inizio + interval '3 years' - interval '1 day')::date,
             case when src.tipo = 'chiamata' then 40 end, src.g % 2 = 0, 12, 30
        from src join cl on cl.rn = src.ci
      returning id, cliente_id, data_inizio, data_fine
    ), ci as (
      insert into contratti_impianti (azienda_id, contratto_id, impianto_id)
      select ${aziendaId}::uuid, c.id, cl.impianto_id from c join cl on cl.id = c.cliente_id
       where cl.impianto_id is not null
      returning 1
    ), acts as (
      select c.id as contratto_id, gen_random_uuid() as id, k, c.data_inizio, c.data_fine,
             (${months})[k] as ogni, cl.impianto_id
        from c join cl on cl.id = c.cliente_id cross join generate_series(1, ${n(LARGE_ACTIVITY_MONTHS.length)}) k
    ), a as (
      insert into contratti_attivita (id, azienda_id, contratto_id, descrizione, frequenza, impianto_id, ogni, unita,
                                      data_inizio, durata_minuti, posizione)
      select acts.id, ${aziendaId}::uuid, acts.contratto_id, (${names})[acts.k], 'fissa', acts.impianto_id, acts.ogni,
             'mesi', acts.data_inizio, 60, acts.k - 1
        from acts
      returning 1
    ), occ as (
      select acts.id as attivita_id, acts.contratto_id, d.data
        from acts cross join lateral (
          select (acts.data_inizio + (i * acts.ogni) * interval '1 month')::date as data
            from generate_series(0, (36 / acts.ogni) - 1) i
        ) d
       where d.data <= acts.data_fine
    ), o as (
      insert into attivita_date (azienda_id, attivita_id, contratto_id, data, fatta_at)
      select ${aziendaId}::uuid, occ.attivita_id, occ.contratto_id, occ.data,
             case when occ.data < current_date and hashtext(occ.attivita_id::text || occ.data::text) % 7 <> 0
                  then occ.data::timestamptz + interval '10 hours' end
        from occ
      returning 1
    )
    select (select count(*) from c)::int as contratti, (select count(*) from a)::int as attivita,
           (select count(*) from o)::int as occorrenze, (select count(*) from ci)::int as impianti`;
}
