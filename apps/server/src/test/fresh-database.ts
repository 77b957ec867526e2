import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/client.js';
import { onPostgres } from './harness.js';

/**
 * An empty database of the test's own, not migrated: PGlite in memory, or on PostgreSQL a new database
 * on the test server (created from TEST_DATABASE_URL, dropped by `drop()`), for the tests that migrate
 * from nothing or from an older schema.
 */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!onPostgres) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${base.pathname.slice(1) || 'postgres'}_t${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    async drop() {
      await database.close();
      // The pool's connections end on their own once closed; a forced drop while one is still going
      // would kill it and its client would report the error after the test (seen once in a full run).
      for (let i = 0; i < 50; i++) {
        const [{ n }] = await admin('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
