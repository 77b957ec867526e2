import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDirectory } from './dir-lock.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs independent reads as `Promise.all` does: together on the pool (each on its own
 * connection), one after the other inside a transaction, whose single connection takes one
 * query at a time (node-postgres queues them, and its next major refuses that). Drizzle's
 * queries start when awaited, so the order is kept.
 */
export async function inTurn<T extends readonly unknown[] | []>(
  db: DbOrTx,
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  if (!(db instanceof PgTransaction)) return Promise.all(queries) as never;
  const out: unknown[] = [];
  for (const q of queries) out.push(await q);
  return out as never;
}

/** `inTurn` for calls that start their query when called (prepared statements' `execute`). */
export async function inTurnCalls<T extends readonly (() => Promise<unknown>)[] | []>(
  db: DbOrTx,
  calls: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return Promise.all(calls.map((c) => c())) as never;
  const out: unknown[] = [];
  for (const c of calls) out.push(await c());
  return out as never;
}

/** Raw SQL for pg-boss: `{ rows }` back, parameters as $1..$n. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[]; rowCount?: number }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /**
   * Applies the SQL migrations (idempotent); with `until` (a migration's tag, e.g. `0028_storage_removals`)
   * only those up to and including it (the migration tests start from an older schema).
   */
  migrate(opts?: { until?: string }): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock named by `key` (a PostgreSQL advisory lock),
   * so that processes starting together on one database take turns; PGlite has one process.
   */
  exclusively<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The migrations folder to apply: the real one, or for `until` a copy whose journal stops at that tag
 * (Drizzle's migrator applies the journal's entries newer than the last one applied).
 */
function migrationsFolder(until?: string): string {
  if (!until) return MIGRATIONS;
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === until);
  if (last < 0) throw new Error(`no migration ${until}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  for (const e of journal.entries.slice(0, last + 1))
    copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
  );
  return dir;
}

async function withMigrations(until: string | undefined, run: (folder: string) => Promise<void>): Promise<void> {
  const folder = migrationsFolder(until);
  try {
    await run(folder);
  } finally {
    if (folder !== MIGRATIONS) rmSync(folder, { recursive: true, force: true });
  }
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; omitted means in memory. */
  pgliteDir?: string;
  /** A dumped, already migrated data directory to start from (tests). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts);
}

/** The configuration's database: PostgreSQL with DATABASE_URL, else PGlite in the data directory's `pgdata`. */
export const openConfiguredDatabase = (config: { DATABASE_URL?: string; dataDir: string }): Promise<Database> =>
  openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pgdata') });

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  // The directory belongs to this process until it closes the database (dir-lock.ts): a second
  // opener is refused with DirectoryLockedError.
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const lock = opts.pgliteDir ? lockDirectory(opts.pgliteDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      // Trigram indexes for contains-search on lists (migration 0005, customers).
      // btree_gin: the company id in the articles' trigram index (migration 0006, articles).
      // unaccent: searches fold accents away (fs_fold, migration 0014).
      extensions: { pg_trgm, btree_gin, unaccent },
      ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  } catch (e) {
    lock?.release();
    throw e;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // Multi-statement SQL without parameters must go through exec (pg-boss's schema work).
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const r = await client.query(text, values);
      return { rows: r.rows as any[], rowCount: r.affectedRows ?? 0 };
    },
    async migrate(opts) {
      await withMigrations(opts?.until, (migrationsFolder) => migratePglite(db as any, { migrationsFolder }));
    },
    exclusively: (_key, fn) => fn(),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // The API's queries are short: starting parallel workers costs more than they save (a 10,000-hit
  // prefix count took 50 ms with two workers, 5 ms without, on a 2-core machine). JIT compiling is off
  // for the same reason: the statistics' sums cross its cost threshold and spent 80 ms compiling a
  // 1-second query's expressions, more than it saved. A URL that sets its own `options` decides for itself.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(/[?&]options=/.test(url) ? {} : { options: '-c max_parallel_workers_per_gather=0 -c jit=off' }),
  });
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values) {
      const r = await pool.query(text, values as any[]);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
    async migrate(opts) {
      // One instance migrates at a time; the others wait, then find nothing to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7262001)');
        await withMigrations(opts?.until, (migrationsFolder) => migratePg(drizzlePg(client), { migrationsFolder }));
      } finally {
        await client.query('select pg_advisory_unlock(7262001)').catch(() => {});
        client.release();
      }
    },
    async exclusively(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
