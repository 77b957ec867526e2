/**
 * Benchmark of the statistics (issue 27, decision 0046): every tab's calls over the last 12 months of a company
 * with 100,000 work reports in those 12 months (3 report days and 3 material lines each), 5,000 contracts and
 * the clockings of 50 technicians, over real HTTP on loopback, one request at a time: p50 / p95 after a warm-up.
 * The general tab reads the previous 12 months too. The two CSV exports are timed whole (read as they stream).
 *
 *   npm run bench:statistics                                       # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/statistics.ts  # PostgreSQL: reuses `seed:large --reports 300000`
 *                                                                  # (three years, 100,000 a year) when it is there
 *   BENCH_SMOKE=1 npx tsx bench/statistics.ts                      # a tiny company of its own, a few runs (CI)
 *   BENCH_DATA_DIR=/tmp/x npm run bench:statistics                 # PGlite kept in /tmp/x: seeded once, reused
 *   BENCH_SKIP_EXPORTS=1 BENCH_ONLY=customers ...                  # only the calls whose label has the word; no exports
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { addDays, dayIn } from '@fs/contract';
import { benchServer } from './server.js';
import { findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../apps/server/src/demo/large.js';
import { RUNS as FULL_RUNS } from './harness.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 2 : Number(process.env.BENCH_RUNS ?? Math.min(FULL_RUNS, 20));
const WARM = SMOKE ? 1 : 3;
const REPORTS = SMOKE ? 300 : Number(process.env.BENCH_REPORTS ?? 100_000);
/** The benchmark's own company (the smoke's another), unless the large demo has a year of reports. */
const PIVA = SMOKE ? '01234560082' : '01234560090';

/** BENCH_DATA_DIR keeps the embedded database between runs (seeded once, not deleted at the end). */
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'fs-bench-statistics-'));
const built = await benchServer(dataDir);
const { database } = built.deps;

const today = dayIn(new Date(), 'Europe/Rome');
const from = addDays(today, -364);

async function reportsOfTheYear(aziendaId: string): Promise<number> {
  const r = await database.executeSql(
    'select count(*)::int as n from rapportini where azienda_id = $1 and data_apertura between $2 and $3',
    [aziendaId, from, today],
  );
  return (r.rows[0] as { n: number }).n;
}

let piva = PIVA;
const large = SMOKE ? null : await findLargeCompany(database.db, LARGE_DEMO.piva);
let aziendaId: string;
if (large && (await reportsOfTheYear(large.aziendaId)) >= REPORTS * 0.9) {
  piva = LARGE_DEMO.piva;
  aziendaId = large.aziendaId;
  console.log(`reusing the large demo company (${large.rapportini.toLocaleString('en')} reports) on ${database.kind}`);
} else {
  const own = await findLargeCompany(database.db, PIVA);
  if (own && (await reportsOfTheYear(own.aziendaId)) >= REPORTS * 0.9) {
    aziendaId = own.aziendaId;
    console.log(`reusing the benchmark's company on ${database.kind}`);
  } else {
    if (own) throw new Error(`the company ${PIVA} exists with fewer reports: delete it first`);
    const t0 = performance.now();
    const c = await seedLargeCompany(database, {
      customers: SMOKE ? 20 : 5_000,
      articles: SMOKE ? 20 : 2_000,
      reports: REPORTS,
      reportSpanDays: 365,
      contracts: SMOKE ? 5 : 5_000,
      clockings: SMOKE ? 200 : 100_000,
      technicians: SMOKE ? 5 : 50,
      piva: PIVA,
    });
    aziendaId = c.aziendaId;
    console.log(
      `seeded ${c.rapportini.toLocaleString('en')} reports over a year in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}`,
    );
  }
}
const inRange = await reportsOfTheYear(aziendaId);

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchstatistic01';
const login = (await (
  await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': device },
    body: JSON.stringify({ piva, username: LARGE_DEMO.username, password: LARGE_DEMO.password }),
  })
).json()) as any;
if (!login.success) throw new Error(JSON.stringify(login));
const headers = { authorization: `Bearer ${login.item.token}`, source: 'WEB', 'device-id': device };

const p = (times: number[], q: number) =>
  [...times].sort((x, y) => x - y)[Math.min(times.length - 1, Math.floor(q * times.length))]!;

const q = `startDate=${from}&endDate=${today}`;
const calls: [string, string][] = [
  ['general: totals and previous period', `/api/stats/stats/${from}/${today}`],
  ['general: series by month (and previous)', `/api/stats/rapportini/generazione-grafico-v2?${q}`],
  ['interventions: over-all', `/api/stats/rapportini/over-all?${q}`],
  ['interventions: series', `/api/v2/stats/rapportini?${q}`],
  ['customers: over-all', `/api/stats/clienti/over-all?${q}`],
  ['customers: top 20 and the rest', `/api/v2/stats/clienti?${q}`],
  ['contracts: over-all', `/api/stats/contratti/over-all?${q}`],
  ['contracts: per contract', `/api/v2/stats/contratti?${q}`],
  ['contracts: on call', `/api/v2/stats/contratti-chiamata?${q}`],
  ['contracts: maintenance', `/api/v2/stats/contratti-manutenzione?${q}`],
  ['expiring (30 days)', '/api/stats/contratti/in-scadenza'],
  ['technicians: over-all', `/api/stats/tecnici/over-all?${q}`],
  ['technicians: per technician', `/api/v2/stats/tecnici?${q}`],
];

console.log(
  `\n| call (${from} to ${today}: ${inRange.toLocaleString('en')} reports, ${database.kind}) | p50 ms | p95 ms |\n|---|---|---|`,
);
for (const [label, url] of calls) {
  if (process.env.BENCH_ONLY && !label.includes(process.env.BENCH_ONLY)) continue;
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM; i++) {
    const s = performance.now();
    const r = await fetch(base + url, { headers });
    const body = await r.text();
    if (!r.ok) throw new Error(`${url}: ${r.status} ${body}`);
    if (i >= WARM) times.push(performance.now() - s);
  }
  console.log(`| ${label} | ${p(times, 0.5).toFixed(1)} | ${p(times, 0.95).toFixed(1)} |`);
}

async function download(url: string): Promise<number> {
  const r = await fetch(base + url, { headers });
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  const reader = r.body!.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.length;
  }
}
if (process.env.BENCH_SKIP_EXPORTS !== '1')
  console.log('\n| export (whole file) | size | p50 s | max s |\n|---|---|---|---|');
for (const [label, url] of process.env.BENCH_SKIP_EXPORTS === '1'
  ? []
  : ([
      ['hours CSV (a year of report days)', `/api/stats/csv/export-ore-lavoro?${q}`],
      ['materials CSV (a year of material lines)', `/api/stats/csv/export-materiale-lavoro?${q}`],
    ] as const)) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < (SMOKE ? 1 : 3); i++) {
    const s = performance.now();
    bytes = await download(url);
    times.push(performance.now() - s);
  }
  console.log(
    `| ${label} | ${(bytes / 1_000_000).toFixed(1)} MB | ${(p(times, 0.5) / 1000).toFixed(2)} | ${(Math.max(...times) / 1000).toFixed(2)} |`,
  );
}

await built.close();
if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
