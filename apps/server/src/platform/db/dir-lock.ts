import { closeSync, fsyncSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';

/**
 * One process at a time on the embedded database's directory (issue 22, point 12; decision
 * 0031-robustness-processes-jobs-files.md). PGlite has no lock of its own: two processes on one data
 * directory each keep their own copy of the database in memory and overwrite each other's
 * files, so what one acknowledged is lost and the directory can end up unreadable.
 *
 * The lock is a file beside the directory, created with O_EXCL, holding the owner's pid and its
 * start identity (boot id and the process's start time from /proc, where there is one). A lock
 * whose pid is not alive, or whose pid now belongs to another process (another start identity),
 * is stale: it is taken over, under a second O_EXCL file so that two processes finding the same
 * stale lock do not both take it. The lock is removed when the database closes, and at the latest
 * when the process exits; after a kill -9 it stays, stale, for the next opener to take over.
 */

export interface LockHolder {
  pid: number;
  /** Boot id and start time of the process (Linux); null where the system does not tell. */
  start: string | null;
  host: string;
  since: string;
}

export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      [
        `The embedded database in ${dir} is already in use by process ${holder.pid}` +
          ` (on ${holder.host}, since ${holder.since}).`,
        'Only one process may open it at a time: stop that process first, or give this one another DATA_DIR.',
        'To run several processes (npm start beside npm run worker, several API processes), use PostgreSQL:',
        'set DATABASE_URL=postgres://… in every process, with ROLE=api or ROLE=worker (README, "Production set-up").',
      ].join('\n'),
    );
    this.name = 'DirectoryLockedError';
  }
}

export interface DirectoryLock {
  readonly file: string;
  /** Removes the lock if it is still this process's (idempotent). */
  release(): void;
}

/** A file that is being written by its creator right now may be read empty: this long, it is not stale. */
const FRESH_MS = 5_000;
const ATTEMPTS = 50;

export const lockFileOf = (dir: string) => `${dir.replace(/[/\\]+$/, '')}.lock`;

/** Takes the lock of `dir` or throws DirectoryLockedError naming the process that holds it. */
export function lockDirectory(dir: string): DirectoryLock {
  const file = lockFileOf(dir);
  const me: LockHolder = {
    pid: process.pid,
    start: startIdentity(process.pid),
    host: os.hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (create(file, me)) return held(file, me);
    const holder = readHolder(file);
    if (holder === 'gone') continue;
    if (holder === 'unreadable') {
      // Just created by another opener and not written yet, or left half-written by a crash.
      if (ageMs(file) < FRESH_MS) {
        sleep(20);
        continue;
      }
    } else if (alive(holder)) {
      throw new DirectoryLockedError(dir, holder);
    }
    takeOver(file, holder);
  }
  throw new Error(`could not take the lock ${file}`);
}

function held(file: string, me: LockHolder): DirectoryLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    const now = readHolder(file);
    if (typeof now === 'object' && now.pid === me.pid && now.start === me.start && now.since === me.since) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  };
  process.on('exit', release);
  return { file, release };
}

/** Creates the lock file with O_EXCL; false when it exists. */
function create(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readHolder(file: string): LockHolder | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw e;
  }
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0) return 'unreadable';
    return {
      pid: v.pid,
      start: typeof v.start === 'string' ? v.start : null,
      host: typeof v.host === 'string' ? v.host : '',
      since: typeof v.since === 'string' ? v.since : '',
    };
  } catch {
    return 'unreadable';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Whether the holder may still be running. A lock written on another host (a shared volume) cannot
 * be checked from here: it counts as held.
 */
export function alive(holder: LockHolder): boolean {
  if (holder.host && holder.host !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    // EPERM: a process of another user has that pid, so it is alive.
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The pid is in use: by the holder, unless it was given to another process since (another start).
  const now = startIdentity(holder.pid);
  return !(holder.start && now && now !== holder.start);
}

/** Removes a stale lock, one taker at a time; whoever finds it live again leaves it. */
function takeOver(file: string, stale: LockHolder | 'unreadable'): void {
  const mutex = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(mutex, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Another opener is taking over (a moment's work); one that died doing it left this behind.
    if (ageMs(mutex) > FRESH_MS) unlinkQuietly(mutex);
    else sleep(20);
    return;
  }
  try {
    closeSync(fd);
    const now = readHolder(file);
    if (now === 'gone') return;
    const stillStale =
      now === 'unreadable'
        ? stale === 'unreadable'
        : stale !== 'unreadable' && now.pid === stale.pid && now.since === stale.since && !alive(now);
    if (stillStale) unlinkQuietly(file);
  } finally {
    unlinkQuietly(mutex);
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

let bootId: string | null | undefined;

/** The boot id and the start time of `pid` in clock ticks (Linux /proc); null elsewhere. */
export function startIdentity(pid: number): string | null {
  try {
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[22 - 3];
    return ticks ? `${bootId}:${ticks}` : null;
  } catch {
    bootId ??= null;
    return null;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
