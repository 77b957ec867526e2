/**
 * Benchmark of the articles list and search at scale: a company with
 * 100,000 articles (and a second company with as many, so indexes that are not
 * per company pay for the neighbours too), then sequential requests over real
 * HTTP on loopback; prints p50 / p95 per request kind.
 *
 *   npx tsx bench/articles.ts                  # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/articles.ts
 *   BENCH_ARTICLES=100000 BENCH_RUNS=40
 */
import { signedInMeasure, startBench } from './harness.js';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const bench = await startBench('art');
const { built, sql } = bench;

/** Articles with varied codes, supplier references and descriptions made of common words. */
async function seed(aziendaId: string, n: number) {
  await sql(
    `
    insert into articoli (azienda_id, codice, riferimento_esterno, descrizione, unita_misura, prezzo_vendita)
    select $1,
      (array['ART','VIT','GUA','FIL','CAV','VAL','RAC','TUB'])[1 + g % 8] || '-' || lpad(g::text, 6, '0'),
      case when g % 4 = 0 then null else 'F' || (g * 7919 % 1000003)::text end,
      (array['Vite','Guarnizione','Filtro','Cavo','Valvola','Raccordo','Tubo','Termostato','Sonda','Pompa'])[1 + g % 10] || ' ' ||
      (array['inox','ottone','rame','PVC','acciaio','zincato','gomma','alluminio'])[1 + (g / 10) % 8] || ' ' ||
      (array['M6','M8','1/2"','3/4"','DN20','DN25','10 mm','20 mm','3x1,5','5x2,5'])[1 + (g / 80) % 10] || ' lotto ' || (g % 997)::text,
      (array['pz','m','kg','l','h'])[1 + g % 5],
      ((g % 50000) / 100.0)::numeric(12,2)
    from generate_series(1, $2::int) g`,
    [aziendaId, n],
  );
  // As autovacuum would after a bulk load: statistics and the visibility map (index-only counts).
  await sql('vacuum analyze articoli');
}

const { a, b } = await bench.companies('Articoli');
const t0 = performance.now();
await seed(a.company.id, ARTICLES);
await seed(b.company.id, ARTICLES);
console.log(
  `seeded 2 x ${ARTICLES.toLocaleString('en')} articles on ${built.deps.database.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const measure = await signedInMeasure(built, a.company.partitaIva, 'benchart00000001');

const admin = '/api/anagraficaarticoli/articoli/admin';
const research = '/api/anagraficaarticoli/articoli/research';
await measure('admin: page 1 by code, total', admin, { page: 1, size: 25 }, (j) =>
  console.error(`  total ${j.totaleElementi}`),
);
await measure('admin: page 2,000 by code', admin, { page: 2000, size: 25 });
await measure('admin: page 1 by description, descending', admin, { sort: 'descrizione', dir: 'desc' });
await measure('admin: page 1 by external reference', admin, { sort: 'riferimento_esterno' });
await measure('admin: search "valvola ottone" (contains)', admin, { q: 'valvola ottone' }, (j) =>
  console.error(`  matches ${j.totaleElementi}`),
);
await measure('admin: search "lotto 996" (contains, rare)', admin, { q: 'lotto 996' }, (j) =>
  console.error(`  matches ${j.totaleElementi}`),
);
await measure('admin: filters code "vit-00" and unit "kg"', admin, {
  filters: { codice: 'vit-00', unita_misura: 'kg' },
});
await measure('admin: page 1 with tableInfos', admin, { tableInfos: true });
await measure('research: "v" (1 character, prefixes)', research, { q: 'v' });
await measure('research: "VAL-0421" (code prefix)', research, { q: 'VAL-0421' });
await measure('research: "F12345" (reference prefix, contains)', research, { q: 'F12345' });
await measure('research: "termostato" (description word)', research, { q: 'termostato' });
await measure('research: "zzzz" (no match)', research, { q: 'zzzz' });
await measure(
  'filtered: descrizione=sonda&unita_misura=h',
  '/api/anagraficaarticoli/articoli-filtered?descrizione=sonda&unita_misura=h',
);

await bench.close();
