/**
 * Benchmark of the CSV import: a customers file of BENCH_IMPORT_ROWS rows
 * (default 100,000; Windows-1252, `;`, about 10 % of rows overwriting earlier
 * ones by VAT number) uploaded over real HTTP, mapped automatically, imported
 * by the job; prints the upload time, the job time, rows per second and the
 * process's peak RSS (sampled every 100 ms) against the RSS before the upload.
 *
 *   npx tsx bench/import.ts                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/import.ts
 */
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchServer } from './server.js';
import { DEMO, seedDemoIfEmpty } from '../apps/server/src/demo/seed.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-import-'));
const built = await benchServer(dataDir);
await seedDemoIfEmpty(built.deps.db);
// The demo company gets enough customer slots for the file.
const az = (await built.deps.database.executeSql('select id from aziende where partita_iva = $1', [DEMO.piva])).rows[0]
  .id;
await built.deps.database.executeSql('delete from clienti where azienda_id = $1', [az]);
await built.deps.database.executeSql(
  `insert into subscription_items (azienda_id, type, quantity) values ($1, 'customers', $2)
   on conflict (azienda_id, type) do update set quantity = excluded.quantity`,
  [az, Math.ceil(ROWS / 8000)],
);
await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;

function piva(n: number): string {
  const d = String(1_000_000_000 + n)
    .slice(-10)
    .split('')
    .map(Number);
  const sum = d.reduce((s, x, i) => s + (i % 2 === 0 ? x : x * 2 > 9 ? x * 2 - 9 : x * 2), 0);
  return d.join('') + String((10 - (sum % 10)) % 10);
}

// The file, written as a stream in Windows-1252.
const file = path.join(dataDir, 'clienti.csv');
await new Promise<void>((ok, fail) => {
  const out = createWriteStream(file);
  out.on('error', fail);
  out.write(
    Buffer.from('Codice;Ragione sociale;Partita IVA;Indirizzo;Città;Provincia;CAP;Telefono;Note\r\n', 'latin1'),
  );
  for (let i = 1; i <= ROWS; i++) {
    const n = i % 10 === 0 ? i - 5 : i; // every tenth row repeats an earlier VAT number
    out.write(
      Buffer.from(
        `C${i};"Società Fòrni ${i} S.r.l.";${piva(n)};Via Roma ${i % 300};Forlì;FC;47121;0543 ${i};"note; con ""virgolette"""\r\n`,
        'latin1',
      ),
    );
  }
  out.end(ok);
});
const size = statSync(file).size;

const login = (await (
  await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': 'benchimport00001' },
    body: JSON.stringify({ piva: DEMO.piva, username: 'admin', password: DEMO.password }),
  })
).json()) as any;
const headers = { authorization: `Bearer ${login.item.token}`, source: 'WEB', 'device-id': 'benchimport00001' };

let peak = 0;
const rssBefore = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);

const t0 = performance.now();
const form = new FormData();
form.append('table', 'clienti');
form.append('separator', ';');
form.append('headerInFirstLine', 'true');
form.append('file', await openAsBlob(file), 'clienti.csv');
const mapping = (await (
  await fetch(`${base}/api/imports/mapping`, { method: 'POST', headers, body: form })
).json()) as any;
if (!mapping.success) throw new Error(JSON.stringify(mapping));
const t1 = performance.now();
const start = (await (
  await fetch(`${base}/api/imports/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: mapping.item.id, mapping: mapping.item.mapping }),
  })
).json()) as any;
if (!start.success) throw new Error(JSON.stringify(start));
let status: any;
for (;;) {
  status = ((await (await fetch(`${base}/api/imports/import/${mapping.item.id}`, { headers })).json()) as any).item;
  if (status.status === 'completed' || status.status === 'failed') break;
  await new Promise((ok) => setTimeout(ok, 250));
}
const t2 = performance.now();
clearInterval(sampler);

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `database: ${built.deps.database.kind}; file: ${ROWS.toLocaleString('en')} rows, ${mb(size)} (Windows-1252, ;)`,
);
console.log(`upload + mapping preview: ${((t1 - t0) / 1000).toFixed(1)} s`);
console.log(
  `import job: ${((t2 - t1) / 1000).toFixed(1)} s (${Math.round(ROWS / ((t2 - t1) / 1000)).toLocaleString('en')} rows/s), ` +
    `status ${status.status}: read ${status.righeLette}, created ${status.creati}, updated ${status.aggiornati}, rejected ${status.scartati}`,
);
console.log(`RSS before ${mb(rssBefore)}, peak ${mb(peak)} (+${mb(peak - rssBefore)}; the file is ${mb(size)})`);
await built.close();
rmSync(dataDir, { recursive: true, force: true });
