import { and, asc, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { RegoleAttivita, RegoleContratto } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { mansioni } from '../../../platform/db/schema-articles.js';
import { clienti, impianti } from '../../../platform/db/schema-customers.js';
import { attivitaDate, contratti, contrattiAttivita } from '../../../platform/db/schema-contracts.js';

/** The dated occurrences of activities (attivita_date, the spec's contratto_date). Every query filters on the company. */

export interface OccurrenceRow {
  id: string;
  attivitaId: string;
  contrattoId: string;
  data: string;
  dataPianificata: string | null;
  rapportinoId: string | null;
  fattaAt: Date | null;
}

const occCols = {
  id: attivitaDate.id,
  attivitaId: attivitaDate.attivitaId,
  contrattoId: attivitaDate.contrattoId,
  data: attivitaDate.data,
  dataPianificata: attivitaDate.dataPianificata,
  rapportinoId: attivitaDate.rapportinoId,
  fattaAt: attivitaDate.fattaAt,
};

/** The day an occurrence is planned for: its planned date, else its due date (attivita_date_range_idx). */
export const dayOf = sql<string>`coalesce(${attivitaDate.dataPianificata}, ${attivitaDate.data})`;

/** The occurrences of activities: all, or (default) the undone ones and those from `today` on. */
export async function ofActivities(
  db: DbOrTx,
  aziendaId: string,
  ids: string[],
  o: { all: boolean; today: string },
): Promise<OccurrenceRow[]> {
  if (!ids.length) return [];
  return db
    .select(occCols)
    .from(attivitaDate)
    .where(
      and(
        eq(attivitaDate.aziendaId, aziendaId),
        inArray(attivitaDate.attivitaId, ids),
        o.all ? undefined : or(isNull(attivitaDate.fattaAt), gte(dayOf, o.today)),
      ),
    )
    .orderBy(asc(attivitaDate.data));
}

export interface NewOccurrence {
  attivitaId: string;
  contrattoId: string;
  data: string;
}

/** Inserts occurrences in batches; a date the activity already has is left as it is. */
export async function insertOccurrences(db: DbOrTx, aziendaId: string, rows: NewOccurrence[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insert(attivitaDate)
      .values(rows.slice(i, i + 2000).map((r) => ({ ...r, aziendaId })))
      .onConflictDoNothing({ target: [attivitaDate.attivitaId, attivitaDate.data] });
  }
}

/**
 * Deletes the activity's occurrences from `from` on that are not done, have no report and are not
 * among `keep` (its frequency changed).
 */
export async function pruneOccurrences(
  db: DbOrTx,
  aziendaId: string,
  attivitaId: string,
  keep: string[],
  from: string,
): Promise<void> {
  await db
    .delete(attivitaDate)
    .where(
      and(
        eq(attivitaDate.aziendaId, aziendaId),
        eq(attivitaDate.attivitaId, attivitaId),
        gte(attivitaDate.data, from),
        isNull(attivitaDate.fattaAt),
        isNull(attivitaDate.rapportinoId),
        keep.length ? notInArray(attivitaDate.data, keep) : undefined,
      ),
    );
}

/* ---------- the planner ---------- */

const rangeCols = {
  ...occCols,
  nome: contrattiAttivita.descrizione,
  contratto: contratti.identificativo,
  clienteId: contratti.clienteId,
  cliente: clienti.ragioneSociale,
  impianto: impianti.nome,
  mansioneId: contrattiAttivita.mansioneId,
  mansione: mansioni.nome,
  durataMinuti: contrattiAttivita.durataMinuti,
};
export type RangeRow = OccurrenceRow & {
  nome: string;
  contratto: string;
  clienteId: string;
  cliente: string;
  impianto: string | null;
  mansioneId: string | null;
  mansione: string | null;
  durataMinuti: number;
};

function rangeSelect(db: DbOrTx, aziendaId: string) {
  return db
    .select(rangeCols)
    .from(attivitaDate)
    .innerJoin(
      contrattiAttivita,
      and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.id, attivitaDate.attivitaId)),
    )
    .innerJoin(
      contratti,
      and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, attivitaDate.contrattoId), eq(contratti.cessato, false)),
    )
    .innerJoin(clienti, and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, contratti.clienteId)))
    .leftJoin(impianti, and(eq(impianti.aziendaId, aziendaId), eq(impianti.id, contrattiAttivita.impiantoId)))
    .leftJoin(mansioni, and(eq(mansioni.aziendaId, aziendaId), eq(mansioni.id, contrattiAttivita.mansioneId)));
}

/** Occurrences planned (or due) in [start, end] on the company's running contracts. */
export async function inRange(db: DbOrTx, aziendaId: string, start: string, end: string): Promise<RangeRow[]> {
  return rangeSelect(db, aziendaId)
    .where(and(eq(attivitaDate.aziendaId, aziendaId), sql`${dayOf} between ${start} and ${end}`))
    .orderBy(dayOf, asc(contratti.identificativo));
}

/** Undone occurrences due before `before` on running contracts, oldest first. */
export async function overdue(db: DbOrTx, aziendaId: string, before: string, limit: number): Promise<RangeRow[]> {
  return rangeSelect(db, aziendaId)
    .where(and(eq(attivitaDate.aziendaId, aziendaId), isNull(attivitaDate.fattaAt), lt(dayOf, before)))
    .orderBy(dayOf, asc(attivitaDate.id))
    .limit(limit);
}

/* ---------- one occurrence ---------- */

export interface OccurrenceDetail extends OccurrenceRow {
  clienteId: string;
  cessato: boolean;
  nome: string;
  impiantoId: string | null;
  mansioneId: string | null;
  regole: RegoleAttivita | null;
  regoleContratto: RegoleContratto | null;
}

/** One occurrence with its activity and contract; locked for the transaction when `lock`. */
export async function occurrence(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  lock = false,
): Promise<OccurrenceDetail | undefined> {
  const q = db
    .select({
      ...occCols,
      clienteId: contratti.clienteId,
      cessato: contratti.cessato,
      nome: contrattiAttivita.descrizione,
      impiantoId: contrattiAttivita.impiantoId,
      mansioneId: contrattiAttivita.mansioneId,
      regole: contrattiAttivita.regole,
      regoleContratto: contratti.regole,
    })
    .from(attivitaDate)
    .innerJoin(
      contrattiAttivita,
      and(eq(contrattiAttivita.aziendaId, aziendaId), eq(contrattiAttivita.id, attivitaDate.attivitaId)),
    )
    .innerJoin(contratti, and(eq(contratti.aziendaId, aziendaId), eq(contratti.id, attivitaDate.contrattoId)))
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)));
  const [r] = lock ? await q.for('update', { of: attivitaDate }) : await q;
  return r;
}

export async function setPlanned(db: DbOrTx, aziendaId: string, id: string, day: string | null) {
  const [r] = await db
    .update(attivitaDate)
    .set({ dataPianificata: day })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)))
    .returning(occCols);
  return r!;
}

export async function setReport(db: DbOrTx, aziendaId: string, id: string, rapportinoId: string): Promise<void> {
  await db
    .update(attivitaDate)
    .set({ rapportinoId })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)));
}

/** Marks done (a date) or undone (null) the occurrences made into the report. */
export async function setDoneByReport(db: DbOrTx, aziendaId: string, rapportinoId: string, at: Date | null) {
  await db
    .update(attivitaDate)
    .set({ fattaAt: at })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.rapportinoId, rapportinoId)));
}
