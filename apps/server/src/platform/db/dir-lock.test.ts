import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DirectoryLockedError, lockDirectory, lockFileOf, startIdentity } from './dir-lock.js';
import { openDatabase } from './client.js';
import { onPostgres } from '../../test/harness.js';

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'fs-lock-'));
  dir = path.join(root, 'pgdata');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const holderOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { pid: number; start: string | null };

/** The pid of a process that has run and exited: no process has it now (pids are not reused at once). */
const deadPid = () =>
  spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();

// PGlite's own matter: run once, in the PGlite project.
describe.skipIf(onPostgres)('the embedded database directory lock', () => {
  it('refuses a second opener, naming the holder and how to run several processes; free again once released', () => {
    const lock = lockDirectory(dir);
    expect(holderOf(lockFileOf(dir)).pid).toBe(process.pid);
    let refused: unknown;
    try {
      lockDirectory(dir);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(DirectoryLockedError);
    const message = (refused as Error).message;
    expect(message).toContain(`already in use by process ${process.pid}`);
    expect(message).toContain('DATABASE_URL=postgres://');
    expect(message).toContain('ROLE=worker');
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    lockDirectory(dir).release();
  });

  it('takes over the lock of a process that is gone (kill -9 leaves it behind)', () => {
    const pid = Number(deadPid());
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid, start: null, host: os.hostname(), since: '2026-01-01' }));
    const lock = lockDirectory(dir);
    expect(holderOf(lockFileOf(dir)).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(startIdentity(process.pid) !== null)('takes over a lock whose pid now belongs to another process', () => {
    // Our own pid, but another start: the holder died and its pid went to this process.
    writeFileSync(
      lockFileOf(dir),
      JSON.stringify({ pid: process.pid, start: 'another-boot:1', host: os.hostname(), since: '2026-01-01' }),
    );
    const lock = lockDirectory(dir);
    expect(holderOf(lockFileOf(dir)).start).toBe(startIdentity(process.pid));
    lock.release();
  });

  it('takes over a lock file left empty long ago, but waits on one being written', () => {
    writeFileSync(lockFileOf(dir), '');
    const old = new Date(Date.now() - 60_000);
    spawnSync('touch', ['-d', old.toISOString(), lockFileOf(dir)]);
    const lock = lockDirectory(dir);
    expect(holderOf(lockFileOf(dir)).pid).toBe(process.pid);
    lock.release();
  });

  it('a second process opening the same data directory is refused while the first holds it, and opens it after', async () => {
    const client = path.resolve('src/platform/db/client.ts');
    const script = path.join(root, 'open.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(client)};
      const db = await openDatabase({ pgliteDir: process.argv[2] });
      await db.executeSql('create table if not exists t (n int)');
      await db.executeSql('insert into t values (1)');
      console.log('open');
      process.stdin.once('data', async () => { await db.close(); console.log('closed'); process.exit(0); });`,
    );
    const first = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['pipe', 'pipe', 'pipe'] });
    // Listened for from the start: the child may be gone before the test gets to wait for it.
    const exited = new Promise((r) => first.once('exit', r));
    let out = '';
    first.stdout.on('data', (c: Buffer) => (out += c.toString()));
    try {
      await expect.poll(() => out, { timeout: 90_000, interval: 100 }).toContain('open');
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(
        new RegExp(`already in use by process ${first.pid}`),
      );
      first.stdin.write('\n');
      await expect.poll(() => out, { timeout: 30_000, interval: 100 }).toContain('closed');
      await exited;
      // The row the first process wrote is there: the refused opener touched nothing.
      const db = await openDatabase({ pgliteDir: dir });
      try {
        expect((await db.executeSql('select count(*)::int as n from t')).rows[0]).toEqual({ n: 1 });
      } finally {
        await db.close();
      }
      expect(existsSync(lockFileOf(dir))).toBe(false);
    } finally {
      first.kill('SIGKILL');
    }
    // A real process starts (tsx, PGlite): slow on a busy machine.
  }, 120_000);
});
