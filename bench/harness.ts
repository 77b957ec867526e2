/**
 * What the list benchmarks share: a server on a throwaway data directory (or
 * BENCH_DATABASE_URL), two companies of their own, a signed-in admin, and a
 * sequential p50 / p95 measurement over real HTTP on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchServer } from './server.js';
import { provisionCompany } from '../apps/server/src/features/company/company/provision.js';

export const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PASSWORD = 'password123';

export function randomPartitaIva(): string {
  const d = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10));
  const sum = d.reduce((s, x, i) => s + (i % 2 === 0 ? x : x * 2 > 9 ? x * 2 - 9 : x * 2), 0);
  return d.join('') + String((10 - (sum % 10)) % 10);
}

export async function startBench(tag: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `fs-bench-${tag}-`));
  const built = await benchServer(dataDir);
  const company = (name: string) =>
    provisionCompany(built.deps.db, {
      ragioneSociale: name,
      partitaIva: randomPartitaIva(),
      users: [{ username: 'admin', password: PASSWORD, role: 'admin' }],
    });
  return {
    built,
    sql: built.deps.database.executeSql,
    /** The measured company and a neighbour of the same size (indexes not per company pay for it). */
    companies: async (name: string) => ({
      a: await company(`Bench ${name} S.r.l.`),
      b: await company(`Bench Vicino ${name} S.r.l.`),
    }),
    async close() {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Listens and signs the company's admin in; answers the base URL and a signed-in `get(url)` answering its JSON. */
export async function signedInMeasureRaw(
  built: Awaited<ReturnType<typeof startBench>>['built'],
  piva: string,
  deviceId: string,
) {
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'WEB', 'device-id': deviceId },
    body: JSON.stringify({ piva, username: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as any).item.token as string;
  const headers = {
    authorization: `Bearer ${token}`,
    'device-id': deviceId,
    source: 'WEB',
    'content-type': 'application/json',
  };
  const send = async (url: string, body?: unknown) => {
    const r = await fetch(
      base + url,
      body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
    );
    const j = await r.json();
    if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(j)}`);
    return j;
  };
  return { base, headers, get: (url: string) => send(url), send };
}

/** Listens, signs the company's admin in and answers a `measure(label, url, body?, check?)` that prints a table row. */
export async function signedInMeasure(
  built: Awaited<ReturnType<typeof startBench>>['built'],
  piva: string,
  deviceId: string,
) {
  const { send } = await signedInMeasureRaw(built, piva, deviceId);
  console.log('| request | p50 ms | p95 ms |\n|---|---|---|');
  return async function measure(label: string, url: string, body?: unknown, check?: (j: any) => void) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      const j = await send(url, body).catch((e: Error) => {
        throw new Error(`${label}: ${e.message}`);
      });
      if (i >= 3) times.push(performance.now() - s); // the first calls warm caches
      if (i === 0) check?.(j);
    }
    times.sort((x, y) => x - y);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${p(0.5)} | ${p(0.95)} |`);
  };
}
