import { sql, type SQL } from 'drizzle-orm';

/**
 * Work reports lo..hi of the large company in one statement (data-modifying CTEs): each report
 * with its technician, three worked days (hours, travel) and three material lines from the
 * articles. Report g of `total` is opened `span` days back in proportion (numbers follow dates);
 * the older ones closed and a tenth of those completed, the last month's half open.
 *
 * The stored totals follow the pricing rules for what is seeded here (no lump sum, contract,
 * technician prices, meals or custom fields): hours at the company's hourly price, travel hours,
 * km, and each material at its unit amount; large.test.ts checks a seeded report's list total
 * against the prices its detail computes.
 *
 * The customer and articles are picked by row number from the temporary tables of reportPicks()
 * (numbered once per seed, a primary key on the number), the number computed on the report's side
 * (`src.ci`, `src.an`) so that each pick is an equality an index or a hash join serves: a key that
 * reads the picked table's own count (`cl.rn = g * 7919 % cl.n`) could only be a nested loop, every
 * report against every customer (100,000 reports over 100,000 customers: six minutes and more), and
 * numbering the company's rows in each batch sorted 100,000 rows twice per 5,000 reports.
 */
export interface ReportRates {
  ora: string;
  oraViaggio: string;
  km: string;
}

const n = (v: number) => sql.raw(String(Math.trunc(v)));

const REQUESTS = [
  'Manutenzione ordinaria',
  'Guasto segnalato dal cliente',
  'Verifica periodica',
  'Sostituzione componente',
  'Installazione',
  'Controllo fumi',
];

/**
 * The company's customers and articles numbered from 0 (in id order), in temporary tables dropped at the end of the
 * seed's transaction: what reportsBatch picks from. Run once, inside the transaction, before the first batch.
 */
export function reportPicks(aziendaId: string): SQL[] {
  return [
    sql`create temporary table seed_report_clienti on commit drop as
      select (row_number() over (order by id)) - 1 as rn, id from clienti where azienda_id = ${aziendaId}::uuid`,
    sql`alter table seed_report_clienti add primary key (rn)`,
    sql`create temporary table seed_report_articoli on commit drop as
      select (row_number() over (order by id)) - 1 as rn, id, codice, descrizione, unita_misura, prezzo_vendita,
             prezzo_acquisto
        from articoli where azienda_id = ${aziendaId}::uuid`,
    sql`alter table seed_report_articoli add primary key (rn)`,
    sql`analyze seed_report_clienti, seed_report_articoli`,
  ];
}

export function reportsBatch(
  aziendaId: string,
  lo: number,
  hi: number,
  total: number,
  span: number,
  techs: { id: string; nome: string }[],
  rates: ReportRates,
): SQL {
  const tech = sql.raw(`('${JSON.stringify(techs).replace(/'/g, "''")}'::jsonb)`);
  const requests = sql.raw(`('${JSON.stringify(REQUESTS).replace(/'/g, "''")}'::jsonb)`);
  return sql`
    with nn as (
      select (select count(*) from seed_report_clienti) as cl, (select count(*) from seed_report_articoli) as art
    ), src as (
      select g, gen_random_uuid() as id, (g::bigint * 7919) % nn.cl as ci, nn.art as an,
             (current_date - (((${n(total)} - g)::bigint * ${n(span)}) / ${n(total)})::int) as d,
             ((${n(total)} - g)::bigint * ${n(span)}) / ${n(total)} as back,
             ${tech} -> ((g * 7) % ${n(techs.length)})::int as t
        from generate_series(${n(lo)}, ${n(hi)}) g, nn
    ), days as (
      select src.id, src.g, src.ci, k, least(src.d + (k - 1), current_date) as data, src.t,
             (1 + ((src.g * 3 + k) % 6) * 0.5)::numeric(6, 2) as ore,
             (((src.g + k) % 4) * 0.5)::numeric(6, 2) as ore_viaggio,
             ((src.g * 11 + k * 7) % 80)::numeric(8, 1) as km
        from src cross join generate_series(1, 3) k
    ), mats as (
      select src.id, src.g, k, art.id as articolo_id, art.codice, art.descrizione, art.unita_misura,
             (1 + (src.g + k) % 4)::numeric(12, 3) as quantita, art.prezzo_vendita, art.prezzo_acquisto
        from src cross join generate_series(1, 3) k
        join seed_report_articoli art on art.rn = (src.g * 31 + k * 977) % src.an
    ), dsum as (
      select id, sum(ore) as ore,
             sum(ore * ${rates.ora}::numeric + ore_viaggio * ${rates.oraViaggio}::numeric + km * ${rates.km}::numeric) as importo
        from days group by id
    ), msum as (
      select id, sum(quantita * coalesce(prezzo_vendita, 0)) as importo from mats group by id
    ), sums as (
      select dsum.id, dsum.ore, dsum.importo + coalesce(msum.importo, 0) as totale
        from dsum left join msum on msum.id = dsum.id
    ), r as (
      insert into rapportini (id, azienda_id, cliente_id, numero_assistenza, stato, data_apertura, data_chiusura,
                              motivazione, tipo_intervento, richiesta_iniziale, completato, completato_at,
                              totale_ore, totale, created_at, updated_at)
      select src.id, ${aziendaId}::uuid, cl.id,
             'G' || extract(year from src.d)::int || '/' || lpad(src.g::text, 7, '0'),
             case when src.back > 30 or src.g % 2 = 1 then 'CHIUSO' else 'APERTO' end,
             src.d,
             case when src.back > 30 or src.g % 2 = 1 then least(src.d + 2, current_date)::timestamptz end,
             null, 'intervento', ${requests} ->> ((src.g % ${n(REQUESTS.length)})::int),
             src.back > 30 and src.g % 10 = 0,
             case when src.back > 30 and src.g % 10 = 0 then (src.d + 3)::timestamptz end,
             sums.ore, sums.totale, src.d::timestamptz, src.d::timestamptz
        from src
        join seed_report_clienti cl on cl.rn = src.ci
        join sums on sums.id = src.id
      returning id
    ), rt as (
      insert into rapportini_tecnici (azienda_id, rapportino_id, utente_id, data_apertura)
      select ${aziendaId}::uuid, src.id, (src.t ->> 'id')::uuid, src.d from src
      returning 1
    ), rg as (
      insert into rapportini_giornate (azienda_id, rapportino_id, cliente_id, ordine, data, tecnico_id, tecnico_nome,
                                       totale_ore, km_viaggio, ore_viaggio)
      select ${aziendaId}::uuid, days.id, cl.id, days.k - 1, days.data, (days.t ->> 'id')::uuid, days.t ->> 'nome',
             days.ore, days.km, days.ore_viaggio
        from days join seed_report_clienti cl on cl.rn = days.ci
      returning 1
    ), rm as (
      insert into rapportini_materiali (azienda_id, rapportino_id, ordine, articolo_id, codice, descrizione, quantita,
                                        unita, importo_unitario, costo_acquisto)
      select ${aziendaId}::uuid, mats.id, mats.k - 1, mats.articolo_id, mats.codice, mats.descrizione, mats.quantita,
             mats.unita_misura, mats.prezzo_vendita, mats.prezzo_acquisto
        from mats
      returning 1
    )
    select (select count(*) from r)::int as rapportini, (select count(*) from rg)::int as giornate,
           (select count(*) from rm)::int as materiali`;
}
