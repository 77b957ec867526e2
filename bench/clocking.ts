/**
 * Benchmark of clocking at scale (issue 26): a company of its own with 50 technicians who clocked every working
 * day of three years (`seed:large --clockings`: about 300,000 intervals, 8 a day, travel every third day, the
 * daily allowance on), over real HTTP on loopback, one request at a time:
 *
 * - (a) the office's month: `GET /api/timbrature/timbrature?from&to&tutti=1&forma=totali` (the overview the office's
 *   month view reads: every technician's totals) as kept and right after a change, the same with every record, and
 *   one technician's month: p50 / p95 after a warm-up;
 * - (b) the month's XLSX of travel and allowances for all technicians, `GET /api/timbrature/trasferte/export-xlsx`,
 *   read as it streams (measured first): the whole time and the process's resident memory (server and client share this process)
 *   sampled every 20 ms, idle (after a first export: exceljs loaded) and at its peak; and the year's, to see how the
 *   memory grows with twelve times the rows; the month's CSV beside them.
 *
 *   npm run bench:clocking                                         # embedded PGlite (node --expose-gc: idle after a collection)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/clocking.ts    # reuses the company when it is there
 *   BENCH_SMOKE=1 npx tsx bench/clocking.ts                        # a tiny company of its own, a few runs (CI)
 *   BENCH_CLOCKING_LISTS=1 ...                                     # the lists only, no exports
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { addDays, dayIn } from '@fs/contract';
import { benchServer } from './server.js';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../apps/server/src/demo/large.js';
import { RUNS as FULL_RUNS } from './harness.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 2 : FULL_RUNS;
const WARM = SMOKE ? 1 : 3;
const TECHNICIANS = SMOKE ? 5 : 50;
const CLOCKINGS = SMOKE ? 5 * 60 * 4 : Number(process.env.BENCH_CLOCKINGS ?? 300_000);
/** The clocking benchmark's own company (the smoke's: another, so a database's large one is left alone). */
const PIVA = SMOKE ? '01234560074' : '01234560066';
/** Export runs measured (each a whole file). */
const EXPORT_RUNS = SMOKE ? 1 : 5;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-clocking-'));
const built = await benchServer(dataDir);
const { database } = built.deps;

let company = await findLargeCompany(database.db, PIVA);
if (!company || company.timbrature < CLOCKINGS * 0.9) {
  if (company) await deleteLargeCompany(database.db, PIVA);
  const t0 = performance.now();
  company = await seedLargeCompany(database, {
    customers: SMOKE ? 20 : 2_000,
    articles: 0,
    clockings: CLOCKINGS,
    technicians: TECHNICIANS,
    piva: PIVA,
  });
  console.log(
    `seeded ${company.timbrature.toLocaleString('en')} clockings of ${TECHNICIANS} technicians ` +
      `in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}`,
  );
} else {
  console.log(`reusing the company with ${company.timbrature.toLocaleString('en')} clockings on ${database.kind}`);
  await database.executeSql('vacuum (analyze) timbrature, timbrature_approvazioni');
}
// The daily allowance on (45.00 a day from 50 km): the export works the allowance days out.
for (const [sub, value] of [
  ['enabled', '1'],
  ['importo_giornaliero', '45.00'],
  ['distanza_minima_km', '50'],
])
  await database.executeSql(
    `insert into opzioni_azienda (azienda_id, category, subcategory, value) values ($1, 'trasferte', $2, $3)
     on conflict (azienda_id, category, subcategory) do update set value = excluded.value`,
    [company.aziendaId, sub, value],
  );

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchclocking001';
const login = (await (
  await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': device },
    body: JSON.stringify({ piva: PIVA, username: LARGE_DEMO.username, password: LARGE_DEMO.password }),
  })
).json()) as any;
if (!login.success) throw new Error(JSON.stringify(login));
const headers = { authorization: `Bearer ${login.item.token}`, source: 'WEB', 'device-id': device };

// Last month (whole, every technician's working days), and the year up to its end.
const today = dayIn(new Date(), 'Europe/Rome');
const from = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
const to = addDays(`${today.slice(0, 7)}-01`, -1);
const yearFrom = addDays(to, -364);

const p = (times: number[], q: number) =>
  [...times].sort((x, y) => x - y)[Math.min(times.length - 1, Math.floor(q * times.length))]!;

// (b) The exports: whole time, size, resident memory over idle.
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
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
const xlsxUrl = (a: string, b: string) => `/api/timbrature/trasferte/export-xlsx?from=${a}&to=${b}`;
const csvUrl = (a: string, b: string) => `/api/stats/csv/export-timbrature?from=${a}&to=${b}`;
// BENCH_CLOCKING_LISTS=1 times the lists only (the exports take minutes at this size).
const LISTS_ONLY = process.env.BENCH_CLOCKING_LISTS === '1';
// A first export loads exceljs and csv-stringify (about a second, once per process): not the file's.
if (!LISTS_ONLY) await download(xlsxUrl(from, to));
if (!LISTS_ONLY) await download(csvUrl(from, to));
global.gc?.();
const idle = process.memoryUsage().rss;
console.log(
  `\n| export (${TECHNICIANS} technicians) | rows | size | p50 s | max s | peak RSS | peak - idle |\n|---|---|---|---|---|---|---|`,
);
for (const [label, url, days] of LISTS_ONLY
  ? []
  : ([
      ['month XLSX', xlsxUrl(from, to), to],
      ['month CSV', csvUrl(from, to), to],
      ['year XLSX', xlsxUrl(yearFrom, to), to],
    ] as const)) {
  const range = label.startsWith('year') ? [yearFrom, days] : [from, days];
  const [{ n }] = (
    await database.executeSql(
      'select count(*)::int as n from timbrature where azienda_id = $1 and giorno between $2 and $3',
      [company.aziendaId, range[0], range[1]],
    )
  ).rows as [{ n: number }];
  const times: number[] = [];
  let peak = idle;
  let bytes = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  // The year's file is ten times the month's: fewer runs.
  for (let i = 0; i < (label.startsWith('year') ? Math.ceil(EXPORT_RUNS / 2) : EXPORT_RUNS); i++) {
    const s = performance.now();
    bytes = await download(url);
    times.push(performance.now() - s);
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `| ${label} | ${n.toLocaleString('en')} | ${(bytes / 1_000_000).toFixed(1)} MB | ${(p(times, 0.5) / 1000).toFixed(2)} | ` +
      `${(Math.max(...times) / 1000).toFixed(2)} | ${mb(peak)} | ${mb(peak - idle)} |`,
  );
}
console.log(`\nRSS idle (after a first export of each kind): ${mb(idle)}`);

// (a) The office's month: the overview of every technician (what the office's month view reads first: totals,
// allowances, anomalies, approvals), every technician's records, and one technician's month of records.
console.log(
  `\n| request (${company.timbrature.toLocaleString('en')} clockings, ${TECHNICIANS} technicians, ${database.kind}) | records | p50 ms | p95 ms |\n|---|---|---|---|`,
);
async function timeList(label: string, url: string, before?: () => Promise<unknown>) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS + WARM; i++) {
    await before?.();
    const s = performance.now();
    const r = await fetch(base + url, { headers });
    const j = (await r.json()) as any;
    if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(j)}`);
    if (i >= WARM) times.push(performance.now() - s);
    rows = j.items.length;
    if (j.totali.length === 0) throw new Error(`${url}: no totals`);
  }
  console.log(
    `| ${label} (${from} to ${to}) | ${rows.toLocaleString('en')} | ${p(times, 0.5).toFixed(1)} | ${p(times, 0.95).toFixed(1)} |`,
  );
}
const list = `/api/timbrature/timbrature?from=${from}&to=${to}`;
// The overview is kept under the company's clocking revision (migration 0035): read again as it was, and right
// after a change (an option rewritten as it was: the revision moves, nothing else).
await timeList("the office's month, every technician's totals (forma=totali), kept", `${list}&tutti=1&forma=totali`);
await timeList(
  "the office's month, every technician's totals (forma=totali), after a change",
  `${list}&tutti=1&forma=totali`,
  () =>
    database.executeSql(
      `update opzioni_azienda set value = value where azienda_id = $1 and category = 'trasferte' and subcategory = 'enabled'`,
      [company.aziendaId],
    ),
);
await timeList("the office's month, every technician's records", `${list}&tutti=1`);
const someone = (
  await database.executeSql('select utente_id from timbrature where azienda_id = $1 limit 1', [company.aziendaId])
).rows[0] as { utente_id: string };
await timeList("one technician's month of records", `${list}&utenteId=${someone.utente_id}`);

await built.close();
rmSync(dataDir, { recursive: true, force: true });
