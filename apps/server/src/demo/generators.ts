import { sql, type SQL } from 'drizzle-orm';
import {
  ARTICLE_BRANDS,
  ARTICLE_SIZES,
  ARTICLE_SPECS,
  ARTICLE_TYPES,
  CITIES,
  LEGAL_FORMS,
  MACHINE_BRANDS,
  MACHINE_NAMES,
  PLANT_NAMES,
  STREETS,
  SURNAMES,
  TRADES,
} from './large-data.js';

/**
 * Set-based generators of demo registries (INSERT ... SELECT over generate_series),
 * shared by the large benchmark company (large.ts) and the demo's sample data
 * (sample.ts). Row g is always the same customer or article, whatever the batch.
 */

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const n = (v: number) => sql.raw(String(Math.trunc(v)));
/** Element `idx` (an SQL integer expression, taken modulo the length) of a constant JSON array, inlined as a literal. */
const pick = (arr: readonly unknown[], idx: string) =>
  sql.raw(`('${JSON.stringify(arr).replace(/'/g, "''")}'::jsonb ->> (((${idx}) % ${arr.length})::int))`);

/** SQL of the partita IVA check digit of a 10-digit text expression `b` (odd positions summed, even doubled less 9). */
function pivaCheck(b: string): string {
  const terms = Array.from({ length: 10 }, (_, k) => {
    const d = `substr(${b}, ${k + 1}, 1)::int`;
    return k % 2 === 0 ? d : `(2 * ${d} - case when ${d} >= 5 then 9 else 0 end)`;
  });
  return `((10 - ((${terms.join(' + ')}) % 10)) % 10)::text`;
}

/**
 * Customers lo..hi with 1-2 plants each and 1-3 machines per plant, in one statement, in the given
 * cities (all of Italy's by default; the demo company's own regions for its sample).
 */
export function customersBatch(aziendaId: string, lo: number, hi: number, within: typeof CITIES = CITIES): SQL {
  const cities = within.map(([nome, prov, cap, lat, lon], i) => ({ i, nome, prov, cap, lat, lon }));
  // u in [0,1) from a multiplicative hash of g; cities indexed by u² so the big cities hold more customers.
  return sql`
    with cities as (
      select * from jsonb_to_recordset(${json(cities)}) as t(i int, nome text, prov text, cap text, lat float8, lon float8)
    ), src as (
      select g, lpad(((g::bigint * 7919 + 1234567) % 10000000)::text, 7, '0') || lpad((g % 100 + 1)::text, 3, '0') as b,
             floor(${n(within.length)} * power(((g::bigint * 2654435761) % 4294967296)::float8 / 4294967296, 2))::int as ci
      from generate_series(${n(lo)}, ${n(hi)}) g
    ), c as (
      insert into clienti (azienda_id, codice, ragione_sociale, partita_iva, codice_fiscale, telefono, cellulare, email,
                           indirizzo, citta, provincia, cap, nazione, latitude, longitude, km_viaggio, ore_viaggio, note, created_at,
                           codice_destinatario, pec)
      select ${aziendaId}::uuid, 'C' || lpad(g::text, 6, '0'),
        trim(case g % 4
          when 0 then ${pick(TRADES, 'g * 7')} || ' ' || ${pick(SURNAMES, 'g * 13')} || ' ' || ${pick(LEGAL_FORMS, 'g * 3')}
          when 1 then ${pick(SURNAMES, 'g * 13')} || ' ' || ${pick(TRADES, 'g * 7')} || ' ' || ${pick(LEGAL_FORMS, 'g * 3')}
          when 2 then ${pick(SURNAMES, 'g * 13')} || ' & ' || ${pick(SURNAMES, 'g * 29 + 5')} || ' ' || ${pick(LEGAL_FORMS, 'g * 5')}
          else ${pick(TRADES, 'g * 11')} || ' ' || cities.nome || ' di ' || ${pick(SURNAMES, 'g * 17')} || ' ' || ${pick(LEGAL_FORMS, 'g')}
        end),
        b || ${sql.raw(pivaCheck('b'))},
        case when g % 3 = 0 then null else b || ${sql.raw(pivaCheck('b'))} end,
        '0' || (g % 89 + 10)::text || ' ' || lpad(((g::bigint * 37) % 1000000)::text, 6, '0'),
        case when g % 2 = 0 then '3' || (g % 50 + 20)::text || ' ' || lpad(((g::bigint * 7907) % 10000000)::text, 7, '0') end,
        'info@' || lower(regexp_replace(${pick(SURNAMES, 'g * 13')}, '[^A-Za-z]', '', 'g')) || '-' || g::text || '.example.it',
        ${pick(STREETS, 'g * 7 + 3')} || ', ' || (g % 180 + 1)::text,
        cities.nome, cities.prov, cities.cap, 'IT',
        case when g % 10 <> 0 then cities.lat + ((g % 200) - 100) / 4000.0 end,
        case when g % 10 <> 0 then cities.lon + ((g * 7 % 200) - 100) / 4000.0 end,
        (g % 120)::numeric, round((g % 120) / 60.0, 2),
        case when g % 25 = 0 then 'Accesso dal retro, chiedere del responsabile' end,
        now() - ((g % 1500) * interval '1 day'),
        -- Where their e-invoices go (FatturaPA): most an SDI code, the others a PEC.
        case when g % 4 <> 3 then upper(substr(md5('sdi' || g::text), 1, 7)) end,
        case when g % 4 = 3 then 'amministrazione-' || g::text || '@pec.example.it' end
      from src join cities on cities.i = src.ci
      returning id, codice, indirizzo, citta, provincia, cap
    ), p as (
      insert into impianti (azienda_id, cliente_id, nome, indirizzo, citta, provincia, cap)
      select ${aziendaId}::uuid, c.id,
        case when k = 1 then 'Sede ' || c.citta else ${pick(PLANT_NAMES, 'substr(c.codice, 2)::int + 1')} || ' ' || c.citta end,
        c.indirizzo, c.citta, c.provincia, c.cap
      from c cross join lateral generate_series(1, 1 + substr(c.codice, 2)::int % 2) k
      returning id
    ), m as (
      insert into macchinari (azienda_id, impianto_id, livello, nome, matricola)
      select ${aziendaId}::uuid, p.id, 2,
        ${pick(MACHINE_NAMES, 'get_byte(uuid_send(p.id), 1) + k')} || ' ' || ${pick(MACHINE_BRANDS, 'get_byte(uuid_send(p.id), 2)')},
        'SN' || lpad((${n(lo * 6)} + row_number() over ())::text, 9, '0')
      from p cross join lateral generate_series(1, 1 + get_byte(uuid_send(p.id), 0) % 3) k
      returning 1
    )
    select (select count(*) from c)::int as clienti, (select count(*) from p)::int as impianti, (select count(*) from m)::int as macchinari`;
}

/** Articles lo..hi of the catalogue, in one statement. */
export function articlesBatch(aziendaId: string, lo: number, hi: number): SQL {
  const types = ARTICLE_TYPES.map(([t]) => t);
  const units = ARTICLE_TYPES.map(([, u]) => u);
  return sql`
    insert into articoli (azienda_id, codice, riferimento_esterno, descrizione, unita_misura, prezzo_acquisto, prezzo_vendita, note,
      aliquota_iva, natura_iva)
    select ${aziendaId}::uuid, 'ART' || lpad(g::text, 6, '0'),
      case when g % 10 < 7 then upper(substr(${pick(ARTICLE_BRANDS, 'g * 3')}, 1, 3)) || '-' || lpad(((g::bigint * 7907) % 1000000)::text, 6, '0') end,
      ${pick(types, 'g * 7')} || ' ' || ${pick(ARTICLE_SIZES, 'g * 11')} || ' ' || ${pick(ARTICLE_SPECS, 'g * 5')} || ' ' || ${pick(ARTICLE_BRANDS, 'g * 3')},
      ${pick(units, 'g * 7')},
      round(((g::bigint * 37) % 50000) / 100.0 + 0.5, 2),
      round((((g::bigint * 37) % 50000) / 100.0 + 0.5) * 1.35, 2),
      case when g % 40 = 0 then 'Fuori produzione: usare il sostitutivo' end,
      -- VAT (decision 0050): most take the company's default (22%), some parts 10%, a few exempt (0%, N4).
      case when g % 25 = 0 then 0 when g % 9 = 0 then 10 end,
      case when g % 25 = 0 then 'N4' end
    from generate_series(${n(lo)}, ${n(hi)}) g`;
}
