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
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(sql);
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
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
