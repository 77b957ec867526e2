import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityRules, ContractRules } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { controlli, mansioni } from '../../../platform/db/schema-articles.js';
import { impianti, macchinari } from '../../../platform/db/schema-customers.js';
import {
  attivitaControlli,
  attivitaDate,
  attivitaMacchinari,
  contratti,
  contrattiAttivita,
} from '../../../platform/db/schema-contracts.js';

/** Contract activities and their links (operations/activities). Every query filters on the company. */

export interface ContractPeriod {
  id: string;
  clienteId: string;
  identificativo: string;
  dataInizio: string | null;
  dataFine: string | null;
  cessato: boolean;
  rinnovoAutomatico: boolean;
  mesiRinnovo: number | null;
  regole: ContractRules | null;
}

const contractCols = {
  id: contratti.id,
  clienteId: contratti.clienteId,
  identificativo: contratti.identificativo,
  dataInizio: contratti.dataInizio,
  dataFine: contratti.dataFine,
  cessato: contratti.cessato,
  rinnovoAutomatico: contratti.rinnovoAutomatico,
  mesiRinnovo: contratti.mesiRinnovo,
  regole: contratti.regole,
};

/** The contract (locked for the transaction when `lock`: its activities are being changed). */
export async function contract(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  lock = false,
): Promise<ContractPeriod | undefined> {
  const q = db
    .select(contractCols)
    .from(contratti)
    .where(and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, id)));
  const [r] = lock ? await q.for('update') : await q;
  return r;
}

export type ActivityRow = typeof contrattiAttivita.$inferSelect & {
  mansione: string | null;
  impianto: string | null;
};

function selectActivities(db: DbOrTx) {
  return db
    .select({
      a: contrattiAttivita,
      mansione: mansioni.nome,
      impianto: impianti.nome,
    })
    .from(contrattiAttivita)
    .leftJoin(
      mansioni,
      and(eq(mansioni.aziendaId, contrattiAttivita.aziendaId), eq(mansioni.id, contrattiAttivita.mansioneId)),
    )
    .leftJoin(
      impianti,
      and(eq(impianti.aziendaId, contrattiAttivita.aziendaId), eq(impianti.id, contrattiAttivita.impiantoId)),
    );
}

const flat = (r: { a: typeof contrattiAttivita.$inferSelect; mansione: string | null; impianto: string | null }) => ({
  ...r.a,
  mansione: r.mansione,
  impianto: r.impianto,
});

export async function activitiesOfContract(db: DbOrTx, aziendaId: string, contrattoId: string): Promise<ActivityRow[]> {
  const rows = await selectActivities(db)
    .where(and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.contrattoId, contrattoId)))
    .orderBy(asc(contrattiAttivita.posizione), asc(contrattiAttivita.createdAt));
  return rows.map(flat);
}

export async function activity(db: DbOrTx, aziendaId: string, id: string): Promise<ActivityRow | undefined> {
  const [r] = await selectActivities(db).where(
    and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.id, id)),
  );
  return r && flat(r);
}

/** The given activities of the contract (ids not of it are left out). */
export async function activitiesIn(db: DbOrTx, aziendaId: string, contrattoId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: contrattiAttivita.id })
    .from(contrattiAttivita)
    .where(
      and(
        eq(contrattiAttivita.aziendaId, aziendaId),
        eq(contrattiAttivita.contrattoId, contrattoId),
        inArray(contrattiAttivita.id, ids),
      ),
    );
}

export async function maxPosition(db: DbOrTx, aziendaId: string, contrattoId: string): Promise<number> {
  const [r] = await db
    .select({ max: sql<number>`coalesce(max(${contrattiAttivita.posizione}), -1)::int` })
    .from(contrattiAttivita)
    .where(and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.contrattoId, contrattoId)));
  return r?.max ?? -1;
}

export interface ActivityValues {
  descrizione: string;
  frequenza: 'fissa' | 'variabile' | 'data_singola';
  mansioneId: string | null;
  impiantoId: string | null;
  ogni: number | null;
  unita: 'giorni' | 'settimane' | 'mesi' | 'anni' | null;
  dataInizio: string | null;
  date: string[] | null;
  regole: ActivityRules | null;
  durataMinuti: number;
  note: string | null;
}

export async function insertActivities(
  db: DbOrTx,
  aziendaId: string,
  contrattoId: string,
  rows: (ActivityValues & { posizione: number })[],
): Promise<string[]> {
  if (!rows.length) return [];
  const out = await db
    .insert(contrattiAttivita)
    .values(rows.map((v) => ({ ...v, aziendaId, contrattoId })))
    .returning({ id: contrattiAttivita.id });
  return out.map((r) => r.id);
}

export async function updateActivity(db: DbOrTx, aziendaId: string, id: string, v: ActivityValues): Promise<void> {
  await db
    .update(contrattiAttivita)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.id, id)));
}

/** Replaces the checks and machines of the activities (batch: one delete and one insert each). */
export async function replaceLinks(
  db: DbOrTx,
  aziendaId: string,
  links: { attivitaId: string; controlli: string[]; macchinari: string[] }[],
): Promise<void> {
  const ids = links.map((l) => l.attivitaId);
  if (!ids.length) return;
  await db
    .delete(attivitaControlli)
    .where(and(eq(attivitaControlli.aziendaId, aziendaId), inArray(attivitaControlli.attivitaId, ids)));
  await db
    .delete(attivitaMacchinari)
    .where(and(eq(attivitaMacchinari.aziendaId, aziendaId), inArray(attivitaMacchinari.attivitaId, ids)));
  const c = links.flatMap((l) =>
    l.controlli.map((controlloId) => ({ aziendaId, attivitaId: l.attivitaId, controlloId })),
  );
  const m = links.flatMap((l) =>
    l.macchinari.map((macchinarioId) => ({ aziendaId, attivitaId: l.attivitaId, macchinarioId })),
  );
  if (c.length) await db.insert(attivitaControlli).values(c);
  if (m.length) await db.insert(attivitaMacchinari).values(m);
}

export async function checksOfActivities(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ attivitaId: attivitaControlli.attivitaId, id: controlli.id, nomeCampo: controlli.nomeCampo })
    .from(attivitaControlli)
    .innerJoin(
      controlli,
      and(eq(controlli.aziendaId, attivitaControlli.aziendaId), eq(controlli.id, attivitaControlli.controlloId)),
    )
    .where(and(eq(attivitaControlli.aziendaId, aziendaId), inArray(attivitaControlli.attivitaId, ids)))
    .orderBy(asc(controlli.ordine), asc(controlli.nomeCampo));
}

export async function machinesOfActivities(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      attivitaId: attivitaMacchinari.attivitaId,
      id: macchinari.id,
      nome: macchinari.nome,
      matricola: macchinari.matricola,
    })
    .from(attivitaMacchinari)
    .innerJoin(
      macchinari,
      and(eq(macchinari.aziendaId, attivitaMacchinari.aziendaId), eq(macchinari.id, attivitaMacchinari.macchinarioId)),
    )
    .where(and(eq(attivitaMacchinari.aziendaId, aziendaId), inArray(attivitaMacchinari.attivitaId, ids)))
    .orderBy(asc(macchinari.nome));
}

/* ---------- what the inputs name, of the company ---------- */

export async function jobRolesIn(db: DbOrTx, aziendaId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: mansioni.id })
    .from(mansioni)
    .where(and(eq(mansioni.aziendaId, aziendaId), inArray(mansioni.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function checksIn(db: DbOrTx, aziendaId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: controlli.id, mansioneId: controlli.mansioneId })
    .from(controlli)
    .where(and(eq(controlli.aziendaId, aziendaId), inArray(controlli.id, ids)));
  return new Map(rows.map((r) => [r.id, r.mansioneId]));
}

export async function machinesIn(db: DbOrTx, aziendaId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: macchinari.id })
    .from(macchinari)
    .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Plants of the company, with their customer. */
export async function plantsIn(db: DbOrTx, aziendaId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: impianti.id, clienteId: impianti.clienteId })
    .from(impianti)
    .where(and(eq(impianti.aziendaId, aziendaId), inArray(impianti.id, ids)));
  return new Map(rows.map((r) => [r.id, r.clienteId]));
}

/* ---------- delete ---------- */

/** Activities among `ids` with an occurrence that has a report. */
export async function withReport(db: DbOrTx, aziendaId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ id: attivitaDate.attivitaId })
    .from(attivitaDate)
    .where(
      and(
        eq(attivitaDate.aziendaId, aziendaId),
        inArray(attivitaDate.attivitaId, ids),
        sql`${attivitaDate.rapportinoId} is not null`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function deleteActivities(db: DbOrTx, aziendaId: string, contrattoId: string, ids: string[]) {
  await db
    .delete(contrattiAttivita)
    .where(
      and(
        eq(contrattiAttivita.aziendaId, aziendaId),
        eq(contrattiAttivita.contrattoId, contrattoId),
        inArray(contrattiAttivita.id, ids),
      ),
    );
}
