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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { provisionCompany } from '../apps/server/src/features/company/provision.js';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-art-'));
const config = loadConfig({
  DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: 'false',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', WEB_DIST: path.join(dataDir, 'none'),
});
const built = await buildApp(config, { logger: false });
const sql = built.deps.database.executeSql;

function piva(): string {
  const d = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10));
  const sum = d.reduce((s, x, i) => s + (i % 2 === 0 ? x : x * 2 > 9 ? x * 2 - 9 : x * 2), 0);
  return d.join('') + String((10 - (sum % 10)) % 10);
}

/** Articles with varied codes, supplier references and descriptions made of common words. */
async function seed(aziendaId: string, n: number) {
  await sql(`
    insert into articoli (azienda_id, codice, riferimento_esterno, descrizione, unita_misura, prezzo_vendita)
    select $1,
      (array['ART','VIT','GUA','FIL','CAV','VAL','RAC','TUB'])[1 + g % 8] || '-' || lpad(g::text, 6, '0'),
      case when g % 4 = 0 then null else 'F' || (g * 7919 % 1000003)::text end,
      (array['Vite','Guarnizione','Filtro','Cavo','Valvola','Raccordo','Tubo','Termostato','Sonda','Pompa'])[1 + g % 10] || ' ' ||
      (array['inox','ottone','rame','PVC','acciaio','zincato','gomma','alluminio'])[1 + (g / 10) % 8] || ' ' ||
      (array['M6','M8','1/2"','3/4"','DN20','DN25','10 mm','20 mm','3x1,5','5x2,5'])[1 + (g / 80) % 10] || ' lotto ' || (g % 997)::text,
      (array['pz','m','kg','l','h'])[1 + g % 5],
      ((g % 50000) / 100.0)::numeric(12,2)
    from generate_series(1, $2::int) g`, [aziendaId, n]);
  // As autovacuum would after a bulk load: statistics and the visibility map (index-only counts).
  await sql('vacuum analyze articoli');
}

const a = await provisionCompany(built.deps.db, {
  ragioneSociale: 'Bench Articoli S.r.l.', partitaIva: piva(),
  users: [{ username: 'admin', password: 'password123', role: 'admin' }],
});
const b = await provisionCompany(built.deps.db, {
  ragioneSociale: 'Bench Vicino S.r.l.', partitaIva: piva(),
  users: [{ username: 'admin', password: 'password123', role: 'admin' }],
});
const t0 = performance.now();
await seed(a.company.id, ARTICLES);
await seed(b.company.id, ARTICLES);
console.log(`seeded 2 x ${ARTICLES.toLocaleString('en')} articles on ${built.deps.database.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const deviceId = 'benchart00000001';
const login = await fetch(`${base}/api/login/login`, {
  method: 'POST', headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': deviceId },
  body: JSON.stringify({ piva: a.company.partitaIva, username: 'admin', password: 'password123' }),
});
const token = ((await login.json()) as any).item.token as string;
const headers = { authorization: `Bearer ${token}`, 'device-id': deviceId, source: 'WEB', 'content-type': 'application/json' };

async function measure(label: string, url: string, body?: unknown, check?: (j: any) => void) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const s = performance.now();
    const r = await fetch(base + url, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) throw new Error(`${label}: ${r.status} ${JSON.stringify(j)}`);
    if (i >= 3) times.push(performance.now() - s); // the first calls warm caches
    if (i === 0) check?.(j);
  }
  times.sort((x, y) => x - y);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`| ${label} | ${p(0.5)} | ${p(0.95)} |`);
}

const admin = '/api/anagraficaarticoli/articoli/admin';
const research = '/api/anagraficaarticoli/articoli/research';
console.log('| request | p50 ms | p95 ms |\n|---|---|---|');
await measure('admin: page 1 by code, total', admin, { page: 1, size: 25 }, (j) => console.error(`  total ${j.totaleElementi}`));
await measure('admin: page 2,000 by code', admin, { page: 2000, size: 25 });
await measure('admin: page 1 by description, descending', admin, { sort: 'descrizione', dir: 'desc' });
await measure('admin: page 1 by external reference', admin, { sort: 'riferimento_esterno' });
await measure('admin: search "valvola ottone" (contains)', admin, { q: 'valvola ottone' }, (j) => console.error(`  matches ${j.totaleElementi}`));
await measure('admin: search "lotto 996" (contains, rare)', admin, { q: 'lotto 996' }, (j) => console.error(`  matches ${j.totaleElementi}`));
await measure('admin: filters code "vit-00" and unit "kg"', admin, { filters: { codice: 'vit-00', unita_misura: 'kg' } });
await measure('admin: page 1 with tableInfos', admin, { tableInfos: true });
await measure('research: "v" (1 character, prefixes)', research, { q: 'v' });
await measure('research: "VAL-0421" (code prefix)', research, { q: 'VAL-0421' });
await measure('research: "F12345" (reference prefix, contains)', research, { q: 'F12345' });
await measure('research: "termostato" (description word)', research, { q: 'termostato' });
await measure('research: "zzzz" (no match)', research, { q: 'zzzz' });
await measure('filtered: descrizione=sonda&unita_misura=h', '/api/anagraficaarticoli/articoli-filtered?descrizione=sonda&unita_misura=h');

await built.close();
rmSync(dataDir, { recursive: true, force: true });
