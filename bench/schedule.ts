/**
 * Benchmark of the planner at scale (issue 14): a company of its own with 200,000 appointments over
 * three years among 50 technicians (`seed:large --appointments`: working days, 8:00 to 18:00 in Rome,
 * every tenth with two technicians, a quarter of the past ones linked to a report, 20,000 customers,
 * 20,000 reports); the month and the week for all technicians (`GET /v2/schedule/appointments/...`,
 * what the planner's calendar reads), the month of one technician, and the paged list
 * (`GET /schedule/appointments/admin`), over real HTTP on loopback, one request at a time, p50 / p95
 * after a warm-up. The client asks for brotli or gzip as a browser does (the server compresses).
 * The range is kept under the company's planner revision (schedule/range-cache.ts): "after a change"
 * bumps the revision before every read (the answer is built: query, JSON, compression), "unchanged"
 * reads what is kept, "revalidated" sends the ETag back and gets 304.
 *
 *   npx tsx bench/schedule.ts                                        # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/schedule.ts      # reuses the company when it is there
 *   BENCH_APPOINTMENTS=200000 BENCH_RUNS=60 ...
 *   BENCH_SMOKE=1 npx tsx bench/schedule.ts                          # a tiny company of its own, a few runs (CI)
 *
 * The calendar's range is measured in both shapes side by side (decision 0044): the full items and the lean
 * one (`?forma=compatta`: names and places once, details read when an appointment is opened), over HTTP
 * and as the statement alone (PostgreSQL making the JSON, no HTTP), alternating run by run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchServer } from './server.js';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../apps/server/src/demo/large.js';
import { RUNS as FULL_RUNS } from './harness.js';
import { inRangeSql } from '../apps/server/src/features/operations/schedule/range-repo.js';
import { compactRangeSql } from '../apps/server/src/features/operations/schedule/range-compact-repo.js';
import { rangeOf } from '../apps/server/src/features/operations/schedule/time.js';
import { scheduleState } from '../apps/server/src/features/operations/schedule/repo.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 2 : FULL_RUNS;
/** Reads before the measured ones. */
const WARM = SMOKE ? 1 : 3;
const APPOINTMENTS = SMOKE ? 600 : Number(process.env.BENCH_APPOINTMENTS ?? 200_000);
const TECHNICIANS = SMOKE ? 5 : 50;
/** The planner benchmark's own company (the smoke's: another, so a database's large one is left alone). */
const PIVA = SMOKE ? '01234560058' : '01234560041';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-schedule-'));
const built = await benchServer(dataDir);
const { database } = built.deps;

let company = await findLargeCompany(database.db, PIVA);
if (!company || company.appuntamenti < APPOINTMENTS) {
  if (company) await deleteLargeCompany(database.db, PIVA);
  const t0 = performance.now();
  company = await seedLargeCompany(database, {
    customers: SMOKE ? 200 : 20_000,
    articles: SMOKE ? 20 : 200,
    reports: SMOKE ? 200 : 20_000,
    appointments: APPOINTMENTS,
    technicians: TECHNICIANS,
    piva: PIVA,
  });
  console.log(
    `seeded ${company.appuntamenti.toLocaleString('en')} appointments of ${TECHNICIANS} technicians ` +
      `in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}`,
  );
} else {
  console.log(`reusing the company with ${company.appuntamenti.toLocaleString('en')} appointments on ${database.kind}`);
  await database.executeSql('vacuum (analyze) appuntamenti, appuntamenti_tecnici');
}

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchschedule001';
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
  'accept-encoding': 'br, gzip',
};
let lastBytes = 0;
const get = async (url: string, extra: Record<string, string> = {}) => {
  const r = await fetch(base + url, { headers: { ...headers, ...extra } });
  if (r.status === 304) return { notModified: true };
  const text = await r.text();
  lastBytes = text.length;
  const j = JSON.parse(text) as any;
  if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(j)}`);
  return j;
};

const techs = (
  await database.executeSql(`select id from utenti where azienda_id = $1 and role = 'user' order by username`, [
    company.aziendaId,
  ])
).rows as { id: string }[];

console.log(
  `\n| request (${APPOINTMENTS.toLocaleString('en')} appointments, ${TECHNICIANS} technicians, ${database.kind}) | rows | p50 ms | p95 ms |\n|---|---|---|---|`,
);
async function measure(
  label: string,
  run: (i: number) => Promise<any>,
  rows: (j: any) => number | string,
  before?: () => Promise<unknown>,
) {
  const times: number[] = [];
  let shown: number | string = '';
  for (let i = 0; i < RUNS + WARM; i++) {
    if (before) await before();
    const s = performance.now();
    const j = await run(i);
    if (i >= WARM) times.push(performance.now() - s);
    if (i === 0) shown = rows(j);
  }
  times.sort((x, y) => x - y);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`| ${label} | ${shown} | ${p(0.5)} | ${p(0.95)} |`);
}
/** Two ways of one request, alternating run by run: p50 / p95 of each and the ratio of the p50s. */
async function measurePair(
  label: string,
  names: [string, string],
  runs: [(i: number) => Promise<any>, (i: number) => Promise<any>],
  rows: [(j: any) => number | string, (j: any) => number | string],
  before?: () => Promise<unknown>,
) {
  const times: [number[], number[]] = [[], []];
  const shown: (number | string)[] = ['', ''];
  for (let i = 0; i < RUNS + WARM; i++) {
    for (const k of [0, 1] as const) {
      if (before) await before();
      const s = performance.now();
      const j = await runs[k](i);
      if (i >= WARM) times[k].push(performance.now() - s);
      if (i === 0) shown[k] = rows[k](j);
    }
  }
  const p = (k: 0 | 1, q: number) => {
    const t = [...times[k]].sort((x, y) => x - y);
    return t[Math.min(t.length - 1, Math.floor(q * t.length))]!;
  };
  for (const k of [0, 1] as const)
    console.log(`| ${label}, ${names[k]} | ${shown[k]} | ${p(k, 0.5).toFixed(1)} | ${p(k, 0.95).toFixed(1)} |`);
  console.log(`| ${label}: ${names[1]} / ${names[0]} (p50) | | ${(p(1, 0.5) / p(0, 0.5)).toFixed(2)}x | |`);
}
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const mb = () => `${(lastBytes / 1_000_000).toFixed(1)} MB`;
const now = new Date();
const monthStart = ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
const monthEnd = ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
const weekStart = new Date(
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)),
);
const weekEnd = new Date(weekStart.getTime() + 6 * 86_400_000);

/** A change to the company's planner (what any save does): the next range read builds its answer anew. */
const change = () =>
  database.executeSql(
    'insert into revisioni_schedule (azienda_id) values ($1) on conflict (azienda_id) do update set revisione = revisioni_schedule.revisione + 1',
    [company!.aziendaId],
  );
const monthUrl = `/api/v2/schedule/appointments/start/${monthStart}/end/${monthEnd}`;
const weekUrl = `/api/v2/schedule/appointments/start/${ymd(weekStart)}/end/${ymd(weekEnd)}`;
const leanUrl = `${monthUrl}?forma=compatta`;
const leanRows = (j: any) =>
  `${j.items.length.toLocaleString('en')} (${mb()}; ${Object.keys(j.clienti).length.toLocaleString('en')} customers)`;
const fullRows = (j: any) => `${j.items.length.toLocaleString('en')} (${mb()})`;
await change();
await measurePair(
  'month, all technicians, after a change (built)',
  ['full', 'lean (forma=compatta)'],
  [() => get(monthUrl), () => get(leanUrl)],
  [fullRows, leanRows],
  change,
);
/** The statement alone: PostgreSQL reading the range and making its JSON text, as the server sends it (no HTTP). */
const { tz } = await scheduleState(database.db, company.aziendaId);
const monthRange = rangeOf(monthStart, monthEnd, tz);
const sqlText = async (statement: any) => {
  const r = await database.db.execute(statement);
  const row = r.rows[0] as Record<string, string>;
  lastBytes = (row.items ?? row.body ?? '').length;
  return lastBytes;
};
await measurePair(
  'month, all technicians, the statement alone',
  ['full', 'lean'],
  [
    () => sqlText(inRangeSql(company!.aziendaId, tz, monthRange)),
    () => sqlText(compactRangeSql(company!.aziendaId, tz, monthRange)),
  ],
  [() => mb(), () => mb()],
);
await measurePair(
  'month, all technicians, unchanged (kept)',
  ['full', 'lean'],
  [() => get(monthUrl), () => get(leanUrl)],
  [fullRows, leanRows],
);
/** The answer's bytes as sent (compressed), neither decompressed nor parsed: the server and the wire alone. */
const raw = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(base + url, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
await measurePair(
  'month, all technicians, unchanged, bytes received only (no decompression, no JSON.parse)',
  ['full', 'lean'],
  [() => raw(monthUrl), () => raw(leanUrl)],
  [(n) => `${(n / 1_000_000).toFixed(2)} MB brotli`, (n) => `${(n / 1_000_000).toFixed(2)} MB brotli`],
);
const etag = (await fetch(base + monthUrl, { headers })).headers.get('etag') ?? '';
const leanEtag = (await fetch(base + leanUrl, { headers })).headers.get('etag') ?? '';
await measure(
  'month, all technicians, revalidated (If-None-Match, 304)',
  () => get(monthUrl, { 'if-none-match': etag }),
  (j) => (j.notModified ? '304' : 'changed'),
);
await measure(
  'month, all technicians, lean, revalidated (If-None-Match, 304)',
  () => get(leanUrl, { 'if-none-match': leanEtag }),
  (j) => (j.notModified ? '304' : 'changed'),
);
await measurePair(
  'week, all technicians, after a change (built)',
  ['full', 'lean'],
  [() => get(weekUrl), () => get(`${weekUrl}?forma=compatta`)],
  [fullRows, leanRows],
  change,
);
await measure(
  'week, all technicians, unchanged (kept)',
  () => get(weekUrl),
  (j) => `${j.items.length.toLocaleString('en')} (${mb()})`,
);
await measurePair(
  'month, one technician (after a change)',
  ['full', 'lean'],
  [
    (i) =>
      get(
        `/api/v2/schedule/appointments/start/${monthStart}/end/${monthEnd}?tecnico_id=${techs[i % techs.length]!.id}`,
      ),
    (i) =>
      get(
        `/api/v2/schedule/appointments/start/${monthStart}/end/${monthEnd}?tecnico_id=${techs[i % techs.length]!.id}&forma=compatta`,
      ),
  ],
  [(j) => j.items.length, (j) => j.items.length],
  change,
);
await measure(
  'map, this month (POST /tracking/geolocation/mapRequest)',
  async () => {
    const r = await fetch(`${base}/api/tracking/geolocation/mapRequest`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ range: 'mese' }),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`mapRequest: ${r.status} ${text}`);
    lastBytes = text.length;
    return JSON.parse(text);
  },
  (j) => `${j.items.length.toLocaleString('en')} (${mb()})`,
);
await measure(
  'list, first page of 25',
  () => get('/api/schedule/appointments/admin?size=25'),
  (j) => `25 of ${j.totaleElementi.toLocaleString('en')}`,
);
await measure(
  'list, page 400 of 25',
  () => get('/api/schedule/appointments/admin?size=25&page=400'),
  (j) => j.items.length,
);
await measure(
  'list, one technician, this month, first page',
  (i) =>
    get(
      `/api/schedule/appointments/admin?size=25&tecnico_id=${techs[i % techs.length]!.id}&dal=${monthStart}&al=${monthEnd}`,
    ),
  (j) => `25 of ${j.totaleElementi.toLocaleString('en')}`,
);
await measure(
  'list, search "fumi", first page',
  () => get('/api/schedule/appointments/admin?size=25&q=fumi'),
  (j) => `25 of ${j.totaleElementi.toLocaleString('en')}`,
);

await built.close();
rmSync(dataDir, { recursive: true, force: true });
