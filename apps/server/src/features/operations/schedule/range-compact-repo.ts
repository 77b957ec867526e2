import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { RangeFilter } from './repo.js';
import { rangeCtes, rangeLinks } from './range-repo.js';

/**
 * The range's lean answer (`forma=compatta`, decision 0044) as JSON text made by PostgreSQL: each appointment
 * as a tuple of what a calendar draws (title, instants in epoch ms, days, state) with its customer, plant,
 * job role and technicians as places in dictionaries that name each once. The values are the full answer's
 * (range-repo.ts), field for field: a test expands this one and compares.
 */
export async function compactRangeJson(db: DbOrTx, aziendaId: string, tz: string, f: RangeFilter): Promise<string> {
  const r = await db.execute(compactRangeSql(aziendaId, tz, f));
  return (r.rows[0] as { body: string }).body;
}

/** Epoch milliseconds (truncated, as the full answer's ISO text). */
const ms = (col: SQL) => sql`floor(extract(epoch from ${col}) * 1000)::bigint`;

/** A dictionary's places: the distinct ids, numbered from 0 in id order. */
const places = (col: string, from: 'a' | 'l') =>
  sql`select id, (row_number() over (order by id))::int - 1 as ix
        from (select distinct ${sql.raw(col)} as id from ${sql.raw(from)}) d where id is not null`;

/** The statement of compactRangeJson: `{"items":[[...]],"clienti":[[...]],"impianti":...,"tecnici":...,"mansioni":...}`. */
export function compactRangeSql(aziendaId: string, tz: string, f: RangeFilter): SQL {
  return sql`${rangeCtes(aziendaId, f)}, l as materialized (
      select t.appuntamento_id, t.utente_id from ${rangeLinks(aziendaId, f)}
    ), ci as materialized (${places('cliente_id', 'a')}
    ), ii as materialized (${places('impianto_id', 'a')}
    ), mi as materialized (${places('mansione_id', 'a')}
    ), ti as materialized (${places('utente_id', 'l')}
    ), tt as (
      select l.appuntamento_id, json_agg(ti.ix order by l.utente_id) as t
        from l join ti on ti.id = l.utente_id group by l.appuntamento_id
    )
    select json_build_object(
      'items', (select coalesce(json_agg(json_build_array(a.id, a.titolo, ci.ix, ii.ix, mi.ix, coalesce(tt.t, '[]'::json),
                  ${ms(sql`a.inizio`)}, ${ms(sql`a.fine`)}, a.tutto_il_giorno,
                  to_char(a.inizio at time zone ${tz}, 'YYYYMMDD'),
                  -- An all-day appointment ends at the midnight after its last day; a timed one on the day of its last instant.
                  case when a.tutto_il_giorno then to_char((a.fine at time zone ${tz})::date - 1, 'YYYYMMDD')
                       else to_char((a.fine - interval '1 millisecond') at time zone ${tz}, 'YYYYMMDD') end,
                  a.da_fare, a.rapportino_id, r.stato, r.numero_assistenza) order by a.inizio, a.id), '[]')
                 from a
                 join ci on ci.id = a.cliente_id
                 left join ii on ii.id = a.impianto_id
                 left join mi on mi.id = a.mansione_id
                 left join tt on tt.appuntamento_id = a.id
                 left join rapportini r on r.azienda_id = ${aziendaId}::uuid and r.id = a.rapportino_id),
      'clienti', (select coalesce(json_agg(json_build_array(ci.id, cl.ragione_sociale, cl.indirizzo, cl.citta, cl.latitude,
                    cl.longitude) order by ci.ix), '[]')
                    from ci join clienti cl on cl.azienda_id = ${aziendaId}::uuid and cl.id = ci.id),
      'impianti', (select coalesce(json_agg(json_build_array(ii.id, i.nome, i.indirizzo, i.citta) order by ii.ix), '[]')
                     from ii join impianti i on i.azienda_id = ${aziendaId}::uuid and i.id = ii.id),
      'tecnici', (select coalesce(json_agg(json_build_array(ti.id, coalesce(u.nome, ''), coalesce(u.colore, 0))
                    order by ti.ix), '[]')
                    from ti left join u on u.id = ti.id),
      'mansioni', (select coalesce(json_agg(json_build_array(mi.id, ms.nome) order by mi.ix), '[]')
                     from mi join mansioni ms on ms.azienda_id = ${aziendaId}::uuid and ms.id = mi.id)
    )::text as body`;
}
