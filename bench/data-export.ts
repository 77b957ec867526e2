/**
 * Benchmark of the data export (issue 27): a company of its own at `seed:large` scale (by default 50,000
 * customers, 20,000 articles, 100,000 reports with their days and materials, 5,000 contracts, 200,000
 * appointments, 300,000 clockings; BENCH_EXPORT_SCALE=0.2 takes a fifth), exported whole as CSV in a zip
 * and as one XLSX workbook over real HTTP (start, poll, download); prints rows, file size, time and the
 * process's peaks (sampled every 100 ms) against the figures before the export, taken after a forced
 * collection: RSS, and V8's heap in use, `external` and `arrayBuffers` (what RSS alone cannot tell apart:
 * memory kept from garbage not yet collected). Memory must stay flat.
 *
 *   npm run bench:data-export                                           # embedded PGlite (node --expose-gc)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:data-export         # reuses the company when it is there
 *   BENCH_DATA_DIR=/tmp/fs-export npm run bench:data-export             # PGlite kept there between runs
 *   BENCH_GC_MS=1000 ...                                                # also a collection every second: the peak
 *                                                                       # of what is live, not of the heap's slack
 *   BENCH_EXPORT_FORMATS=CSV_ZIP ...                                    # one format only
 *   BENCH_MEMORY_LOG=5000 ...                                           # the memory every 5 s while it runs
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DATA_EXPORT_ENTITIES } from '@fs/contract';
import { benchServer } from './server.js';
import { deleteLargeCompany, findLargeCompany, LARGE_DEMO, seedLargeCompany } from '../apps/server/src/demo/large.js';

const SCALE = Number(process.env.BENCH_EXPORT_SCALE ?? 1);
const n = (x: number) => Math.round(x * SCALE);
const SIZE = {
  customers: n(50_000),
  articles: n(20_000),
  reports: n(100_000),
  contracts: n(5_000),
  appointments: n(200_000),
  clockings: n(300_000),
};
/** The benchmark's own company. */
const PIVA = '02345670012';

const keptDir = process.env.BENCH_DATA_DIR;
if (keptDir) mkdirSync(keptDir, { recursive: true });
const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'fs-bench-export-'));
if (!global.gc) console.log('no --expose-gc: the figures before include garbage (run `npm run bench:data-export`)');
const GC_MS = Number(process.env.BENCH_GC_MS ?? 0);
const LOG_MS = Number(process.env.BENCH_MEMORY_LOG ?? 0);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'CSV_ZIP,XLSX').split(',') as ('CSV_ZIP' | 'XLSX')[];
const built = await benchServer(dataDir);
const { database } = built.deps;
let company = await findLargeCompany(database.db, PIVA);
if (!company || company.rapportini < SIZE.reports || company.timbrature < SIZE.clockings) {
  if (company) await deleteLargeCompany(database.db, PIVA);
  const t0 = performance.now();
  company = await seedLargeCompany(database, { ...SIZE, piva: PIVA });
  console.log(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}: ${JSON.stringify(company)}`,
  );
} else console.log(`reusing the company on ${database.kind}: ${JSON.stringify(company)}`);

await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
const device = 'benchexport00001';
const login = (await (
  await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': device },
    body: JSON.stringify({ piva: PIVA, username: LARGE_DEMO.username, password: LARGE_DEMO.password }),
  })
).json()) as any;
if (!login.success) throw new Error(JSON.stringify(login));
const headers = { authorization: `Bearer ${login.item.token}`, source: 'WEB', 'device-id': device };

type Memory = Pick<NodeJS.MemoryUsage, 'rss' | 'heapUsed' | 'external' | 'arrayBuffers'>;
const FIELDS = ['rss', 'heapUsed', 'external', 'arrayBuffers'] as const;
const mb = (x: number) => `${(x / 1024 / 1024).toFixed(0)} MB`;

async function exportOnce(formato: 'CSV_ZIP' | 'XLSX') {
  global.gc?.();
  const before: Memory = process.memoryUsage();
  const peak: Memory = { ...before };
  const sample = () => {
    const m = process.memoryUsage();
    for (const f of FIELDS) peak[f] = Math.max(peak[f], m[f]);
  };
  const t0 = performance.now();
  const sampler = setInterval(sample, 100);
  const collector = GC_MS > 0 ? setInterval(() => global.gc?.(), GC_MS) : null;
  let written = 0;
  const logger =
    LOG_MS > 0
      ? setInterval(() => {
          const m = process.memoryUsage();
          const s = ((performance.now() - t0) / 1000).toFixed(0);
          const rows = `${written.toLocaleString('en')} rows`;
          console.log(`  ${s.padStart(4)} s, ${rows}: ${FIELDS.map((f) => `${f} ${mb(m[f])}`).join(', ')}`);
        }, LOG_MS)
      : null;
  const started = (await (
    await fetch(`${base}/api/esportazioni`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ formato, entita: DATA_EXPORT_ENTITIES, includiMedia: false }),
    })
  ).json()) as any;
  if (!started.success) throw new Error(JSON.stringify(started));
  let item = started.item;
  while (item.stato === 'queued' || item.stato === 'running') {
    await new Promise((ok) => setTimeout(ok, 500));
    item = ((await (await fetch(`${base}/api/esportazioni/${item.id}`, { headers })).json()) as any).item;
    written = item.righe;
  }
  const ready = performance.now();
  sample();
  const whileBuilding: Memory = { ...peak };
  if (item.stato !== 'completed') throw new Error(JSON.stringify(item));
  // The download, read to its end without keeping it.
  const res = await fetch(`${base}/api/esportazioni/${item.id}/file`, { headers });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  sample();
  clearInterval(sampler);
  if (collector) clearInterval(collector);
  if (logger) clearInterval(logger);
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `${formato}: ${item.righe.toLocaleString('en')} rows, ${mb(bytes)} file, built in ${((ready - t0) / 1000).toFixed(1)} s, ` +
      `downloaded in ${((performance.now() - ready) / 1000).toFixed(1)} s; peaks over before (after a collection):`,
  );
  for (const f of FIELDS)
    console.log(
      `  ${f.padEnd(12)} before ${mb(before[f]).padStart(7)}, peak building +${mb(whileBuilding[f] - before[f])}, ` +
        `with the download +${mb(peak[f] - before[f])}; after a collection ${mb(after[f])}`,
    );
}

try {
  for (const f of FORMATS) await exportOnce(f);
} finally {
  await built.close();
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
