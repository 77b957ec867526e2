/**
 * Benchmark of the lists at scale: one company with 100,000 customers (plants and
 * machines too) and 100,000 articles; the customers' and articles' list and search
 * endpoints over real HTTP on loopback, one request at a time (the latency a user
 * sees), p50 / p95 over BENCH_LIST_REPS requests per case after a warm-up. Then
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL each case runs (captured from the repo
 * functions through a logging Drizzle instance on the same connection), flagging
 * sequential scans of the big tables.
 *
 *   npx tsx bench/lists.ts                    # embedded PGlite (seeded in a temporary directory)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/lists.ts   # reuses the company when it is there
 *   BENCH_LIST_ROWS=100000 BENCH_LIST_REPS=60 BENCH_EXPLAIN=full ...
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { CustomersFilters } from '@fs/contract';
import { benchServer } from './server.js';
import type { Db } from '../apps/server/src/platform/db/client.js';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../apps/server/src/demo/large.js';
import * as clientiRepo from '../apps/server/src/features/registries/customers/repo.js';
import * as articoliRepo from '../apps/server/src/features/registries/articles/repo.js';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const REPS = Number(process.env.BENCH_LIST_REPS ?? 60);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-lists-'));
const built = await benchServer(dataDir);
const { database } = built.deps;

let company = await findLargeCompany(database.db);
if (!company || company.clienti !== ROWS || company.articoli !== ROWS) {
  if (company) await deleteLargeCompany(database.db);
  const t0 = performance.now();
  company = await seedLargeCompany(database, { customers: ROWS, articles: ROWS });
  console.log(
    `seeded ${ROWS.toLocaleString('en')} customers (${company.impianti} plants, ${company.macchinari} machines) and ` +
      `${ROWS.toLocaleString('en')} articles in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
} else {
  console.log(`reusing the company with ${company.clienti} customers and ${company.articoli} articles`);
  // As autovacuum leaves the tables in steady use (a migration may have rewritten them since the seed).
  await database.executeSql('vacuum (analyze) clienti, articoli');
}
const az = company.aziendaId;

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchlists000001';
const login = (await (
  await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': device },
    body: JSON.stringify({ piva: LARGE_DEMO.piva, username: LARGE_DEMO.username, password: LARGE_DEMO.password }),
  })
).json()) as any;
if (!login.success) throw new Error(JSON.stringify(login));
const headers = { authorization: `Bearer ${login.item.token}`, source: 'WEB', 'device-id': device };

interface Case {
  label: string;
  request: { path: string; body?: unknown };
  /** The repo call behind the endpoint, for EXPLAIN. */
  sql: (db: Db) => Promise<unknown>;
}
const listQ = (
  o: Partial<{ page: number; size: number; sort: string; dir: 'asc' | 'desc'; q: string; totale: number }>,
) => ({ page: 1, size: 25, sort: 'ragione_sociale', dir: 'asc', tableInfos: false, ...o }) as any;
const cq = (o: Record<string, string | number>) =>
  `/api/clienti/clienti-filtered?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)]))}`;
const artQ = (
  o: Partial<{
    page: number;
    size: number;
    sort: string;
    dir: 'asc' | 'desc';
    q: string;
    filters: Record<string, string>;
    totale: number;
  }>,
) => ({ page: 1, size: 25, sort: 'codice', dir: 'asc', filters: {}, ...o }) as any;
const lastPage = Math.ceil(ROWS / 25);

const allCases: Case[] = [
  {
    label: 'customers: first page (by name)',
    request: { path: cq({ page: 1, size: 25 }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({}), {}),
  },
  {
    label: 'customers: page 400 (by name)',
    request: { path: cq({ page: 400, size: 25 }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ page: 400 }), {}),
  },
  {
    label: `customers: middle page ${lastPage / 2} (by name)`,
    request: { path: cq({ page: lastPage / 2, size: 25 }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ page: lastPage / 2 }), {}),
  },
  {
    label: `customers: last page ${lastPage} (by name)`,
    request: { path: cq({ page: lastPage, size: 25 }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ page: lastPage }), {}),
  },
  {
    label: 'customers: by city, descending',
    request: { path: cq({ sort: 'citta', dir: 'desc' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ sort: 'citta', dir: 'desc' }), {}),
  },
  {
    label: 'customers: by VAT number, page 400',
    request: { path: cq({ sort: 'partita_iva', page: 400 }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ sort: 'partita_iva', page: 400 }), {}),
  },
  {
    label: 'customers: province BO',
    request: { path: cq({ provincia: 'BO' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({}), { provincia: 'BO' } as CustomersFilters),
  },
  {
    label: "customers: city starting 'reg'",
    request: { path: cq({ citta: 'reg' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({}), { citta: 'reg' } as CustomersFilters),
  },
  {
    label: "customers: search 'esposito'",
    request: { path: cq({ q: 'esposito' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ q: 'esposito' }), {}),
  },
  {
    label: "customers: search 'co' (2 letters, name prefix)",
    request: { path: cq({ q: 'co' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ q: 'co' }), {}),
  },
  {
    label: "customers: search 'c' (1 letter, name prefix)",
    request: { path: cq({ q: 'c' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ q: 'c' }), {}),
  },
  {
    label: "customers: search 'c', by city",
    request: { path: cq({ q: 'c', sort: 'citta' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ q: 'c', sort: 'citta' }), {}),
  },
  {
    label: "customers: search by VAT '0412'",
    request: { path: cq({ q: '0412' }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ q: '0412' }), {}),
  },
  {
    label: "customer picker: type 'ferr'",
    request: { path: '/api/clienti/clienti?q=ferr&size=20' },
    sql: (db) => clientiRepo.listRefs(db, az, 'ferr', 20, 0),
  },
  {
    label: 'customer picker: opened (no term)',
    request: { path: '/api/clienti/clienti?size=20' },
    sql: (db) => clientiRepo.listRefs(db, az, undefined, 20, 0),
  },
  {
    label: 'articles: first page (by code)',
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({}) },
    sql: (db) => articoliRepo.page(db, az, artQ({})),
  },
  {
    label: 'articles: page 400 (by code)',
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ page: 400 }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ page: 400 })),
  },
  {
    label: `articles: last page ${lastPage} (by code)`,
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ page: lastPage }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ page: lastPage })),
  },
  {
    label: "articles: search 'co' (2 letters, description prefix)",
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ q: 'co' }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ q: 'co' })),
  },
  {
    label: "articles: search 'v' by description",
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ q: 'v', sort: 'descrizione' }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ q: 'v', sort: 'descrizione' })),
  },
  {
    label: 'articles: by description',
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ sort: 'descrizione' }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ sort: 'descrizione' })),
  },
  {
    label: 'articles: by description, page 400',
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ sort: 'descrizione', page: 400 }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ sort: 'descrizione', page: 400 })),
  },
  {
    label: `articles: by description, middle page ${lastPage / 2}`,
    request: {
      path: '/api/anagraficaarticoli/articoli/admin',
      body: artQ({ sort: 'descrizione', page: lastPage / 2 }),
    },
    sql: (db) => articoliRepo.page(db, az, artQ({ sort: 'descrizione', page: lastPage / 2 })),
  },
  // Later pages as the web asks for them: the total of page 1 sent back (`totale`), so no count.
  {
    label: 'customers: page 400, total known',
    request: { path: cq({ page: 400, size: 25, totale: ROWS }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ page: 400, totale: ROWS }), {}),
  },
  {
    label: `customers: middle page ${lastPage / 2}, total known`,
    request: { path: cq({ page: lastPage / 2, size: 25, totale: ROWS }) },
    sql: (db) => clientiRepo.listPage(db, az, listQ({ page: lastPage / 2, totale: ROWS }), {}),
  },
  {
    label: 'articles: page 400, total known',
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ page: 400, totale: ROWS }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ page: 400, totale: ROWS })),
  },
  {
    label: `articles: by description, middle page ${lastPage / 2}, total known`,
    request: {
      path: '/api/anagraficaarticoli/articoli/admin',
      body: artQ({ sort: 'descrizione', page: lastPage / 2, totale: ROWS }),
    },
    sql: (db) => articoliRepo.page(db, az, artQ({ sort: 'descrizione', page: lastPage / 2, totale: ROWS })),
  },
  {
    label: "articles: description filter 'circolatore'",
    request: {
      path: '/api/anagraficaarticoli/articoli/admin',
      body: artQ({ filters: { descrizione: 'circolatore' } }),
    },
    sql: (db) => articoliRepo.page(db, az, artQ({ filters: { descrizione: 'circolatore' } })),
  },
  {
    label: "articles: search 'grundfos'",
    request: { path: '/api/anagraficaarticoli/articoli/admin', body: artQ({ q: 'grundfos' }) },
    sql: (db) => articoliRepo.page(db, az, artQ({ q: 'grundfos' })),
  },
  {
    label: "articles filtered: 'pressostato' (≤200)",
    request: { path: '/api/anagraficaarticoli/articoli-filtered?descrizione=pressostato' },
    sql: (db) => articoliRepo.listFiltered(db, az, undefined, { descrizione: 'pressostato' } as any, 200),
  },
  {
    label: "article research: 'ART0421' (code prefix)",
    request: { path: '/api/anagraficaarticoli/articoli/research', body: { q: 'ART0421' } },
    sql: (db) => articoliRepo.research(db, az, 'ART0421', 20),
  },
  {
    label: "article research: 'dan-12' (ext. ref.)",
    request: { path: '/api/anagraficaarticoli/articoli/research', body: { q: 'dan-12' } },
    sql: (db) => articoliRepo.research(db, az, 'dan-12', 20),
  },
  {
    label: "article research: 'valvola sic' (contains)",
    request: { path: '/api/anagraficaarticoli/articoli/research', body: { q: 'valvola di sic' } },
    sql: (db) => articoliRepo.research(db, az, 'valvola di sic', 20),
  },
];

const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : undefined;
const cases = only ? allCases.filter((c) => only.test(c.label)) : allCases;

async function call(c: Case): Promise<{ rows: number; total?: number; more?: boolean }> {
  const r = await fetch(
    base + c.request.path,
    c.request.body === undefined
      ? { headers }
      : {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(c.request.body),
        },
  );
  const body = (await r.json()) as any;
  if (r.status !== 200 || !body.success)
    throw new Error(`${c.label}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { rows: body.items.length, total: body.totaleElementi, more: body.totalePiuDi === true };
}

const q = (times: number[], p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(
  `database: ${database.kind}, node ${process.version}, ${os.cpus().length} cores, ${REPS} requests per case, one at a time`,
);
console.log('| case | p50 ms | p95 ms | rows (total) |\n|---|---|---|---|');
const results: { label: string; p50: number; p95: number }[] = [];
for (const c of cases) {
  for (let i = 0; i < 5; i++) await call(c);
  const times: number[] = [];
  let last = { rows: 0 } as { rows: number; total?: number; more?: boolean };
  for (let i = 0; i < REPS; i++) {
    const t0 = performance.now();
    last = await call(c);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  results.push({ label: c.label, p50: q(times, 0.5), p95: q(times, 0.95) });
  // A search counted up to the threshold shows its lower bound as "1,000+".
  const rows = `${last.rows}${last.total === undefined ? '' : ` (${last.total.toLocaleString('en')}${last.more ? '+' : ''})`}`;
  console.log(`| ${c.label} | ${q(times, 0.5).toFixed(1)} | ${q(times, 0.95).toFixed(1)} | ${rows} |`);
}

// The whole catalogue (GET …/articoli/all, streamed in keyset batches of 1,000): time to the last byte, size.
if (!only || only.test('articles: all')) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/api/anagraficaarticoli/articoli/all`, { headers });
    bytes = (await r.arrayBuffer()).byteLength;
    if (i >= 2) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| articles: all ${ROWS.toLocaleString('en')} (${(bytes / 1e6).toFixed(1)} MB of JSON) | ${q(times, 0.5).toFixed(1)} | ${q(times, 0.95).toFixed(1)} | ${ROWS} |`,
  );
}

// EXPLAIN of the SQL behind each case, on the same connection (pool or embedded client).
const captured: { query: string; params: unknown[] }[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
const client = (database.db as any).$client;
const recDb = (database.kind === 'postgres'
  ? drizzlePg(client, { logger })
  : drizzlePglite(client, { logger })) as unknown as Db;
const full = process.env.BENCH_EXPLAIN === 'full';
console.log('\nEXPLAIN (ANALYZE, BUFFERS) of each query (execution ms; scans of the big tables):');
let problems = 0;
for (const c of cases) {
  captured.length = 0;
  await c.sql(recDb);
  for (const { query, params } of [...captured]) {
    const plan = (await database.executeSql(`explain (analyze, buffers) ${query}`, params)).rows.map(
      (r: any) => r['QUERY PLAN'] as string,
    );
    const exec = plan.find((l) => l.startsWith('Execution Time'))?.replace(/Execution Time: ([\d.]+) ms/, '$1') ?? '?';
    const scans = plan
      .map((l) =>
        l.match(
          /(Seq Scan|Parallel Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/,
        ),
      )
      .filter((m): m is RegExpMatchArray => !!m)
      .map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`);
    // A sequential scan that stops early under a LIMIT is fine; one that reads the company's rows is not.
    const bad =
      Number(exec) > 50 ||
      (Number(exec) > 5 && scans.some((s) => /Seq Scan on (clienti|articoli|impianti|macchinari)\b/.test(s)));
    if (bad) problems++;
    console.log(
      `${bad ? '!!' : 'ok'} ${c.label} | ${exec} ms | ${[...new Set(scans)].join('; ')} | ${query.replace(/\s+/g, ' ').slice(0, full ? 10_000 : 140)}`,
    );
    if (full) console.log(plan.map((l) => `     ${l}`).join('\n'));
  }
}
console.log(
  problems
    ? `\n${problems} queries scan a big table sequentially (over 5 ms) or take over 50 ms`
    : '\nevery query uses an index and runs under 50 ms',
);
const slow = results.filter((r) => r.p50 > 50);
if (slow.length) console.log(`over 50 ms at p50: ${slow.map((r) => r.label).join(', ')}`);

await built.close();
rmSync(dataDir, { recursive: true, force: true });
