import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { posizioniTecnici } from '../../../platform/db/schema-geolocation.js';

export async function insertPosition(
  db: Db,
  v: {
    aziendaId: string;
    utenteId: string;
    latitude: number;
    longitude: number;
    accuracyM: number | null;
    recordedAt: Date;
  },
) {
  await db.insert(posizioniTecnici).values(v);
}

/** The newest position of each active user of the company since `since` (one row per user). */
export async function latestPositions(db: Db, aziendaId: string, since: Date, utenteId?: string) {
  return db
    .selectDistinctOn([posizioniTecnici.utenteId], {
      utenteId: posizioniTecnici.utenteId,
      name: utenti.name,
      surname: utenti.surname,
      username: utenti.username,
      latitude: posizioniTecnici.latitude,
      longitude: posizioniTecnici.longitude,
      accuracyM: posizioniTecnici.accuracyM,
      recordedAt: posizioniTecnici.recordedAt,
    })
    .from(posizioniTecnici)
    .innerJoin(utenti, and(eq(utenti.id, posizioniTecnici.utenteId), eq(utenti.aziendaId, posizioniTecnici.aziendaId)))
    .where(
      and(
        eq(posizioniTecnici.aziendaId, aziendaId),
        gte(posizioniTecnici.recordedAt, since),
        eq(utenti.status, 'ACTIVE'),
        utenteId ? eq(posizioniTecnici.utenteId, utenteId) : undefined,
      ),
    )
    .orderBy(posizioniTecnici.utenteId, desc(posizioniTecnici.recordedAt));
}

/** Positions older than the longest window anyone may ask for are not kept. */
export async function pruneOld(db: Db, aziendaId: string) {
  await db
    .delete(posizioniTecnici)
    .where(
      and(eq(posizioniTecnici.aziendaId, aziendaId), sql`${posizioniTecnici.recordedAt} < now() - interval '7 days'`),
    );
}
