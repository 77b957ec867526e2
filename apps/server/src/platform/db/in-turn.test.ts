import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { inTurn, type Db } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A query that notes when it starts and ends (drizzle queries start when awaited). */
function traced(db: { execute: Db['execute'] }, log: string[], name: string, ms: number) {
  return {
    then<R>(ok: (v: string) => R, ko?: (e: unknown) => R) {
      log.push(`${name}+`);
      return db
        .execute(sql`select pg_sleep(${ms / 1000})`)
        .then(() => {
          log.push(`${name}-`);
          return name;
        })
        .then(ok, ko);
    },
  };
}

describe('inTurn', () => {
  it('answers like Promise.all, one query after the other inside a transaction', async () => {
    const db = t.deps.db as Db;
    const log: string[] = [];
    const out = await db.transaction((tx) =>
      inTurn(tx, [traced(tx, log, 'a', 30), traced(tx, log, 'b', 10), traced(tx, log, 'c', 1)] as const),
    );
    expect(out).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
  });

  it('starts them together outside a transaction', async () => {
    const log: string[] = [];
    const out = await inTurn(t.deps.db as Db, [
      traced(t.deps.db as Db, log, 'a', 30),
      traced(t.deps.db as Db, log, 'b', 1),
    ]);
    expect(out).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a+', 'b+']);
  });
});
