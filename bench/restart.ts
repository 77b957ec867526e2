/**
 * A warm restart: the production server (`apps/server/dist/main.js`, built by `npm run build`) started
 * on a data directory that is already there (migrated, the demo company seeded by a first start), timed
 * from the process's spawn to the first 200 of `GET /api/health`, then stopped with SIGTERM. Embedded
 * PGlite, and PostgreSQL too with BENCH_DATABASE_URL (a database of its own: the first start migrates
 * and seeds it).
 *
 * BENCH_COMPARE=path/to/other/main.js times another build in the same run, alternately with this one
 * (each restart of one followed by one of the other), so both see the same load: the ratio is the figure.
 *
 *   npm run build && npx tsx bench/restart.ts
 *   BENCH_RESTARTS=9 BENCH_COMPARE=/tmp/old/dist/main.js npx tsx bench/restart.ts
 *   BENCH_SMOKE=1 npx tsx bench/restart.ts   (one restart, PGlite: proves the script still runs)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SMOKE = process.env.BENCH_SMOKE === '1';
const RESTARTS = SMOKE ? 1 : Number(process.env.BENCH_RESTARTS ?? 7);
const root = path.resolve(import.meta.dirname, '..');
const builds = [
  { name: 'this build', main: path.join(root, 'apps/server/dist/main.js') },
  ...(process.env.BENCH_COMPARE ? [{ name: 'compared', main: path.resolve(process.env.BENCH_COMPARE) }] : []),
];
for (const b of builds)
  if (!existsSync(b.main)) throw new Error(`${b.main} is missing: run npm run build (or check BENCH_COMPARE)`);

let port = 3300 + Math.floor(Math.random() * 500);

/** Starts one server, waits for its health answer, stops it; resolves with the milliseconds to health. */
async function restart(main: string, env: Record<string, string>): Promise<number> {
  const p = port++;
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    env: { ...process.env, ...env, PORT: String(p), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let answered: number;
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let dead = false;
  void exited.then(() => (dead = true));
  try {
    for (;;) {
      if (dead) throw new Error(`the server stopped before answering:\n${stderr}`);
      if (performance.now() - started > 180_000)
        throw new Error(`no health answer within 3 minutes (${main}):\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${p}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) {
        answered = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    if (!dead) child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM:\n${stderr}`);
  return answered;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measure(label: string, env: Record<string, string>) {
  // The first start migrates and seeds the demo company; the restarts after it are the warm ones.
  const first = await restart(builds[0]!.main, env);
  console.log(`${label}: first start (migrations, demo company) ${fmt(first)}`);
  const times = builds.map(() => [] as number[]);
  for (let i = 0; i < RESTARTS; i++) for (const [j, b] of builds.entries()) times[j]!.push(await restart(b.main, env));
  for (const [j, b] of builds.entries()) {
    const t = times[j]!;
    console.log(
      `${label}, ${b.name}: warm restart median ${fmt(median(t))} (${fmt(Math.min(...t))}–${fmt(Math.max(...t))}, ${t.length} runs)`,
    );
  }
  if (builds.length === 2) console.log(`${label}: ratio ${(median(times[0]!) / median(times[1]!)).toFixed(2)}x`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-restart-'));
try {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  if (process.env.BENCH_DATABASE_URL && !SMOKE)
    await measure('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL });
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
