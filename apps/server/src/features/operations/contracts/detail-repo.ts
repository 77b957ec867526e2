import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MediaSection } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { media } from '../../../platform/db/schema.js';
import { mansioni } from '../../../platform/db/schema-articles.js';
import {
  attivitaDate,
  contratti,
  contrattiAttivita,
  contrattiImpianti,
  contrattiMacchinari,
  contrattiMansioni,
  rapportini,
} from '../../../platform/db/schema-contracts.js';
import { clienti, impianti, macchinari } from '../../../platform/db/schema-customers.js';
import { oreUsateSql } from './repo.js';

/** One contract with everything its page shows (GET /contratti/contratto/{id}). Every query filters on the company. */

export type ContractRow = typeof contratti.$inferSelect;

export interface ContractDetail {
  row: ContractRow;
  cliente: string;
  oreUsate: string;
  impianti: { id: string; nome: string }[];
  macchinari: { id: string; nome: string; matricola: string | null }[];
  mansioni: { id: string; nome: string }[];
  attivitaCount: number;
  dateDaFare: number;
  dateScadute: number;
  mediaCount: number;
}

/** Section of the contract's files (media), as the media feature names it. */
export const CONTRACT_MEDIA_SECTION = 'contratto' as const satisfies MediaSection;

export async function contractRow(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  lock = false,
): Promise<ContractRow | undefined> {
  const q = db
    .select()
    .from(contratti)
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
  const [r] = lock ? await q.for('update') : await q;
  return r;
}

/** The contract with names and counts; `today` (YYYY-MM-DD, the company's calendar) decides which undone dates are overdue. */
export async function detail(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  today: string,
): Promise<ContractDetail | undefined> {
  const [head] = await db
    .select({
      row: contratti,
      cliente: clienti.ragioneSociale,
      oreUsate: oreUsateSql,
      attivitaCount: sql<number>`(select count(*)::int from ${contrattiAttivita} a where a.azienda_id = ${contratti.aziendaId} and a.contratto_id = ${contratti.id})`,
      dateDaFare: sql<number>`(select count(*)::int from ${attivitaDate} d where d.azienda_id = ${contratti.aziendaId} and d.contratto_id = ${contratti.id} and d.fatta_at is null)`,
      dateScadute: sql<number>`(select count(*)::int from ${attivitaDate} d where d.azienda_id = ${contratti.aziendaId} and d.contratto_id = ${contratti.id} and d.fatta_at is null and coalesce(d.data_pianificata, d.data) < ${today}::date)`,
      mediaCount: sql<number>`(select count(*)::int from ${media} m where m.azienda_id = ${contratti.aziendaId} and m.section = ${CONTRACT_MEDIA_SECTION} and m.owner_id = ${contratti.id}::text)`,
    })
    .from(contratti)
    .innerJoin(clienti, and(eq(clienti.aziendaId, contratti.aziendaId), eq(clienti.id, contratti.clienteId)))
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
  if (!head) return undefined;
  const [plants, machines, jobs] = await Promise.all([
    db
      .select({ id: impianti.id, nome: impianti.nome })
      .from(contrattiImpianti)
      .innerJoin(
        impianti,
        and(eq(impianti.aziendaId, contrattiImpianti.aziendaId), eq(impianti.id, contrattiImpianti.impiantoId)),
      )
      .where(and(eq(contrattiImpianti.aziendaId, aziendaId), eq(contrattiImpianti.contrattoId, id)))
      .orderBy(asc(impianti.nome), asc(impianti.id)),
    db
      .select({ id: macchinari.id, nome: macchinari.nome, matricola: macchinari.matricola })
      .from(contrattiMacchinari)
      .innerJoin(
        macchinari,
        and(
          eq(macchinari.aziendaId, contrattiMacchinari.aziendaId),
          eq(macchinari.id, contrattiMacchinari.macchinarioId),
        ),
      )
      .where(and(eq(contrattiMacchinari.aziendaId, aziendaId), eq(contrattiMacchinari.contrattoId, id)))
      .orderBy(asc(macchinari.nome), asc(macchinari.id)),
    db
      .select({ id: mansioni.id, nome: mansioni.nome })
      .from(contrattiMansioni)
      .innerJoin(
        mansioni,
        and(eq(mansioni.aziendaId, contrattiMansioni.aziendaId), eq(mansioni.id, contrattiMansioni.mansioneId)),
      )
      .where(and(eq(contrattiMansioni.aziendaId, aziendaId), eq(contrattiMansioni.contrattoId, id)))
      .orderBy(asc(mansioni.nome), asc(mansioni.id)),
  ]);
  return { ...head, impianti: plants, macchinari: machines, mansioni: jobs };
}

/* ---------- what a save refers to ---------- */

export async function plantsOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: impianti.id, clienteId: impianti.clienteId })
    .from(impianti)
    .where(and(eq(impianti.aziendaId, aziendaId), inArray(impianti.id, ids)));
}

/** Machines with the customer of their plant. */
export async function machinesOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: macchinari.id, impiantoId: macchinari.impiantoId, clienteId: impianti.clienteId })
    .from(macchinari)
    .innerJoin(impianti, and(eq(impianti.aziendaId, macchinari.aziendaId), eq(impianti.id, macchinari.impiantoId)))
    .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.id, ids)));
}

export async function jobRolesOf(db: DbOrTx, aziendaId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: mansioni.id })
    .from(mansioni)
    .where(and(eq(mansioni.aziendaId, aziendaId), inArray(mansioni.id, ids)));
  return rows.map((r) => r.id);
}

export async function reportsOnContract(db: DbOrTx, aziendaId: string, id: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rapportini)
    .where(and(eq(rapportini.aziendaId, aziendaId), eq(rapportini.contrattoId, id)));
  return r?.n ?? 0;
}
