/**
 * Every benchmark run at a tiny size, so that none rots between the runs that measure (issue 25): each
 * must finish and exit 0; its figures mean nothing. Part of `npm test` (scripts/test.mjs), after the
 * production build (the restart and browser benchmarks start the built server). Embedded PGlite only:
 * a benchmark's PostgreSQL side takes BENCH_DATABASE_URL, which the smoke never sets.
 *
 *   npx tsx bench/smoke.ts            every benchmark, two at a time
 *   npx tsx bench/smoke.ts lists pdf  those whose file name contains a word given
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';

interface Smoke {
  bench: string;
  env?: Record<string, string>;
  /** Needs a started product (BASE_URL): the smoke starts the built server for it. */
  product?: boolean;
}

const SMOKES: Smoke[] = [
  { bench: 'session.ts', env: { BENCH_REQUESTS: '100', BENCH_CONCURRENCY: '4', BENCH_LOGINS: '2' } },
  { bench: 'customers.ts', env: { BENCH_CUSTOMERS: '300', BENCH_RUNS: '3' } },
  { bench: 'articles.ts', env: { BENCH_ARTICLES: '300', BENCH_RUNS: '3' } },
  { bench: 'lists.ts', env: { BENCH_LIST_ROWS: '300', BENCH_LIST_REPS: '2' } },
  { bench: 'lists-concurrency.ts' },
  { bench: 'import.ts', env: { BENCH_IMPORT_ROWS: '200' } },
  { bench: 'customer-by-id.ts' },
  { bench: 'report-by-id.ts' },
  { bench: 'reports.ts', env: { BENCH_REPORTS: '300', BENCH_RUNS: '3' } },
  { bench: 'report-pdf.ts' },
  { bench: 'bulk-pdf.ts' },
  { bench: 'contracts.ts', env: { BENCH_CONTRACTS: '20', BENCH_RUNS: '3' } },
  { bench: 'schedule.ts' },
  { bench: 'clocking.ts' },
  { bench: 'statistics.ts' },
  { bench: 'data-export.ts', env: { BENCH_EXPORT_SCALE: '0.002' } },
  { bench: 'webhooks.ts' },
  { bench: 'restart.ts' },
  { bench: 'login-weight.ts', product: true },
  { bench: 'lighthouse.ts', product: true, env: { LIGHTHOUSE_RUNS: '1' } },
  { bench: 'planner-browser.ts', env: { BENCH_RUNS: '1' } },
  { bench: 'interventions-browser.ts' },
];

const root = path.resolve(import.meta.dirname, '..');
const words = process.argv.slice(2);
const chosen = SMOKES.filter((s) => words.length === 0 || words.some((w) => s.bench.includes(w)));
const PARALLEL = Number(process.env.BENCH_SMOKE_PARALLEL ?? 2);
let nextPort = 3600;

function run(cmd: string, args: string[], env: Record<string, string>, log: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c: Buffer) => log.push(c.toString()));
    child.stderr.on('data', (c: Buffer) => log.push(c.toString()));
    child.on('error', (err) => {
      log.push(String(err));
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** The built server on a data directory of its own, until `stop`. */
async function startProduct(log: string[]) {
  const port = nextPort++;
  const dataDir = path.join(os.tmpdir(), `fs-smoke-product-${process.pid}-${port}`);
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (c: Buffer) => log.push(c.toString()));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() - started > 300_000) throw new Error('the product did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('close', r));
      const { rmSync } = await import('node:fs');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function smoke(s: Smoke): Promise<{ s: Smoke; ok: boolean; ms: number; log: string[] }> {
  const started = Date.now();
  const log: string[] = [];
  const env: Record<string, string> = { BENCH_SMOKE: '1', BENCH_DATABASE_URL: '', ...s.env };
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  try {
    if (s.product) {
      product = await startProduct(log);
      env.BASE_URL = product.base;
    }
    const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
    const code = await run(process.execPath, [tsx, path.join('bench', s.bench)], env, log);
    return { s, ok: code === 0, ms: Date.now() - started, log };
  } catch (err) {
    log.push(String(err));
    return { s, ok: false, ms: Date.now() - started, log };
  } finally {
    await product?.stop();
  }
}

const queue = [...chosen];
const results: Awaited<ReturnType<typeof smoke>>[] = [];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      const r = await smoke(s);
      results.push(r);
      console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${s.bench} (${(r.ms / 1000).toFixed(1)} s)`);
      if (!r.ok) console.log(r.log.join('').split('\n').slice(-40).join('\n'));
    }
  }),
);
const failed = results.filter((r) => !r.ok);
console.log(`${results.length - failed.length} of ${results.length} benchmarks ran at smoke size`);
process.exit(failed.length ? 1 : 0);
