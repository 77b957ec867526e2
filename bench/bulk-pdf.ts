/**
 * The bulk download of report PDFs (issue 12): a company with N reports (default 1,000; each with 2
 * worked days and 3 materials), then `POST /api/rapportini/rapportini/download-bulk` for all of them
 * (the list's filters, no ids) over real HTTP on loopback, read as it streams. It prints the time to
 * the first bytes, the whole time, the zip's size and the process's resident memory (server and
 * client share this process) sampled every 20 ms: idle, after one PDF (both after a collection when
 * node runs with --expose-gc, as `npm run bench:bulk-pdf` does), at its peak while streaming, and after.
 * The PDFs are made during the download (none stored before), the slow case.
 *
 *   npm run bench:bulk-pdf                       # embedded PGlite, 1,000 reports
 *   BENCH_BULK_REPORTS=200 npm run bench:bulk-pdf
 *   BENCH_DATABASE_URL=postgres://... npm run bench:bulk-pdf
 *   BENCH_SMOKE=1 npm run bench:bulk-pdf         # 20 reports: that it still runs (CI)
 */
import './production-env.js';
import { signedInMeasureRaw, startBench } from './harness.js';

const N = Number(process.env.BENCH_BULK_REPORTS ?? (process.env.BENCH_SMOKE === '1' ? 20 : 1000));
const bench = await startBench('bulk-pdf');
const { a } = await bench.companies('Scarico Rapportini');
const { base, headers, send } = await signedInMeasureRaw(bench.built, a.company.partitaIva, 'BenchDeviceZip01');
const admin = a.users.find((u) => u.username === 'admin')!.id;
const cliente = await send('/api/clienti/cliente', { ragione_sociale: 'Condominio Aurora', citta: 'Cesena' });
const made = Date.now();
let firstId = '';
for (let i = 0; i < N; i++) {
  const made = await send('/api/rapportini/rapportino/lavorazione', {
    cliente_id: cliente.item.id,
    tecnici_ids: [admin],
    data_apertura: '2026-11-02',
    richiesta_iniziale: `Intervento n. ${i + 1}: verifica periodica della centrale termica`,
    giornate: ['2026-11-02', '2026-11-03'].map((data) => ({
      data,
      tecnico_id: admin,
      totale_ore: '4',
      km_viaggio: '12',
    })),
    materiali: [1, 2, 3].map((n) => ({ descrizione: `Ricambio ${n}`, quantita: '1', importo_unitario: '12.50' })),
  });
  firstId ||= made.item.id;
}
console.log(`${N} reports made in ${((Date.now() - made) / 1000).toFixed(1)} s\n`);

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
global.gc?.();
const idle = process.memoryUsage().rss;
// One PDF first: what the renderer keeps once it has run (its WebAssembly layout engine's memory, fonts,
// compiled code) is not the zip's; the growth is read from here as well as from idle.
const one = await fetch(`${base}/api/rapportini/rapportino/${firstId}/pdf`, { headers });
if (one.status !== 200) throw new Error(`pdf: ${one.status}`);
await one.arrayBuffer();
global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const start = performance.now();
const r = await fetch(`${base}/api/rapportini/rapportini/download-bulk`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ cliente_id: cliente.item.id }),
});
if (r.status !== 200) throw new Error(`download-bulk: ${r.status} ${await r.text()}`);
const reader = r.body!.getReader();
let first = 0;
let bytes = 0;
let tail = Buffer.alloc(0); // the zip's end record: how many files it holds
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  if (!first) first = performance.now() - start;
  bytes += value.length;
  tail = Buffer.concat([tail, value]).subarray(-22);
}
const total = performance.now() - start;
clearInterval(sampler);
if (tail.readUInt32LE(0) !== 0x06054b50 || tail.readUInt16LE(10) !== N)
  throw new Error(`download-bulk: the zip does not end with ${N} files`);
console.log('| reports | first bytes | whole zip | zip size | RSS idle | after one PDF | peak | after | peak - idle |');
console.log('|---|---|---|---|---|---|---|---|---|');
console.log(
  `| ${r.headers.get('x-report-count')} | ${first.toFixed(0)} ms | ${(total / 1000).toFixed(1)} s | ${mb(bytes)} | ` +
    `${mb(idle)} | ${mb(before)} | ${mb(peak)} | ${mb(process.memoryUsage().rss)} | ${mb(peak - idle)} |`,
);
await bench.close();
