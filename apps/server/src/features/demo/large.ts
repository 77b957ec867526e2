import { eq, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@fs/contract';
import type { Database, Db, Tx } from '../../platform/db/client.js';
import { aziende } from '../../platform/db/schema.js';
import { provisionCompany } from '../company/provision.js';
import { DEMO } from './seed.js';
import {
  ARTICLE_BRANDS, ARTICLE_SIZES, ARTICLE_SPECS, ARTICLE_TYPES, CITIES, LEGAL_FORMS, MACHINE_BRANDS, MACHINE_NAMES,
  PLANT_NAMES, STREETS, SURNAMES, TRADES,
} from './large-data.js';

/**
 * The large demo company (`npm run seed:large -w apps/server`, bench/lists.ts):
 * tens of thousands of customers with plants and machines, and articles, written
 * with INSERT ... SELECT over generate_series (customers, plants and machines of a
 * batch in one statement through data-modifying CTEs), the whole company in one
 * transaction: it is there complete or not at all.
 */
export const LARGE_DEMO = {
  piva: '09753102467',
  ragioneSociale: 'Grandi Impianti Italia S.p.A.',
  password: DEMO.password,
  username: 'admin',
};

export interface LargeOptions {
  customers: number;
  articles: number;
  piva?: string;
  /** Called after each batch (progress). */
  onProgress?: (what: 'clienti' | 'articoli', done: number, total: number) => void;
}

export interface LargeCounts { aziendaId: string; clienti: number; impianti: number; macchinari: number; articoli: number }

const BATCH = 5_000;

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

/** Customers lo..hi with 1-2 plants each and 1-3 machines per plant, in one statement. */
export function customersBatch(aziendaId: string, lo: number, hi: number): SQL {
  const cities = CITIES.map(([nome, prov, cap, lat, lon], i) => ({ i, nome, prov, cap, lat, lon }));
  // u in [0,1) from a multiplicative hash of g; cities indexed by u² so the big cities hold more customers.
  return sql`
    with cities as (
      select * from jsonb_to_recordset(${json(cities)}) as t(i int, nome text, prov text, cap text, lat float8, lon float8)
    ), src as (
      select g, lpad(((g::bigint * 7919 + 1234567) % 10000000)::text, 7, '0') || lpad((g % 100 + 1)::text, 3, '0') as b,
             floor(${n(CITIES.length)} * power(((g::bigint * 2654435761) % 4294967296)::float8 / 4294967296, 2))::int as ci
      from generate_series(${n(lo)}, ${n(hi)}) g
    ), c as (
      insert into clienti (azienda_id, codice, ragione_sociale, partita_iva, codice_fiscale, telefono, cellulare, email,
                           indirizzo, citta, provincia, cap, nazione, latitude, longitude, km_viaggio, ore_viaggio, note, created_at)
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
        now() - ((g % 1500) * interval '1 day')
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
    insert into articoli (azienda_id, codice, riferimento_esterno, descrizione, unita_misura, prezzo_acquisto, prezzo_vendita, note)
    select ${aziendaId}::uuid, 'ART' || lpad(g::text, 6, '0'),
      case when g % 10 < 7 then upper(substr(${pick(ARTICLE_BRANDS, 'g * 3')}, 1, 3)) || '-' || lpad(((g::bigint * 7907) % 1000000)::text, 6, '0') end,
      ${pick(types, 'g * 7')} || ' ' || ${pick(ARTICLE_SIZES, 'g * 11')} || ' ' || ${pick(ARTICLE_SPECS, 'g * 5')} || ' ' || ${pick(ARTICLE_BRANDS, 'g * 3')},
      ${pick(units, 'g * 7')},
      round(((g::bigint * 37) % 50000) / 100.0 + 0.5, 2),
      round((((g::bigint * 37) % 50000) / 100.0 + 0.5) * 1.35, 2),
      case when g % 40 = 0 then 'Fuori produzione: usare il sostitutivo' end
    from generate_series(${n(lo)}, ${n(hi)}) g`;
}

export async function findLargeCompany(db: Db, piva = LARGE_DEMO.piva): Promise<LargeCounts | undefined> {
  const [az] = await db.select({ id: aziende.id }).from(aziende).where(eq(aziende.partitaIva, piva));
  if (!az) return undefined;
  const r = await db.execute(sql`select
    (select count(*) from clienti where azienda_id = ${az.id})::int as clienti,
    (select count(*) from impianti where azienda_id = ${az.id})::int as impianti,
    (select count(*) from macchinari where azienda_id = ${az.id})::int as macchinari,
    (select count(*) from articoli where azienda_id = ${az.id})::int as articoli`);
  return { aziendaId: az.id, ...(r.rows[0] as Omit<LargeCounts, 'aziendaId'>) };
}

/** Deletes the large demo company (cascade: its customers, plants, machines, articles, users). */
export async function deleteLargeCompany(db: Db, piva = LARGE_DEMO.piva): Promise<boolean> {
  const rows = await db.delete(aziende).where(eq(aziende.partitaIva, piva)).returning({ id: aziende.id });
  return rows.length > 0;
}

/**
 * Creates the large demo company with its data in one transaction, then refreshes the
 * planner statistics. Throws when a company with that VAT number exists.
 */
export async function seedLargeCompany(database: Database, opts: LargeOptions): Promise<LargeCounts> {
  const piva = opts.piva ?? LARGE_DEMO.piva;
  if (await findLargeCompany(database.db, piva)) throw new Error(`a company with VAT number ${piva} already exists`);
  const counts = await database.db.transaction(async (tx: Tx) => {
    // The row estimates of the CTE chain are huge (lateral generate_series): JIT would compile for a second per batch.
    await tx.execute(sql`set local jit = off`);
    const { company } = await provisionCompany(tx as unknown as Db, {
      ragioneSociale: LARGE_DEMO.ragioneSociale,
      partitaIva: piva,
      mailPrincipale: 'info@grandi-impianti.example',
      subscriptionType: 'platinum',
      trialDays: 365,
      licences: 10,
      users: [{ username: LARGE_DEMO.username, password: LARGE_DEMO.password, role: 'admin', name: 'Giulia', surname: 'Conti', email: 'admin@grandi-impianti.example' }],
    });
    const aziendaId = company.id;
    // Purchased slots so the plan limits hold the data (one slot of each is included), plus one spare.
    const slots = { customers: Math.ceil(opts.customers / LIMITS.customersPerSlot), items: Math.ceil(opts.articles / LIMITS.itemsPerSlot) };
    for (const [type, quantity] of Object.entries(slots)) {
      await tx.execute(sql`insert into subscription_items (azienda_id, type, quantity) values (${aziendaId}, ${type}, ${quantity})
        on conflict (azienda_id, type) do update set quantity = excluded.quantity`);
    }
    const out: LargeCounts = { aziendaId, clienti: 0, impianti: 0, macchinari: 0, articoli: 0 };
    for (let lo = 1; lo <= opts.customers; lo += BATCH) {
      const hi = Math.min(opts.customers, lo + BATCH - 1);
      const r = (await tx.execute(customersBatch(aziendaId, lo, hi))).rows[0] as { clienti: number; impianti: number; macchinari: number };
      out.clienti += r.clienti; out.impianti += r.impianti; out.macchinari += r.macchinari;
      opts.onProgress?.('clienti', hi, opts.customers);
    }
    for (let lo = 1; lo <= opts.articles; lo += BATCH) {
      const hi = Math.min(opts.articles, lo + BATCH - 1);
      await tx.execute(articlesBatch(aziendaId, lo, hi));
      out.articoli = hi;
      opts.onProgress?.('articoli', hi, opts.articles);
    }
    return out;
  });
  // Fresh statistics and visibility map: the planner sees the new rows, counts can use index-only scans.
  await database.executeSql('vacuum (analyze) clienti, impianti, macchinari, articoli');
  return counts;
}
