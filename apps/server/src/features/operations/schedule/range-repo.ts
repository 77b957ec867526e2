import { sql, type SQL } from 'drizzle-orm';
import { SCHEDULE_MAX } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { RangeFilter } from './repo.js';

/**
 * The calendar's range as the JSON array itself, made by PostgreSQL (issue 14's benchmark: a month of
 * 50 technicians is thousands of appointments; they are not parsed and re-serialized row by row). The
 * same items as presenter.ts makes from repo.inRange, field for field and in the same order (a test
 * compares the two): technicians with name and colour (their place among the company's users, as
 * repo.companyUsers orders them), instants as ISO UTC with milliseconds, days YYYYMMDD in the zone.
 */
const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function inRangeJson(
  db: DbOrTx,
  aziendaId: string,
  tz: string,
  f: RangeFilter & { withCoordinates?: boolean },
): Promise<string> {
  const r = await db.execute(inRangeSql(aziendaId, tz, f));
  return (r.rows[0] as { items: string }).items;
}

/**
 * The company's users with name and colour (their place among them), and the range's appointments (`a`):
 * the CTEs both shapes of the range start from (this file's and range-compact-repo.ts's).
 */
export function rangeCtes(aziendaId: string, f: RangeFilter): SQL {
  const earliest = new Date(f.from.getTime() - SCHEDULE_MAX.durataGiorni * 86_400_000);
  // Appointments started up to a day before the range (nearly all that overlap it) along the start's index.
  const nearly = new Date(f.from.getTime() - 86_400_000);
  const narrow = sql`${
    f.tecnicoId
      ? sql`and x.id in (select t.appuntamento_id from appuntamenti_tecnici t where t.azienda_id = ${aziendaId}::uuid
           and t.utente_id = ${f.tecnicoId}::uuid and t.inizio >= ${earliest.toISOString()}::timestamptz
           and t.inizio < ${f.to.toISOString()}::timestamptz)`
      : sql``
  }
         ${f.mansioneId ? sql`and x.mansione_id = ${f.mansioneId}::uuid` : sql``}
         ${f.clienteId ? sql`and x.cliente_id = ${f.clienteId}::uuid` : sql``}`;
  return sql`with u as materialized (
      -- The company's users with name and colour (their place among them): hashed, then joined per link.
      select id, nome, colore, json_build_object('id', id, 'nome', nome, 'colore', colore) as j
        from (select id, coalesce(nullif(concat_ws(' ', nullif(name, ''), nullif(surname, '')), ''), username) as nome,
                     ((row_number() over (order by ordine, created_at, id)) - 1) % 12 as colore
                from utenti where azienda_id = ${aziendaId}::uuid) x
    ), a as materialized (
      select * from appuntamenti x
       where x.azienda_id = ${aziendaId}::uuid and x.inizio >= ${nearly.toISOString()}::timestamptz
         and x.inizio < ${f.to.toISOString()}::timestamptz and x.fine > ${f.from.toISOString()}::timestamptz
         ${narrow}
      union all
      -- Longer than a day and started before: few, found along the long ones' own index (0027).
      select * from appuntamenti x
       where x.azienda_id = ${aziendaId}::uuid and x.fine - x.inizio > interval '1 day'
         and x.inizio >= ${earliest.toISOString()}::timestamptz and x.inizio < ${nearly.toISOString()}::timestamptz
         and x.fine > ${f.from.toISOString()}::timestamptz
         ${narrow}
    )`;
}

/** The links of the range's appointments (`a`) to their technicians, along the links' copied start. */
export function rangeLinks(aziendaId: string, f: RangeFilter, join: SQL = sql``): SQL {
  const earliest = new Date(f.from.getTime() - SCHEDULE_MAX.durataGiorni * 86_400_000);
  return sql`appuntamenti_tecnici t join a on a.id = t.appuntamento_id ${join}
       where t.azienda_id = ${aziendaId}::uuid and t.inizio >= ${earliest.toISOString()}::timestamptz
         and t.inizio < ${f.to.toISOString()}::timestamptz`;
}

/** The statement of inRangeJson (the benchmark explains it). */
export function inRangeSql(aziendaId: string, tz: string, f: RangeFilter & { withCoordinates?: boolean }): SQL {
  return sql`${rangeCtes(aziendaId, f)}, tt as (
      -- Technicians and machines of the range's appointments in one pass each (not a lookup per appointment).
      -- The links carry the start (their index along it): the range's links in one scan.
      select t.appuntamento_id,
             json_agg(coalesce(u.j, json_build_object('id', t.utente_id, 'nome', '', 'colore', 0)) order by t.utente_id) as tecnici
        from ${rangeLinks(aziendaId, f, sql`left join u on u.id = t.utente_id`)}
       group by t.appuntamento_id
    ), mm as (
      select m.appuntamento_id, json_agg(m.macchinario_id order by m.macchinario_id) as macchinari_ids
        from appuntamenti_macchinari m join a on a.id = m.appuntamento_id
       where m.azienda_id = ${aziendaId}::uuid
       group by m.appuntamento_id
    ), j as (
      select a.id, a.titolo, a.note, a.cliente_id, cl.ragione_sociale as cliente, a.impianto_id, i.nome as impianto,
             coalesce(mm.macchinari_ids, '[]'::json) as macchinari_ids, coalesce(tt.tecnici, '[]'::json) as tecnici,
             a.mansione_id, ms.nome as mansione, ${iso(sql`a.inizio`)} as inizio, ${iso(sql`a.fine`)} as fine,
             a.tutto_il_giorno,
             to_char(a.inizio at time zone ${tz}, 'YYYYMMDD') as giorno_inizio,
             -- An all-day appointment ends at the midnight after its last day; a timed one on the day of its last instant.
             case when a.tutto_il_giorno then to_char((a.fine at time zone ${tz})::date - 1, 'YYYYMMDD')
                  else to_char((a.fine - interval '1 millisecond') at time zone ${tz}, 'YYYYMMDD') end as giorno_fine,
             a.da_fare,
             json_build_object('indirizzo', coalesce(i.indirizzo, cl.indirizzo), 'citta', coalesce(i.citta, cl.citta),
                               'latitude', cl.latitude, 'longitude', cl.longitude) as luogo,
             a.rapportino_id, r.stato as stato_rapportino, r.numero_assistenza, a.attivita_data_id, a.promemoria_minuti,
             ${iso(sql`a.promemoria_inviato_at`)} as promemoria_inviato_at
        from a
        join clienti cl on cl.azienda_id = ${aziendaId}::uuid and cl.id = a.cliente_id
        left join impianti i on i.azienda_id = ${aziendaId}::uuid and i.id = a.impianto_id
        left join mansioni ms on ms.azienda_id = ${aziendaId}::uuid and ms.id = a.mansione_id
        left join rapportini r on r.azienda_id = ${aziendaId}::uuid and r.id = a.rapportino_id
        left join tt on tt.appuntamento_id = a.id
        left join mm on mm.appuntamento_id = a.id
       ${f.withCoordinates ? sql`where cl.latitude is not null and cl.longitude is not null` : sql``}
       order by a.inizio, a.id
    )
    select coalesce(json_agg(j), '[]')::text as items from j`;
}
