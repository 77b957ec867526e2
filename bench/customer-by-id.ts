/**
 * What one customer by id costs over HTTP against the SQL it runs. The statements one
 * `GET /api/clienti/cliente/{id}` sends to PostgreSQL are recorded (the pg client's query
 * method, wrapped for one request), then run directly on one connection the same number of
 * times; both are sequential, after a warm-up, on loopback. PostgreSQL only:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fs_bench npm run bench:customer
 */
import http from 'node:http';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { RUNS, signedInMeasureRaw, startBench } from './harness.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required (the SQL is replayed on PostgreSQL)');

const bench = await startBench('customer');
const { a } = await bench.companies(`Cliente ${randomBytes(3).toString('hex')}`);
const created = await bench.sql(
  `insert into clienti (azienda_id, codice, ragione_sociale, indirizzo, citta, provincia, cap, partita_iva)
   values ($1, 'C000123', 'Rossi Impianti S.r.l.', 'Via Roma 1', 'Forlì', 'FC', '47121', '12345670017') returning id`,
  [a.company.id],
);
const id = (created.rows[0] as { id: string }).id;
await bench.sql(
  `insert into clienti_recapiti (azienda_id, cliente_id, nome, telefono) values ($1, $2, 'Mario', '0543 123456')`,
  [a.company.id, id],
);

const { get, base, headers } = await signedInMeasureRaw(bench.built, a.company.partitaIva, 'BenchDevice00001');

// The timed requests go through node:http with a keep-alive agent: fetch (undici) costs more per
// request in this process than the server's own work, and the load generator shares the server's CPU.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const lean = (url: string) =>
  new Promise<unknown>((resolve, reject) => {
    const req = http.get(base + url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(Buffer.concat(chunks).toString()))
          : reject(new Error(`${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
const path = `/api/clienti/cliente/${id}`;

// Record the statements of one request.
const recorded: { name?: string; text: string; values: unknown[] }[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
  const [q, v] = args;
  if (typeof q === 'string') recorded.push({ text: q, values: Array.isArray(v) ? v : [] });
  else if (q && typeof q.text === 'string')
    recorded.push({ name: q.name, text: q.text, values: q.values ?? (Array.isArray(v) ? v : []) });
  return (original as any).apply(this, args);
} as any;
await get(path);
pg.Client.prototype.query = original;
console.log(`one request runs ${recorded.length} statements:`);
for (const r of recorded) console.log(`  ${r.text.replace(/\s+/g, ' ').slice(0, 140)}`);

const p = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
const timeIt = async (fn: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const s = performance.now();
    await fn();
    if (i >= 5) times.push(performance.now() - s);
  }
  return times.sort((x, y) => x - y);
};

const overHttp = await timeIt(() => lean(path));
const client = new pg.Client({ connectionString: url });
await client.connect();
const direct = await timeIt(async () => {
  // Prepared statements are replayed prepared (by name), as the server runs them.
  for (const r of recorded) await client.query({ name: r.name, text: r.text, values: r.values as any[] });
});
await client.end();

console.log(`\n${base}${path}, ${RUNS} requests one at a time\n`);
console.log('| | p50 ms | p95 ms |\n|---|---|---|');
console.log(
  `| HTTP GET /api/clienti/cliente/{id} | ${p(overHttp, 0.5).toFixed(2)} | ${p(overHttp, 0.95).toFixed(2)} |`,
);
console.log(
  `| the same ${recorded.length} statements, run directly | ${p(direct, 0.5).toFixed(2)} | ${p(direct, 0.95).toFixed(2)} |`,
);
console.log(`\nHTTP / SQL at p50: ${(p(overHttp, 0.5) / p(direct, 0.5)).toFixed(2)}x`);
await bench.close();
