/**
 * Benchmark of the data export (issue 27): a company of its own at `seed:large` scale (by default 50,000
 * customers, 20,000 articles, 100,000 reports with their days and materials, 5,000 contracts, 200,000
 * appointments, 300,000 clockings; BENCH_EXPORT_SCALE=0.2 takes a fifth), exported whole as CSV in a zip
 * and as one XLSX workbook over real HTTP (start, poll, download); prints rows, file size, time and the
 * process's peak RSS (sampled every 100 ms) against the RSS before the export: memory must stay flat.
 *
 *   npx tsx bench/data-export.ts                                        # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/data-export.ts      # reuses the company when it is there
 */
import { mkdtempSync, rmSync } from 'node:fs';
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

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-export-'));
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

async function exportOnce(formato: 'CSV_ZIP' | 'XLSX') {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const t0 = performance.now();
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
  }
  const ready = performance.now();
  if (item.stato !== 'completed') throw new Error(JSON.stringify(item));
  // The download, read to its end without keeping it.
  const res = await fetch(`${base}/api/esportazioni/${item.id}/file`, { headers });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  const mb = (x: number) => `${(x / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `${formato}: ${item.righe.toLocaleString('en')} rows, ${mb(bytes)} file, built in ${((ready - t0) / 1000).toFixed(1)} s, ` +
      `downloaded in ${((performance.now() - ready) / 1000).toFixed(1)} s; RSS before ${mb(rssBefore)}, peak ${mb(peak)} (+${mb(peak - rssBefore)})`,
  );
}

try {
  await exportOnce('CSV_ZIP');
  await exportOnce('XLSX');
} finally {
  await built.close();
  rmSync(dataDir, { recursive: true, force: true });
}
