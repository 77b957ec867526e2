import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { rapportiniEsportazioni as t } from '../../../platform/db/schema-accounting.js';

/** The export state of reports to the management tool (decision 0051): one row per report and tool. */

export type ExportRow = typeof t.$inferSelect;

/**
 * Marks reports to send to `tool`: a new row, or a failed one sent again (its attempts start over). Rows already
 * sent, or waiting, stay as they are. Answers the reports marked.
 */
export async function markToSend(db: DbOrTx, aziendaId: string, ids: string[], tool: string, at: Date) {
  if (!ids.length) return [];
  const rows = await db
    .insert(t)
    .values(ids.map((rapportinoId) => ({ aziendaId, rapportinoId, strumento: tool, createdAt: at, updatedAt: at })))
    .onConflictDoUpdate({
      target: [t.aziendaId, t.rapportinoId, t.strumento],
      set: { stato: 'DA_INVIARE', tentativi: 0, prossimoTentativo: null, errore: null, updatedAt: at },
      setWhere: sql`${t.stato} = 'FALLITO'`,
    })
    .returning({ id: t.rapportinoId });
  return rows.map((r) => r.id);
}

export async function statesOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(t)
    .where(and(eq(t.aziendaId, aziendaId), inArray(t.rapportinoId, ids)));
}

/** The report's latest export (any tool). */
export async function stateOf(db: DbOrTx, aziendaId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.aziendaId, aziendaId), eq(t.rapportinoId, id)))
    .orderBy(sql`${t.updatedAt} DESC`)
    .limit(1);
  return row;
}

/**
 * Claims due exports (to send, due, not leased) for one worker until `leaseUntil`, counting the attempt. Rows
 * another worker holds are skipped.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<ExportRow[]> {
  const due = db
    .select({ a: t.aziendaId, r: t.rapportinoId, s: t.strumento })
    .from(t)
    .where(
      and(
        eq(t.stato, 'DA_INVIARE'),
        or(isNull(t.prossimoTentativo), lte(t.prossimoTentativo, now)),
        or(isNull(t.inCorsoFino), lte(t.inCorsoFino, now)),
      ),
    )
    .orderBy(t.updatedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(t)
    .set({ inCorsoFino: leaseUntil, tentativi: sql`${t.tentativi} + 1` })
    .where(sql`(${t.aziendaId}, ${t.rapportinoId}, ${t.strumento}) IN (${due})`)
    .returning();
}

export async function anyDue(db: DbOrTx, now: Date): Promise<boolean> {
  const rows = await db
    .select({ r: t.rapportinoId })
    .from(t)
    .where(
      and(
        eq(t.stato, 'DA_INVIARE'),
        or(isNull(t.prossimoTentativo), lte(t.prossimoTentativo, now)),
        or(isNull(t.inCorsoFino), lte(t.inCorsoFino, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

type Key = Pick<ExportRow, 'aziendaId' | 'rapportinoId' | 'strumento'>;
const byKey = (k: Key) =>
  and(eq(t.aziendaId, k.aziendaId), eq(t.rapportinoId, k.rapportinoId), eq(t.strumento, k.strumento));

export async function recordSent(
  db: DbOrTx,
  k: Key,
  d: { documentoId: string; numero: string | null; link: string | null },
  at: Date,
) {
  await db
    .update(t)
    .set({ ...d, stato: 'INVIATO', errore: null, prossimoTentativo: null, inCorsoFino: null, updatedAt: at })
    .where(byKey(k));
}

export async function recordFailure(
  db: DbOrTx,
  k: Key,
  d: { errore: string; stato: 'DA_INVIARE' | 'FALLITO'; prossimo: Date | null; uncount?: boolean },
  at: Date,
) {
  await db
    .update(t)
    .set({
      errore: d.errore.slice(0, 2000),
      stato: d.stato,
      prossimoTentativo: d.prossimo,
      inCorsoFino: null,
      updatedAt: at,
      // A wait that was no attempt (not connected) does not spend one.
      ...(d.uncount ? { tentativi: sql`greatest(${t.tentativi} - 1, 0)` } : {}),
    })
    .where(byKey(k));
}
