/**
 * Benchmark of the customer list at scale: a company with 100,000 customers
 * (and a neighbour with as many, so indexes pay for other companies too),
 * then sequential requests over real HTTP on loopback; prints p50 / p95.
 *
 *   npx tsx bench/customers.ts                  # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/customers.ts
 *   BENCH_CUSTOMERS=100000 BENCH_RUNS=40
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { provisionCompany } from '../apps/server/src/features/company/provision.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-cli-'));
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

/** Customers with Italian-looking names, cities and provinces, codes and VAT-like numbers. */
async function seed(aziendaId: string, n: number) {
  await sql(`
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
    from generate_series(1, $2::int) g`, [aziendaId, n]);
  // As autovacuum would after a bulk load: statistics and the visibility map (index-only counts).
  await sql('vacuum analyze clienti');
}

const a = await provisionCompany(built.deps.db, {
  ragioneSociale: 'Bench Clienti S.r.l.', partitaIva: piva(),
  users: [{ username: 'admin', password: 'password123', role: 'admin' }],
});
const b = await provisionCompany(built.deps.db, {
  ragioneSociale: 'Bench Vicino Clienti S.r.l.', partitaIva: piva(),
  users: [{ username: 'admin', password: 'password123', role: 'admin' }],
});
const t0 = performance.now();
await seed(a.company.id, CUSTOMERS);
await seed(b.company.id, CUSTOMERS);
console.log(`seeded 2 x ${CUSTOMERS.toLocaleString('en')} customers on ${built.deps.database.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const deviceId = 'benchcli00000001';
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

const list = '/api/clienti/clienti-filtered';
const admin = '/api/clienti/clienti/admin';
const total = (j: any) => console.error(`  total ${j.totaleElementi}`);
console.log('| request | p50 ms | p95 ms |\n|---|---|---|');
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
await measure('admin: search + filter, by city desc', admin, { q: 'rossi', filters: { provincia: 'TO' }, sort: 'citta', dir: 'desc' }, total);
await measure('pickers: GET /clienti/clienti?q=ross', '/api/clienti/clienti?q=ross&size=20');

await built.close();
rmSync(dataDir, { recursive: true, force: true });
