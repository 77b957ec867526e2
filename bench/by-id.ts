/**
 * What one read by id costs over HTTP against the SQL it runs (issue 25): the statements one request
 * sends are recorded (the database client's query method, wrapped for one request) with the waves
 * they ran in (statements started before the previous ones ended run together), then the request is
 * timed over HTTP and the same statements run directly, wave by wave as the server ran them, prepared
 * by name as the server prepares them. Both sequential, after a warm-up, on loopback, in one process.
 * PostgreSQL with BENCH_DATABASE_URL (the waves on a pool of their own), otherwise PGlite (the server's
 * own PGlite instance, one connection).
 * BENCH_SMOKE=1: 200 requests (otherwise BENCH_RUNS, default 2,000).
 */
import http from 'node:http';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

export const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 200 : Number(process.env.BENCH_RUNS ?? 2000);
const WARM = SMOKE ? 20 : 100;

interface Statement {
  name?: string;
  text: string;
  values: unknown[];
  start: number;
  end: number;
}

/** Records the statements sent while `run` runs, on node-postgres or PGlite, with their start and end times. */
async function record(run: () => Promise<unknown>) {
  const all: Statement[] = [];
  let pglite: PGlite | undefined;
  const pgQuery = pg.Client.prototype.query;
  const liteQuery = PGlite.prototype.query;
  const entry = (q: any, v: any): Statement =>
    typeof q === 'string'
      ? { text: q, values: Array.isArray(v) ? v : [], start: performance.now(), end: 0 }
      : {
          name: q.name,
          text: q.text,
          values: q.values ?? (Array.isArray(v) ? v : []),
          start: performance.now(),
          end: 0,
        };
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const s = entry(args[0], args[1]);
    all.push(s);
    const cb = args.findIndex((a) => typeof a === 'function');
    if (cb >= 0) {
      const done = args[cb];
      args[cb] = (...r: unknown[]) => {
        s.end = performance.now();
        return done(...r);
      };
      return (pgQuery as any).apply(this, args);
    }
    const p = (pgQuery as any).apply(this, args);
    if (p && typeof p.then === 'function') p.then(() => (s.end = performance.now()));
    return p;
  } as any;
  PGlite.prototype.query = function (this: PGlite, ...args: any[]) {
    const s = entry(args[0], args[1]);
    all.push(s);
    // The server's own PGlite instance, on which the statements are replayed.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    if (!/\bpgboss\./.test(s.text)) pglite = this;
    return (liteQuery as any).apply(this, args).then((r: unknown) => {
      s.end = performance.now();
      return r;
    });
  } as any;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.query = liteQuery;
  }
  // The job queue's workers poll meanwhile (pg-boss schema): not the request's.
  const out = all.filter((s) => !/\bpgboss\./.test(s.text));
  // Waves: a statement started before every statement of the current wave ended runs with them.
  const waves: Statement[][] = [];
  let wave: Statement[] = [];
  let waveEnd = -Infinity;
  for (const s of [...out].sort((a, b) => a.start - b.start)) {
    if (wave.length && s.start >= waveEnd) {
      waves.push(wave);
      wave = [];
    }
    wave.push(s);
    waveEnd = Math.max(waveEnd, s.end);
  }
  if (wave.length) waves.push(wave);
  return { statements: out, waves, pglite };
}

const p = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;

async function timeIt(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM; i++) {
    const s = performance.now();
    await fn();
    if (i >= WARM) times.push(performance.now() - s);
  }
  return times.sort((x, y) => x - y);
}

/** A GET through node:http with a keep-alive agent (fetch costs more per request in this process than the server's own work). */
function leanGet(base: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string) =>
    new Promise<unknown>((resolve, reject) => {
      const req = http.get(base + url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(Buffer.concat(chunks).toString()))
            : reject(new Error(`${url}: ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`)),
        );
      });
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/**
 * Times `GET path` over HTTP and its statements run directly; prints the table and answers the ratio.
 * `check` is given the first answer (the bench fails when the read is not what it should be).
 */
export async function measureById(o: {
  label: string;
  base: string;
  headers: Record<string, string>;
  path: string;
  check?: (answer: any) => void;
}) {
  const { get, close } = leanGet(o.base, o.headers);
  o.check?.(await get(o.path));
  const { statements, waves, pglite } = await record(() => get(o.path));
  console.log(`one request runs ${statements.length} statements in ${waves.length} waves:`);
  for (const [i, w] of waves.entries())
    for (const s of w) console.log(`  ${i + 1}. ${s.text.replace(/\s+/g, ' ').slice(0, 140)}`);

  const overHttp = await timeIt(() => get(o.path));
  close();
  let direct: number[];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const widest = Math.max(...waves.map((w) => w.length));
    const pool = new pg.Pool({ connectionString: url, max: widest });
    direct = await timeIt(async () => {
      for (const w of waves)
        await Promise.all(w.map((s) => pool.query({ name: s.name, text: s.text, values: s.values as any[] })));
    });
    await pool.end();
  } else {
    if (!pglite) throw new Error('no statement recorded');
    const lite = pglite;
    direct = await timeIt(async () => {
      for (const w of waves) await Promise.all(w.map((s) => lite.query(s.text, s.values as any[])));
    });
  }
  const ratio = p(overHttp, 0.5) / p(direct, 0.5);
  console.log(`\n${o.base}${o.path}, ${RUNS} requests one at a time, ${url ? 'PostgreSQL' : 'PGlite'}\n`);
  console.log('| | p50 ms | p95 ms |\n|---|---|---|');
  console.log(`| HTTP ${o.label} | ${p(overHttp, 0.5).toFixed(2)} | ${p(overHttp, 0.95).toFixed(2)} |`);
  console.log(
    `| the same ${statements.length} statements in ${waves.length} waves, run directly | ${p(direct, 0.5).toFixed(2)} | ${p(direct, 0.95).toFixed(2)} |`,
  );
  console.log(`\nHTTP / SQL at p50: ${ratio.toFixed(2)}x`);
  return ratio;
}
