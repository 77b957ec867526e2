/**
 * Benchmark of the request path every screen pays: the authenticated
 * GET /api/session/session (token check, session lookup, user and company),
 * and the sign-in (argon2id dominated). Real HTTP on loopback, a fixed number
 * of requests at a fixed concurrency; prints p50 / p95 / p99 and throughput.
 *
 *   npx tsx bench/session.ts                  # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/session.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchServer } from './server.js';
import { DEMO, seedDemoIfEmpty } from '../apps/server/src/demo/seed.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 40);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-'));
const built = await benchServer(dataDir, { env: { LOGIN_SLOW_AFTER: '99', LOGIN_MAX_FAILURES: '100' } });
await seedDemoIfEmpty(built.deps.db);
await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;

const device = (i: number) => `bench${String(i).padStart(11, '0')}`;
async function login(i: number, username = 'admin') {
  const r = await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': device(i) },
    body: JSON.stringify({ piva: DEMO.piva, username, password: DEMO.password }),
  });
  if (!r.ok) throw new Error(`login ${r.status}`);
  return ((await r.json()) as any).item.token as string;
}

async function run(label: string, total: number, concurrency: number, one: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await one(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(28)} ${String(total).padStart(5)} req  c=${String(concurrency).padEnd(3)} ` +
      `p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  p99 ${q(0.99)} ms  ${(total / elapsed).toFixed(0)} req/s`,
  );
}

console.log(`database: ${built.deps.database.kind}, node ${process.version}, ${os.cpus().length} cores`);
const token = await login(0);
const headers = { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': device(0) };
// warm-up
for (let i = 0; i < 50; i++) await fetch(`${base}/api/session/session`, { headers }).then((r) => r.arrayBuffer());

await run('GET /api/session/session', REQUESTS, CONCURRENCY, async () => {
  const r = await fetch(`${base}/api/session/session`, { headers });
  if (r.status !== 200) throw new Error(`session ${r.status}`);
  await r.arrayBuffer();
});
await run('GET /api/navigazione/...', REQUESTS, CONCURRENCY, async () => {
  const r = await fetch(`${base}/api/navigazione/pagine-attive`, { headers });
  if (r.status !== 200) throw new Error(`pages ${r.status}`);
  await r.arrayBuffer();
});
await run('POST /api/login/login', LOGINS, 4, async (i) => {
  await login(i + 1, i % 2 ? 'mario.rossi' : 'luca.bianchi');
});

await built.close();
rmSync(dataDir, { recursive: true, force: true });
