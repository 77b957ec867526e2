/**
 * Benchmark of the customer list at scale: a company with 100,000 customers
 * (and a neighbour with as many, so indexes pay for other companies too),
 * then sequential requests over real HTTP on loopback; prints p50 / p95.
 *
 *   npx tsx bench/customers.ts                  # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/customers.ts
 *   BENCH_CUSTOMERS=100000 BENCH_RUNS=40
 */
import { signedInMeasure, startBench } from './harness.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const bench = await startBench('cli');
const { built, sql } = bench;

async function seed(aziendaId: string, n: number) {
  await sql(
    `
    insert into clienti (azienda_id, codice, ragione_sociale, partita_iva, telefono, indirizzo, citta, provincia, cap)
    select $1, 'C' || lpad(g::text, 7, '0'),
      (array['Rossi','Bianchi','Verdi','Esposito','Ferrari','Russo','Romano','Gallo','Costa','Fontana','Conti','Ricci'])[1 + g % 12] || ' ' ||
      (array['Impianti','Termotecnica','Costruzioni','Servizi','Meccanica','Elettrica','Clima','Ascensori'])[1 + (g / 12) % 8] || ' ' ||
      (g % 9973)::text || (array[' S.r.l.',' S.p.A.',' S.n.c.',' & C.'])[1 + g % 4],
      lpad(((g::bigint * 7919) % 99999999999)::text, 11, '0'),
      '02 ' || lpad((g % 1000000)::text, 6, '0'),
      'Via ' || (array['Roma','Garibaldi','Mazzini','Verdi','Dante','Cavour'])[1 + g % 6] || ' ' || (g % 200)::text,
      (array['Milano','Torino','Bologna','Bari','Napoli','Firenze','Verona','Padova','Brescia','Monza'])[1 + g % 10],
      (array['MI','TO','BO','BA','NA','FI','VR','PD','BS','MB'])[1 + g % 10],
      lpad((10000 + g % 89999)::text, 5, '0')
    from generate_series(1, $2::int) g`,
    [aziendaId, n],
  );
  // As autovacuum would after a bulk load: statistics and the visibility map (index-only counts).
  await sql('vacuum analyze clienti');
}

const { a, b } = await bench.companies('Clienti');
const t0 = performance.now();
await seed(a.company.id, CUSTOMERS);
await seed(b.company.id, CUSTOMERS);
console.log(
  `seeded 2 x ${CUSTOMERS.toLocaleString('en')} customers on ${built.deps.database.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const measure = await signedInMeasure(built, a.company.partitaIva, 'benchcli00000001');

const list = '/api/clienti/clienti-filtered';
const admin = '/api/clienti/clienti/admin';
const total = (j: any) => console.error(`  total ${j.totaleElementi}`);
await measure('page 1 by name, total', `${list}?size=25`, undefined, total);
await measure('page 1 with tableInfos', `${list}?size=25&tableInfos=true`);
await measure('page 1 by name, 200 rows', `${list}?size=200`);
await measure('page 2,000 by name (offset 49,975)', `${list}?page=2000&size=25`);
await measure('page 1 by registry id, descending', `${list}?sort=codice&dir=desc`);
await measure('page 1 by city', `${list}?sort=citta`);
await measure('page 1 by VAT number', `${list}?sort=partita_iva`);
await measure('search "termotecnica" (contains, 1 in 8)', `${list}?q=termotecnica`, undefined, total);
await measure('search "gallo clima 42" (rare)', `${list}?q=${encodeURIComponent('clima 42')}`, undefined, total);
await measure('search "C0099" (registry id)', `${list}?q=C0099`, undefined, total);
await measure('search "zzzz" (no match)', `${list}?q=zzzz`, undefined, total);
await measure('filter provincia=MI', `${list}?provincia=MI`, undefined, total);
await measure('filter citta=mon (prefix) + provincia=MB', `${list}?citta=mon&provincia=MB`, undefined, total);
await measure(
  'admin: search + filter, by city desc',
  admin,
  { q: 'rossi', filters: { provincia: 'TO' }, sort: 'citta', dir: 'desc' },
  total,
);
await measure('pickers: GET /clienti/clienti?q=ross', '/api/clienti/clienti?q=ross&size=20');

await bench.close();
