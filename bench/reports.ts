/**
 * Benchmark of the work reports at scale (issue 11): a company of its own with 100,000 reports
 * (300,000 worked days, 300,000 material lines, 20 technicians, 20,000 customers, 5,000
 * articles); the filtered list (state + technician + date range, sorted by date, 50 rows) and
 * the creation of a report with 5 worked days and 10 materials, over real HTTP on loopback, one
 * request at a time, p50 / p95 after a warm-up.
 *
 *   npx tsx bench/reports.ts                                        # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/reports.ts      # reuses the company when it is there
 *   BENCH_REPORTS=100000 BENCH_RUNS=60 ...
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchServer } from './server.js';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../apps/server/src/demo/large.js';
import { RUNS } from './harness.js';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
/** The reports benchmark's own company, so bench/lists.ts reseeding its company leaves this one alone. */
const PIVA = '01234560017';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-reports-'));
const built = await benchServer(dataDir);
const { database } = built.deps;

let company = await findLargeCompany(database.db, PIVA);
if (!company || company.rapportini < REPORTS) {
  if (company) await deleteLargeCompany(database.db, PIVA);
  const t0 = performance.now();
  company = await seedLargeCompany(database, { customers: 20_000, articles: 5_000, reports: REPORTS, piva: PIVA });
  console.log(
    `seeded ${company.rapportini.toLocaleString('en')} reports (${company.giornate.toLocaleString('en')} worked days, ` +
      `${company.materiali.toLocaleString('en')} materials) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}`,
  );
} else {
  console.log(`reusing the company with ${company.rapportini.toLocaleString('en')} reports on ${database.kind}`);
  await database.executeSql(
    'vacuum (analyze) rapportini, rapportini_tecnici, rapportini_giornate, rapportini_materiali',
  );
}

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchreports0001';
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

const az = company.aziendaId;
const [tech] = (
  await database.executeSql(
    `select u.id from utenti u where u.azienda_id = $1 and u.role = 'user' order by u.username limit 1`,
    [az],
  )
).rows as { id: string }[];
const customers = (await database.executeSql(`select id from clienti where azienda_id = $1 order by id limit 50`, [az]))
  .rows as { id: string }[];
const articles = (
  await database.executeSql(`select id, descrizione from articoli where azienda_id = $1 order by id limit 10`, [az])
).rows as { id: string; descrizione: string }[];
const iso = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

console.log(
  `\n| request (${REPORTS.toLocaleString('en')} reports, ${database.kind}) | rows | p50 ms | p95 ms |\n|---|---|---|---|`,
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
const list = (q: Record<string, string>) => {
  const qs = new URLSearchParams({ size: '50', sort: 'data_apertura', dir: 'desc', ...q });
  return () => send(`/api/rapportini/rapportini/admin?${qs}`);
};
const count = (j: any) => `${j.items.length} of ${j.totaleElementi.toLocaleString('en')}`;

await measure(
  'closed, one technician, last 90 days, by date',
  list({ stato: 'CHIUSO', tecnico_id: tech!.id, dal: iso(90), al: iso(0) }),
  count,
);
await measure(
  'closed, one technician, last year, by date',
  list({ stato: 'CHIUSO', tecnico_id: tech!.id, dal: iso(365), al: iso(0) }),
  count,
);
await measure(
  'open, one technician, last 30 days',
  list({ stato: 'aperti', tecnico_id: tech!.id, dal: iso(30) }),
  count,
);
await measure('all reports, first page, by date', list({}), count);
await measure('all reports, page 200, by date', list({ page: '200' }), count);
await measure("search 'G2025/'", list({ q: 'G2025/' }), count);
await measure(
  'create: 5 worked days, 10 materials',
  (i) =>
    send('/api/rapportini/rapportino/lavorazione', {
      cliente_id: customers[i % customers.length]!.id,
      tecnici_ids: [tech!.id],
      richiesta_iniziale: 'Manutenzione programmata',
      giornate: Array.from({ length: 5 }, (_, k) => ({
        data: iso(5 - k),
        tecnico_id: tech!.id,
        totale_ore: '4',
        km_viaggio: '25',
        ore_viaggio: '0.5',
        pranzo: k % 2 ? 'S' : 'N',
      })),
      materiali: articles.map((a, k) => ({
        articolo_id: a.id,
        descrizione: a.descrizione,
        quantita: String(1 + (k % 3)),
      })),
    }),
  (j) => `${j.item.giornate.length} days, ${j.item.materiali.length} materials`,
);

await built.close();
rmSync(dataDir, { recursive: true, force: true });
