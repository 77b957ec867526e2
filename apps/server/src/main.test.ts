import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from './platform/db/client.js';
import { lockFileOf } from './platform/db/dir-lock.js';
import { onPostgres } from './test/harness.js';

/*
 * The server as `npm start` runs it, in real processes on one embedded data directory (issue 22,
 * point 12): a second process is refused with a message that says what to do, SIGTERM and SIGINT
 * stop the server cleanly (exit 0, the lock released), and a lock left by a kill -9 is taken over.
 */

interface Server {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

let root: string;
let dataDir: string;
const pgdata = () => path.join(dataDir, 'pgdata');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function start(): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'TEST_DATABASE_URL', 'ROLE', 'S3_BUCKET']) delete env[k];
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/main.ts')], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'no-web'),
      SMTP_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, stdout: () => out, stderr: () => err, exited };
}

const healthy = async (s: Server) => {
  try {
    return (await fetch(`http://127.0.0.1:${s.port}/api/health`)).status;
  } catch {
    return 0;
  }
};

async function waitHealthy(s: Server) {
  await expect.poll(() => healthy(s), { timeout: 60_000, interval: 200 }).toBe(200);
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

const holderPid = () => (JSON.parse(readFileSync(lockFileOf(pgdata()), 'utf8')) as { pid: number }).pid;

describe.skipIf(onPostgres)('the server process on an embedded data directory', () => {
  const started: Server[] = [];
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'fs-main-'));
    dataDir = path.join(root, 'data');
    // A migrated database to start from (the run's dump), so the processes start quickly.
    const db = await openDatabase({
      pgliteDir: pgdata(),
      loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]),
    });
    await db.close();
  });
  afterAll(() => {
    for (const s of started) s.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });
  const run = async () => {
    const s = await start();
    started.push(s);
    return s;
  };

  it('refuses a second process on the same directory, and stops on SIGTERM with exit 0 and the lock released', async () => {
    const first = await run();
    await waitHealthy(first);
    expect(holderPid()).toBe(first.child.pid);

    const second = await run();
    expect(await within(second.exited, 60_000)).toBe(1);
    expect(second.stderr()).toContain(`already in use by process ${first.child.pid}`);
    expect(second.stderr()).toContain('DATABASE_URL=postgres://');
    // The first one is untouched and still answers.
    expect(await healthy(first)).toBe(200);

    first.child.kill('SIGTERM');
    expect(await within(first.exited, 30_000)).toBe(0);
    expect(existsSync(lockFileOf(pgdata()))).toBe(false);
  }, 180_000);

  it('takes over the lock a killed process left, and stops on SIGINT with exit 0', async () => {
    const killed = await run();
    await waitHealthy(killed);
    killed.child.kill('SIGKILL');
    await within(killed.exited, 10_000);
    expect(holderPid()).toBe(killed.child.pid);

    const next = await run();
    await waitHealthy(next);
    expect(holderPid()).toBe(next.child.pid);
    next.child.kill('SIGINT');
    expect(await within(next.exited, 30_000)).toBe(0);
    expect(existsSync(lockFileOf(pgdata()))).toBe(false);

    // Closed cleanly: the directory opens again, with what the servers wrote (their signing key).
    const db = await openDatabase({ pgliteDir: pgdata() });
    try {
      const r = await db.executeSql(`select count(*)::int as n from app_secrets where name = 'jwt'`);
      expect(r.rows[0]).toEqual({ n: 1 });
    } finally {
      await db.close();
    }
  }, 180_000);
});
