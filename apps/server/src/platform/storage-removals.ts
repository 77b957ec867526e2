import { sql } from 'drizzle-orm';
import type { Deps } from './deps.js';
import { defineJob } from './job-registry.js';

/**
 * Stored objects whose media rows are gone (issue 22, point 8; migration 0028). Deleting a media row
 * records its object's key in `storage_removals` in the same transaction (a trigger, whatever deleted
 * the row: a request, a cascade, the machines' trigger). After the commit the request removes the
 * objects and then their records (`removeObjects`); a process that died in between, or a storage that
 * failed, leaves records, and the storage-sweep job removes those objects later (`sweepRemovals`).
 * An object is never removed while a media row still names it.
 */

type StorageDeps = Pick<Deps, 'db' | 'storage' | 'log'>;

/** Removes objects whose rows were deleted by a committed transaction, then their records; failures wait for the sweep. */
export async function removeObjects(deps: StorageDeps, keys: readonly string[]): Promise<void> {
  const removed: string[] = [];
  for (const key of keys) {
    try {
      await deps.storage.remove(key);
      removed.push(key);
    } catch (err) {
      deps.log.warn({ err, key }, 'stored file not removed: left to the storage sweep');
    }
  }
  if (removed.length) await forget(deps, removed);
}

async function forget(deps: StorageDeps, keys: string[]): Promise<void> {
  await deps.db.execute(
    sql`delete from storage_removals where storage_key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

/** The storage-sweep job's queue and its schedule (every 10 minutes). */
export const STORAGE_SWEEP_QUEUE = 'storage-sweep';
export const STORAGE_SWEEP_CRON = '*/10 * * * *';

/**
 * Removes the objects of records older than `graceSec` (a request removes its own at once: the grace
 * keeps the sweep from doing the same work beside it), in batches until none is left; every company's,
 * or one company's (`aziendaId`). A record whose key a media row names again is dropped without
 * touching the object. Idempotent: a removed object that is removed again is not an error. Answers
 * how many objects it removed.
 */
export async function sweepRemovals(
  deps: StorageDeps,
  { graceSec = 60, batch = 200, aziendaId }: { graceSec?: number; batch?: number; aziendaId?: string } = {},
): Promise<number> {
  let total = 0;
  const company = aziendaId ? sql`and s.azienda_id = ${aziendaId}` : sql``;
  for (;;) {
    const r = await deps.db.execute(
      sql`select s.storage_key as key, exists (select 1 from media m where m.storage_key = s.storage_key) as used
            from storage_removals s
           where s.created_at < now() - make_interval(secs => ${graceSec}) ${company}
           order by s.created_at
           limit ${batch}`,
    );
    const rows = r.rows as { key: string; used: boolean }[];
    if (!rows.length) return total;
    const done: string[] = [];
    for (const row of rows) {
      if (row.used) {
        done.push(row.key);
        continue;
      }
      try {
        await deps.storage.remove(row.key);
        done.push(row.key);
        total++;
      } catch (err) {
        deps.log.warn({ err, key: row.key }, 'stored file not removed by the sweep: tried again next time');
      }
    }
    if (done.length) await forget(deps, done);
    // Nothing could be removed in this batch (the storage is down): try again at the next run.
    if (done.length === 0 || rows.length < batch) return total;
  }
}

/** Every 10 minutes: the objects left behind by interrupted removals. */
export const storageSweepJob = defineJob({
  queue: STORAGE_SWEEP_QUEUE,
  run: async (deps) => {
    const removed = await sweepRemovals(deps);
    if (removed) deps.log.info({ removed }, 'storage sweep: left-over files removed');
  },
  cron: { expression: STORAGE_SWEEP_CRON, data: {} },
});
