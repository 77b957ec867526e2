/**
 * The lists a user waits on, at two sizes and two loads (issue 25): the filtered report list (closed, one technician,
 * last 90 days, by date, 50 rows), the first page of all reports and the first page of customers, each at 10,000 and
 * 100,000 rows (one company per size: that many customers and reports, 3 worked days and 3 materials per report, 20
 * technicians) and at 1 and 16 connections, p50 / p99 over real HTTP on loopback. The server runs in a child process
 * (the client's own work would otherwise share its event loop); the sizes take turns in rounds, so a change in the
 * machine's load falls on both and the ratio (large / small) is read side by side in one run.
 *
 *   npx tsx bench/lists-concurrency.ts                                     # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/lists-concurrency.ts   # reuses its companies when they are there
 *   BENCH_SMOKE=1 ...            # 100 and 300 rows, a few requests: that it runs, not figures
 *   BENCH_CONC_SIZES=10000,100000 BENCH_CONC_REQUESTS=400 BENCH_CONC_CONNECTIONS=1,16
 *   BENCH_CONC_BASELINE=/path/to/other/checkout ...   # before / after: that checkout's server too (this file copied
 *                                                     # into its bench/), the two taking turns on the same companies
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SIZES = (process.env.BENCH_CONC_SIZES ?? (SMOKE ? '100,300' : '10000,100000')).split(',').map(Number);
const CONNECTIONS = (process.env.BENCH_CONC_CONNECTIONS ?? '1,16').split(',').map(Number);
/** Requests per case, size and load (split over the rounds). */
const REQUESTS = Number(process.env.BENCH_CONC_REQUESTS ?? (SMOKE ? 8 : 400));
const ROUNDS = SMOKE ? 1 : 4;

/** A valid VAT number per size: 10 digits and their check digit. */
function pivaOf(size: number): string {
  const d = `07${String(size).padStart(8, '0')}`.split('').map(Number);
  const sum = d.reduce((s, x, i) => s + (i % 2 === 0 ? x : x * 2 > 9 ? x * 2 - 9 : x * 2), 0);
  return d.join('') + String((10 - (sum % 10)) % 10);
}

interface Company {
  size: number;
  piva: string;
  tech: string;
}

// ---- The server (child process): seeds or reuses the companies, then listens. ----
if (process.env.BENCH_CONC_ROLE === 'server') {
  const { benchServer } = await import('./server.js');
  const large = await import('../apps/server/src/demo/large.js');
  const dataDir = process.env.BENCH_CONC_DIR!;
  const built = await benchServer(dataDir);
  const { database } = built.deps;
  const companies: Company[] = [];
  for (const size of SIZES) {
    const piva = pivaOf(size);
    let c = await large.findLargeCompany(database.db, piva);
    if (!c || c.clienti !== size || c.rapportini !== size) {
      if (c) await large.deleteLargeCompany(database.db, piva);
      const t0 = performance.now();
      c = await large.seedLargeCompany(database, {
        customers: size,
        articles: Math.min(size, 5_000),
        reports: size,
        technicians: 20,
        piva,
      });
      console.log(
        `seeded ${size.toLocaleString('en')} customers and reports in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } else {
      // As autovacuum leaves the tables in steady use (a migration may have rewritten them since the seed).
      await database.executeSql('vacuum (analyze) clienti, rapportini, rapportini_tecnici');
    }
    const [t] = (
      await database.executeSql(
        `select id from utenti where azienda_id = $1 and role = 'user' order by username limit 1`,
        [c.aziendaId],
      )
    ).rows as { id: string }[];
    companies.push({ size, piva, tech: t!.id });
  }
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({
    port: (built.app.server.address() as AddressInfo).port,
    companies,
    kind: database.kind,
    login: { username: large.LARGE_DEMO.username, password: large.LARGE_DEMO.password },
  });
  process.on('disconnect', () => void built.close().then(() => process.exit(0)));
} else {
  await client();
}

// ---- The client (this process). ----
/** A server under test: this checkout's, or a baseline checkout's (BENCH_CONC_BASELINE, before / after in one run). */
interface Target {
  label: string;
  ready: Ready;
  sessions: Map<number, Record<string, string>>;
}

async function client() {
  const checkouts = [
    { label: 'this code', script: process.argv[1]! },
    ...(process.env.BENCH_CONC_BASELINE
      ? [{ label: 'baseline', script: path.join(process.env.BENCH_CONC_BASELINE, 'bench/lists-concurrency.ts') }]
      : []),
  ];
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  try {
    const targets: Target[] = [];
    // One after the other: the first seeds what the second then reuses.
    for (const c of checkouts) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-conc-'));
      dirs.push(dataDir);
      const child = fork(c.script, [], { env: { ...process.env, BENCH_CONC_ROLE: 'server', BENCH_CONC_DIR: dataDir } });
      children.push(child);
      const ready = await new Promise<Ready>((resolve, reject) => {
        child.once('message', (m) => resolve(m as Ready));
        child.once('exit', (code) => reject(new Error(`the server of ${c.label} exited (${code})`)));
      });
      targets.push({ label: c.label, ready, sessions: new Map() });
    }
    await run(targets);
  } finally {
    for (const child of children) {
      if (!child.connected) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

interface Ready {
  port: number;
  companies: Company[];
  kind: string;
  login: { username: string; password: string };
}

async function run(targets: Target[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...CONNECTIONS) });
  const request = (port: number, method: string, url: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; json: any }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (e) {
            reject(e as Error);
          }
        });
      });
      req.on('error', reject);
      req.end(body);
    });

  const iso = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  // One session per company, used on every server (one database): signing in again would end it.
  const first = targets[0]!;
  for (const c of first.ready.companies) {
    const device = `benchconc${String(c.size).padStart(7, '0')}`;
    const login = await request(
      first.ready.port,
      'POST',
      '/api/login/login',
      { 'content-type': 'application/json', source: 'WEB', 'device-id': device },
      JSON.stringify({ piva: c.piva, ...first.ready.login }),
    );
    if (!login.json.success) throw new Error(`login ${c.piva}: ${JSON.stringify(login.json)}`);
    const session = { authorization: `Bearer ${login.json.item.token}`, source: 'WEB', 'device-id': device };
    for (const t of targets) t.sessions.set(c.size, session);
  }
  const reports = (q: Record<string, string>) =>
    `/api/rapportini/rapportini/admin?${new URLSearchParams({ size: '50', sort: 'data_apertura', dir: 'desc', ...q })}`;
  const cases: { label: string; url: (c: Company) => string }[] = [
    {
      label: 'reports: closed, one technician, last 90 days',
      url: (c) => reports({ stato: 'CHIUSO', tecnico_id: c.tech, dal: iso(90), al: iso(0) }),
    },
    { label: 'reports: all, first page', url: () => reports({}) },
    { label: 'customers: first page, by name', url: () => '/api/clienti/clienti-filtered?page=1&size=25' },
  ];

  const call = async (t: Target, c: Company, url: string) => {
    const r = await request(t.ready.port, 'GET', url, t.sessions.get(c.size)!);
    if (r.status !== 200 || !r.json.success) {
      throw new Error(`${t.label} ${url}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
    }
    return r.json as { items: unknown[]; totaleElementi: number };
  };
  /** `total` requests over `connections` parallel loops; the latency of each. */
  const load = async (t: Target, c: Company, url: string, connections: number, total: number) => {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < total) {
          const t0 = performance.now();
          await call(t, c, url);
          times.push(performance.now() - t0);
        }
      }),
    );
    return times;
  };
  const q = (t: number[], p: number) => t[Math.min(t.length - 1, Math.floor(p * t.length))]!;
  const loadavg = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');

  console.log(
    `database: ${targets[0]!.ready.kind}, node ${process.version}, ${os.cpus().length} cores, load average ${loadavg()}, ` +
      `${REQUESTS} requests per case, size, load and server, in ${ROUNDS} rounds taking turns`,
  );
  const companies = targets[0]!.ready.companies;
  const columns = targets.flatMap((t) => companies.map((c) => ({ t, c })));
  const title = (t: Target, c: Company) => `${targets.length > 1 ? `${t.label}, ` : ''}${c.size.toLocaleString('en')}`;
  console.log(
    `\n| case | connections | ${columns.map(({ t, c }) => `${title(t, c)}: p50 / p99 ms`).join(' | ')} | ` +
      `${targets.map((t) => `${targets.length > 1 ? `${t.label}: ` : ''}p50 large / small`).join(' | ')} |`,
  );
  console.log(`|---|---|${columns.map(() => '---|').join('')}${targets.map(() => '---|').join('')}`);
  for (const k of cases) {
    for (const conns of CONNECTIONS) {
      const times = columns.map(() => [] as number[]);
      const rows: string[] = [];
      for (const { t, c } of columns) {
        const j = await call(t, c, k.url(c));
        rows.push(`${j.items.length} of ${j.totaleElementi.toLocaleString('en')}`);
        await load(t, c, k.url(c), conns, SMOKE ? conns : Math.max(conns, 20)); // warm-up
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, { t, c }] of columns.entries()) {
          times[i]!.push(...(await load(t, c, k.url(c), conns, Math.ceil(REQUESTS / ROUNDS))));
        }
      }
      for (const t of times) t.sort((a, b) => a - b);
      const cells = times.map((t) => `${q(t, 0.5).toFixed(1)} / ${q(t, 0.99).toFixed(1)}`);
      const ratios = targets.map((t) => {
        const own = columns.flatMap((col, i) => (col.t === t ? [q(times[i]!, 0.5)] : []));
        return `${(own[own.length - 1]! / own[0]!).toFixed(2)}x`;
      });
      console.log(`| ${k.label} (${rows.join(', ')}) | ${conns} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`);
    }
  }
  console.log(`\nload average after: ${loadavg()}`);
  agent.destroy();
}
