import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { pageRead } from '../../../platform/lists.js';
import { importazioni, importazioniScarti } from '../../../platform/db/schema-imports.js';
import type { ColumnMapping, RowError } from '@fs/contract';

export type ImportRow = typeof importazioni.$inferSelect;
export type NewImport = typeof importazioni.$inferInsert;

export async function insertImport(db: DbOrTx, row: NewImport): Promise<ImportRow> {
  const [r] = await db.insert(importazioni).values(row).returning();
  return r!;
}

export async function findImport(db: DbOrTx, aziendaId: string, id: string): Promise<ImportRow | undefined> {
  const [r] = await db
    .select()
    .from(importazioni)
    .where(and(eq(importazioni.aziendaId, aziendaId), eq(importazioni.id, id)));
  return r;
}

export async function listImports(db: DbOrTx, aziendaId: string, limit: number): Promise<ImportRow[]> {
  return db
    .select()
    .from(importazioni)
    .where(
      and(
        eq(importazioni.aziendaId, aziendaId),
        inArray(importazioni.stato, ['queued', 'running', 'completed', 'failed']),
      ),
    )
    .orderBy(desc(importazioni.createdAt))
    .limit(limit);
}

/** Drafts (uploaded, never started) older than `before`: their files are removed with them. */
export async function deleteStaleDrafts(db: DbOrTx, aziendaId: string, before: Date): Promise<string[]> {
  const rows = await db
    .delete(importazioni)
    .where(
      and(eq(importazioni.aziendaId, aziendaId), eq(importazioni.stato, 'mapped'), lt(importazioni.createdAt, before)),
    )
    .returning({ key: importazioni.storageKey });
  return rows.map((r) => r.key).filter((k): k is string => !!k);
}

/** Queues a draft: answers false when it is no longer a draft. The partial unique index refuses a second active import. */
export async function queueImport(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  mapping: ColumnMapping[],
): Promise<boolean> {
  const r = await db
    .update(importazioni)
    .set({ stato: 'queued', mapping })
    .where(and(eq(importazioni.aziendaId, aziendaId), eq(importazioni.id, id), eq(importazioni.stato, 'mapped')))
    .returning({ id: importazioni.id });
  return r.length === 1;
}

export async function hasActiveImport(db: DbOrTx, aziendaId: string): Promise<boolean> {
  const [r] = await db
    .select({ n: count() })
    .from(importazioni)
    .where(and(eq(importazioni.aziendaId, aziendaId), inArray(importazioni.stato, ['queued', 'running'])));
  return (r?.n ?? 0) > 0;
}

export async function markRunning(db: DbOrTx, aziendaId: string, id: string): Promise<void> {
  await db
    .update(importazioni)
    .set({ stato: 'running', startedAt: sql`coalesce(${importazioni.startedAt}, now())`, heartbeatAt: sql`now()` })
    .where(and(eq(importazioni.aziendaId, aziendaId), eq(importazioni.id, id)));
}

export interface BatchCounts {
  righe: number;
  creati: number;
  aggiornati: number;
  scartati: number;
  bytes: number;
}

/**
 * Adds one committed batch to the counters (inside the batch's transaction), as a heartbeat too.
 * Answers false when the import is no longer running (declared dead meanwhile): the caller then
 * rolls the batch back and stops.
 */
export async function addProgress(db: DbOrTx, aziendaId: string, id: string, c: BatchCounts): Promise<boolean> {
  const rows = await db
    .update(importazioni)
    .set({
      righeLette: sql`${importazioni.righeLette} + ${c.righe}`,
      creati: sql`${importazioni.creati} + ${c.creati}`,
      aggiornati: sql`${importazioni.aggiornati} + ${c.aggiornati}`,
      scartati: sql`${importazioni.scartati} + ${c.scartati}`,
      bytesLetti: sql`greatest(${importazioni.bytesLetti}, ${c.bytes})`,
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(importazioni.aziendaId, aziendaId), eq(importazioni.id, id), eq(importazioni.stato, 'running')))
    .returning({ id: importazioni.id });
  return rows.length > 0;
}

/** The running job's sign of life between batches; false when the import is no longer running. */
export async function beat(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(importazioni)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(importazioni.aziendaId, aziendaId), eq(importazioni.id, id), eq(importazioni.stato, 'running')))
    .returning({ id: importazioni.id });
  return rows.length > 0;
}

/**
 * Ends as failed the company's running import whose heartbeat is older than `staleSec` (its
 * process died: killed, crashed, restarted); answers the storage keys of their files.
 */
export async function failDeadRuns(db: DbOrTx, aziendaId: string, staleSec: number, reason: string): Promise<string[]> {
  const dead = and(
    eq(importazioni.aziendaId, aziendaId),
    eq(importazioni.stato, 'running'),
    sql`coalesce(${importazioni.heartbeatAt}, ${importazioni.startedAt}) < now() - make_interval(secs => ${staleSec})`,
  );
  const found = await db.select({ id: importazioni.id, key: importazioni.storageKey }).from(importazioni).where(dead);
  if (found.length === 0) return [];
  // The condition again: a run that beat between the two statements stays running.
  const ended = await db
    .update(importazioni)
    .set({ stato: 'failed', errore: reason, finishedAt: sql`now()`, storageKey: null })
    .where(
      and(
        dead,
        inArray(
          importazioni.id,
          found.map((f) => f.id),
        ),
      ),
    )
    .returning({ id: importazioni.id });
  const endedIds = new Set(ended.map((e) => e.id));
  return found.filter((f) => endedIds.has(f.id) && f.key).map((f) => f.key!);
}

export async function finish(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  outcome: { stato: 'completed' | 'failed'; errore?: string | null; bytes?: number },
): Promise<void> {
  await db
    .update(importazioni)
    .set({
      stato: outcome.stato,
      errore: outcome.errore ?? null,
      finishedAt: sql`now()`,
      storageKey: null,
      ...(outcome.bytes !== undefined ? { bytesLetti: outcome.bytes } : {}),
    })
    .where(
      and(
        eq(importazioni.aziendaId, aziendaId),
        eq(importazioni.id, id),
        inArray(importazioni.stato, ['queued', 'running']),
      ),
    );
}

export interface Rejected {
  riga: number;
  errori: RowError[];
  valori: string[];
}

export async function insertRejected(db: DbOrTx, aziendaId: string, importId: string, rows: Rejected[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(importazioniScarti)
    .values(
      rows.map((r) => ({ importazioneId: importId, aziendaId, riga: r.riga, errori: r.errori, valori: r.valori })),
    )
    .onConflictDoNothing();
}

/**
 * Rejected rows by line number. With `total` (the import's count of rejected rows) a page
 * past the middle is read from the end (backwards paging, platform/lists.ts).
 */
export async function rejectedPage(
  db: DbOrTx,
  aziendaId: string,
  importId: string,
  offset: number,
  limit: number,
  total?: number,
) {
  const read = total === undefined ? { offset, limit, reverse: false } : pageRead(offset, limit, total);
  if (!read) return [];
  const rows = await db
    .select({ riga: importazioniScarti.riga, errori: importazioniScarti.errori, valori: importazioniScarti.valori })
    .from(importazioniScarti)
    .where(and(eq(importazioniScarti.aziendaId, aziendaId), eq(importazioniScarti.importazioneId, importId)))
    .orderBy(read.reverse ? desc(importazioniScarti.riga) : asc(importazioniScarti.riga))
    .offset(read.offset)
    .limit(read.limit);
  return read.reverse ? rows.reverse() : rows;
}
