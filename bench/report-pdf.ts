/**
 * The printed report (issue 12): one report with 5 worked days, 20 materials, 3 checks and prices,
 * over real HTTP on loopback, one request at a time after a warm-up, median and p95 of:
 * - made: `GET /api/rapportini/rapportino/{id}/pdf` with no stored PDF (the stored one is dropped
 *   before each request): the report read, prices, render with @react-pdf/renderer, the file stored;
 * - stored: the same request while the report is unchanged (the stored file served).
 * Besides the wall-clock time, the CPU time this process spent per request (server and client share
 * it): on a loaded machine it stays near what an idle one would show, when the wall clock does not.
 * React runs its production build (NODE_ENV=production, as in the production image).
 *
 *   npm run bench:pdf                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npm run bench:pdf
 *   BENCH_SMOKE=1 npm run bench:pdf                     # a few requests: that it still runs (CI)
 */
import './production-env.js';
import { writeFileSync } from 'node:fs';
import { RUNS, signedInMeasureRaw, startBench } from './harness.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const runs = SMOKE ? 3 : RUNS;
const bench = await startBench('pdf');
const { a } = await bench.companies('Stampa Rapportini');
const { base, headers, send } = await signedInMeasureRaw(bench.built, a.company.partitaIva, 'BenchDevicePdf01');

const cliente = await send('/api/clienti/cliente', {
  ragione_sociale: 'Idraulica Verdi S.n.c.',
  indirizzo: 'Via Emilia 10',
  citta: 'Forlì',
  provincia: 'FC',
  cap: '47121',
  partita_iva: '12345670017',
});
const impianto = await send('/api/impianti/impianto/create', { clienteId: cliente.item.id, nome: 'Centrale termica' });
const macchina = await send('/api/macchinari/macchinario/create', {
  impiantiId: impianto.item.id,
  nome: 'Caldaia a condensazione',
  matricola: 'CND-2026-0042',
});
const articoli: string[] = [];
for (let i = 1; i <= 20; i++) {
  const r = await send('/api/anagraficaarticoli/articoli', {
    codice: `ART${String(i).padStart(4, '0')}`,
    descrizione: `Ricambio n. ${i}: valvola, raccordo o guarnizione per caldaia`,
    unita_misura: 'pz',
    prezzo_vendita: `${10 + i}.50`,
  });
  articoli.push(r.item.id);
}
const job = await send('/api/mansioni/mansione/create', { nome: 'Manutentore caldaie' });
const checks = [];
for (const nome of ['Analisi fumi', 'Tenuta gas', 'Vaso di espansione'])
  checks.push((await send('/api/controlli/controllo', { mansioneId: job.item.id, nome_campo: nome })).item.id);
const admin = a.users.find((u) => u.username === 'admin')!.id;
const report = await send('/api/rapportini/rapportino/lavorazione', {
  cliente_id: cliente.item.id,
  impianto_id: impianto.item.id,
  macchinari_ids: [macchina.item.id],
  tecnici_ids: [admin],
  mansione_id: job.item.id,
  data_apertura: '2026-11-02',
  richiesta_iniziale: 'Caldaia in blocco: verificare perché la pressione è bassa.',
  note: 'Lavoro eseguito; si consiglia un controllo entro un mese.',
  giornate: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map((data) => ({
    data,
    tecnico_id: admin,
    totale_ore: '8',
    km_viaggio: '35',
    ore_viaggio: '1',
    pranzo: 'S',
  })),
  materiali: articoli.map((articolo_id, i) => ({
    articolo_id,
    descrizione: `Ricambio n. ${i + 1}: valvola, raccordo o guarnizione per caldaia`,
    quantita: String(1 + (i % 4)),
  })),
  controlli: checks.map((controllo_id) => ({ controllo_id, esito: 'ok' })),
});
const url = `${base}/api/rapportini/rapportino/${report.item.id}/pdf`;

async function measure(label: string, before?: () => Promise<unknown>) {
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + 3; i++) {
    await before?.();
    const s = performance.now();
    const c = process.cpuUsage();
    const r = await fetch(url, { headers });
    const body = Buffer.from(await r.arrayBuffer());
    if (r.status !== 200 || r.headers.get('content-type') !== 'application/pdf')
      throw new Error(`${label}: ${r.status}`);
    if (i >= 3) {
      // the first calls warm caches
      times.push(performance.now() - s);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    bytes = body.length;
    if (i === 0 && process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, body);
  }
  const p = (xs: number[], q: number) =>
    [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(1);
  console.log(`| ${label} | ${p(times, 0.5)} | ${p(times, 0.95)} | ${p(cpu, 0.5)} | ${(bytes / 1024).toFixed(1)} KB |`);
}

console.log(`report PDF, 5 worked days, 20 materials, ${runs} runs\n`);
console.log('| request | p50 ms | p95 ms | CPU ms p50 | size |\n|---|---|---|---|---|');
await measure('made (render + store)', () =>
  bench.sql(`delete from media where azienda_id = $1 and section = 'rapportino-pdf'`, [a.company.id]),
);
await measure('stored (unchanged report)');
await bench.close();
