import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client.js';
import { Jobs } from '../platform/jobs.js';
import { silentLog } from './silent-log.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/**
 * Migrates once per run: a PGlite database (with the job queue's schema) is
 * dumped for every test file to load, and the PostgreSQL test database, when
 * configured, is migrated in place.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-test-'));
  const db = await openDatabase({});
  await db.migrate();
  const jobs = await Jobs.start(db, 'pgboss', silentLog);
  await jobs.stop();
  const dump = await (db.db as any).$client.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteDump', file);

  if (process.env.TEST_DATABASE_URL) {
    const pg = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    await pg.migrate();
    await pg.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
