/**
 * Benchmark of contracts at scale (issue 13): a company of its own with 5,000 three-year
 * contracts of 4 activities each (about 285,000 dated occurrences, 20,000 customers); the month
 * of activities over all contracts (`GET /attivita/attivita/start/.../end/...`, what the planner
 * reads), the contract list filtered by expiry, and creating a contract with 4 activities over 3
 * years through the wizard's call (the activities' dates generated in the same transaction), over
 * real HTTP on loopback, one request at a time, p50 / p95 after a warm-up.
 *
 *   npx tsx bench/contracts.ts                                        # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/contracts.ts      # reuses the company when it is there
 *   BENCH_CONTRACTS=5000 BENCH_RUNS=60 ...
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchServer } from './server.js';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../apps/server/src/demo/large.js';
import { RUNS } from './harness.js';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 5_000);
/** The contracts benchmark's own company. */
const PIVA = '01234560025';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-contracts-'));
const built = await benchServer(dataDir);
const { database } = built.deps;

let company = await findLargeCompany(database.db, PIVA);
if (!company || company.contratti < CONTRACTS) {
  if (company) await deleteLargeCompany(database.db, PIVA);
  const t0 = performance.now();
  company = await seedLargeCompany(database, { customers: 20_000, articles: 0, contracts: CONTRACTS, piva: PIVA });
  console.log(
    `seeded ${company.contratti.toLocaleString('en')} contracts (${company.occorrenze.toLocaleString('en')} activity dates) ` +
      `in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}`,
  );
} else {
  console.log(`reusing the company with ${company.contratti.toLocaleString('en')} contracts on ${database.kind}`);
  await database.executeSql('vacuum (analyze) contratti, contratti_attivita, attivita_date');
}

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchcontract001';
const login = (await (
  await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': device },
    body: JSON.stringify({ piva: PIVA, username: LARGE_DEMO.username, password: LARGE_DEMO.password }),
  })
).json()) as any;
if (!login.success) throw new Error(JSON.stringify(login));
const headers = {
  authorization: `Bearer ${login.item.token}`,
  source: 'WEB',
  'device-id': device,
  'content-type': 'application/json',
};
const send = async (url: string, body?: unknown) => {
  const r = await fetch(
    base + url,
    body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
  );
  const j = (await r.json()) as any;
  if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(j)}`);
  return j;
};

const customers = (
  await database.executeSql(`select id from clienti where azienda_id = $1 order by id limit 100`, [company.aziendaId])
).rows as { id: string }[];

console.log(
  `\n| request (${CONTRACTS.toLocaleString('en')} contracts, ${database.kind}) | rows | p50 ms | p95 ms |\n|---|---|---|---|`,
);
async function measure(label: string, run: (i: number) => Promise<any>, rows: (j: any) => number | string) {
  const times: number[] = [];
  let shown: number | string = '';
  for (let i = 0; i < RUNS + 3; i++) {
    const s = performance.now();
    const j = await run(i);
    if (i >= 3) times.push(performance.now() - s);
    if (i === 0) shown = rows(j);
  }
  times.sort((x, y) => x - y);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`| ${label} | ${shown} | ${p(0.5)} | ${p(0.95)} |`);
}
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));

const monthUrl = `/api/attivita/attivita/start/${ymd(monthStart)}/end/${ymd(monthEnd)}`;
await measure(
  'activities of this month, all contracts: first page (default 500)',
  () => send(monthUrl),
  (j) => `${j.items.length} dates, ${j.scadute.length} overdue`,
);
await measure(
  "activities of this month, all contracts: the planner's page (100)",
  () => send(`${monthUrl}?limit=100`),
  (j) => `${j.items.length} dates, ${j.scadute.length} overdue`,
);
/** Every page of the range, one after the other: the whole month as a client that wants it all reads it. */
async function wholeRange(url: string) {
  let n = 0;
  let pages = 0;
  let cursor: string | null = null;
  do {
    const j = await send(`${url}?limit=2000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    n += j.items.length;
    pages++;
    cursor = j.next;
  } while (cursor);
  return { n, pages };
}
await measure(
  'activities of this month, all contracts: every page (2,000 each)',
  () => wholeRange(monthUrl),
  (j) => `${j.n} dates in ${j.pages} pages`,
);
const weekStart = new Date(
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)),
);
const weekEnd = new Date(weekStart.getTime() + 6 * 86_400_000);
await measure(
  'activities of this week, all contracts: first page (default 500)',
  () => send(`/api/attivita/attivita/start/${ymd(weekStart)}/end/${ymd(weekEnd)}`),
  (j) => `${j.items.length} dates, ${j.scadute.length} overdue`,
);
await measure(
  'contracts ending within 60 days, first page',
  () => send('/api/contratti/contratti-filtered?scadenza_giorni=60&size=25'),
  (j) => `${j.items.length} of ${j.totaleElementi.toLocaleString('en')}`,
);
const start = now.toISOString().slice(0, 10);
const end = new Date(Date.UTC(now.getUTCFullYear() + 3, now.getUTCMonth(), now.getUTCDate() - 1))
  .toISOString()
  .slice(0, 10);
await measure(
  'create: 3 years, 4 activities (every 1, 3, 6, 12 months)',
  (i) =>
    send('/api/contratti/contratto/create', {
      cliente_id: customers[i % customers.length]!.id,
      identificativo: `BENCH-${Date.now()}-${i}`,
      tipo: 'manutenzione',
      data_inizio: start,
      data_fine: end,
      attivita: [1, 3, 6, 12].map((ogni) => ({
        nome: `Ogni ${ogni} mesi`,
        frequenza: { tipo: 'fissa', ogni, unita: 'mesi' },
      })),
    }),
  (j) => `${j.item.date_da_fare} dates`,
);

await built.close();
rmSync(dataDir, { recursive: true, force: true });
