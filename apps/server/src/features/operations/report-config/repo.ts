import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { prepared } from '../../../platform/db/prepared.js';
import { articoli } from '../../../platform/db/schema-articles.js';
import {
  campiPersonalizzati,
  numerazioni,
  numerazioniContatori,
  rapportiniCampi,
} from '../../../platform/db/schema-reports.js';

/** Custom fields of the report and the numbering (operations/report-config). */

export type CampoRow = typeof campiPersonalizzati.$inferSelect & { articoloCodice: string | null };
export type CampoValues = Omit<typeof campiPersonalizzati.$inferInsert, 'id' | 'aziendaId' | 'ordine'>;

/** The configured fields (removed ones aside unless `withRemoved`), by position then order. */
export async function listCampi(db: DbOrTx, aziendaId: string, withRemoved = false): Promise<CampoRow[]> {
  // Read with every report (issue 25): built and prepared once per database handle, each variant.
  const name = withRemoved ? 'campi_with_removed' : 'campi_current';
  const query = prepared(db, name, () =>
    db
      .select({ c: campiPersonalizzati, articoloCodice: articoli.codice })
      .from(campiPersonalizzati)
      .leftJoin(
        articoli,
        and(eq(articoli.id, campiPersonalizzati.articoloId), eq(articoli.aziendaId, campiPersonalizzati.aziendaId)),
      )
      .where(
        and(
          eq(campiPersonalizzati.aziendaId, sql.placeholder('aziendaId')),
          withRemoved ? undefined : isNull(campiPersonalizzati.eliminatoAt),
        ),
      )
      .orderBy(asc(campiPersonalizzati.posizione), asc(campiPersonalizzati.ordine), asc(campiPersonalizzati.createdAt))
      .prepare(name),
  );
  const rows = await query.execute({ aziendaId });
  return rows.map((r) => ({ ...r.c, articoloCodice: r.articoloCodice }));
}

export async function findCampo(db: DbOrTx, aziendaId: string, id: string): Promise<CampoRow | undefined> {
  const rows = await listCampi(db, aziendaId);
  return rows.find((r) => r.id === id);
}

export async function countCampi(db: DbOrTx, aziendaId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campiPersonalizzati)
    .where(and(eq(campiPersonalizzati.aziendaId, aziendaId), isNull(campiPersonalizzati.eliminatoAt)));
  return r?.n ?? 0;
}

export async function nextOrdine(db: DbOrTx, aziendaId: string, posizione: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${campiPersonalizzati.ordine}), 0)::int + 1` })
    .from(campiPersonalizzati)
    .where(and(eq(campiPersonalizzati.aziendaId, aziendaId), eq(campiPersonalizzati.posizione, posizione)));
  return r?.n ?? 1;
}

export async function insertCampo(db: DbOrTx, aziendaId: string, v: CampoValues, ordine: number): Promise<string> {
  const [r] = await db
    .insert(campiPersonalizzati)
    .values({ ...v, aziendaId, ordine })
    .returning({ id: campiPersonalizzati.id });
  return r!.id;
}

export async function updateCampo(db: DbOrTx, aziendaId: string, id: string, v: CampoValues): Promise<void> {
  await db
    .update(campiPersonalizzati)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(campiPersonalizzati.aziendaId, aziendaId), eq(campiPersonalizzati.id, id)));
}

export async function setOrdine(db: DbOrTx, aziendaId: string, id: string, ordine: number): Promise<void> {
  await db
    .update(campiPersonalizzati)
    .set({ ordine })
    .where(and(eq(campiPersonalizzati.aziendaId, aziendaId), eq(campiPersonalizzati.id, id)));
}

export async function usedInReports(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(rapportiniCampi)
    .where(and(eq(rapportiniCampi.aziendaId, aziendaId), eq(rapportiniCampi.campoId, id)))
    .limit(1);
  return rows.length > 0;
}

/** Hides a field that reports hold values of (they keep showing it); off for new reports. */
export async function markRemoved(db: DbOrTx, aziendaId: string, id: string): Promise<void> {
  await db
    .update(campiPersonalizzati)
    .set({ eliminatoAt: new Date(), abilitazione: false, updatedAt: new Date() })
    .where(and(eq(campiPersonalizzati.aziendaId, aziendaId), eq(campiPersonalizzati.id, id)));
}

export async function deleteCampo(db: DbOrTx, aziendaId: string, id: string): Promise<void> {
  await db
    .delete(campiPersonalizzati)
    .where(and(eq(campiPersonalizzati.aziendaId, aziendaId), eq(campiPersonalizzati.id, id)));
}

export async function articleExists(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: articoli.id })
    .from(articoli)
    .where(and(eq(articoli.aziendaId, aziendaId), eq(articoli.id, id)));
  return rows.length > 0;
}

/* ---------- numbering ---------- */

export type NumerazioneRow = typeof numerazioni.$inferSelect;

export async function findNumerazione(db: DbOrTx, aziendaId: string): Promise<NumerazioneRow | undefined> {
  const [r] = await db.select().from(numerazioni).where(eq(numerazioni.aziendaId, aziendaId));
  return r;
}

export async function saveNumerazione(
  db: DbOrTx,
  aziendaId: string,
  v: { prefisso: string; formato: string; cifre: number; azzeramentoAnnuale: boolean },
): Promise<void> {
  await db
    .insert(numerazioni)
    .values({ aziendaId, ...v })
    .onConflictDoUpdate({ target: numerazioni.aziendaId, set: { ...v, updatedAt: new Date() } });
}

/** The last progressive given for the counter `anno` (0 when none yet). */
export async function lastNumber(db: DbOrTx, aziendaId: string, anno: number): Promise<number> {
  const [r] = await db
    .select({ ultimo: numerazioniContatori.ultimo })
    .from(numerazioniContatori)
    .where(and(eq(numerazioniContatori.aziendaId, aziendaId), eq(numerazioniContatori.anno, anno)));
  return r?.ultimo ?? 0;
}

/** Sets the counter so the next number is `next` (callers only move it forwards). */
export async function setLastNumber(db: DbOrTx, aziendaId: string, anno: number, last: number): Promise<void> {
  await db
    .insert(numerazioniContatori)
    .values({ aziendaId, anno, ultimo: last })
    .onConflictDoUpdate({
      target: [numerazioniContatori.aziendaId, numerazioniContatori.anno],
      set: { ultimo: sql`greatest(${numerazioniContatori.ultimo}, ${last})` },
    });
}

/**
 * Takes the next progressive of counter `anno` inside the caller's transaction: the upsert locks
 * the counter row until commit, so concurrent creations wait in turn, and a rollback gives the
 * number back (never reused, never skipped).
 */
export async function takeNumber(db: DbOrTx, aziendaId: string, anno: number): Promise<number> {
  const [r] = await db
    .insert(numerazioniContatori)
    .values({ aziendaId, anno, ultimo: 1 })
    .onConflictDoUpdate({
      target: [numerazioniContatori.aziendaId, numerazioniContatori.anno],
      set: { ultimo: sql`${numerazioniContatori.ultimo} + 1` },
    })
    .returning({ ultimo: numerazioniContatori.ultimo });
  return r!.ultimo;
}
