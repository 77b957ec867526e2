import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { REPORTS_TABLE, type ReportColumn } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { utenti } from '../../../platform/db/schema.js';
import { rapportini } from '../../../platform/db/schema-contracts.js';
import { clienti, impianti } from '../../../platform/db/schema-customers.js';
import { rapportiniTecnici } from '../../../platform/db/schema-reports.js';
import { appuntamenti } from '../../../platform/db/schema-schedule.js';
import { companyRows } from '../../../platform/row-counts.js';
import { orderOf, readPage, searchCondition, type Page, type PageRead } from '../../../platform/lists.js';

/** The report list (GET /rapportini/rapportini/admin) and the technician's to-dos. */

export interface ListFilters {
  stato?: 'NUOVO' | 'APERTO' | 'CHIUSO' | 'aperti';
  clienteId?: string;
  tecnicoId?: string;
  contrattoId?: string;
  completato?: boolean;
  dal?: string;
  al?: string;
  /** Closing days (inclusive) in the company's zone `timeZone`. */
  chiusoDal?: string;
  chiusoAl?: string;
  timeZone?: string;
  q?: string;
  /** Only reports this user is assigned to (a technician without "see colleagues' data"). */
  onlyUser?: string;
}

/**
 * Reports the user is assigned to. The link carries the report's open date (written with it on every save), so the
 * list's date range is bounded on the link too: the technician's links in the range are one range of
 * `rapportini_tecnici (azienda_id, utente_id, data_apertura)`, and PostgreSQL can start from them (a few hundred
 * rows) instead of testing every report of the company in the range, or every link of the technician.
 */
const assignedTo = (aziendaId: string, userId: string, range: { dal?: string; al?: string } = {}) => {
  const conds = [
    eq(rapportiniTecnici.aziendaId, aziendaId),
    sql`${rapportiniTecnici.rapportinoId} = ${rapportini.id}`,
    eq(rapportiniTecnici.utenteId, userId),
  ];
  if (range.dal) conds.push(gte(rapportiniTecnici.dataApertura, range.dal));
  if (range.al) conds.push(lte(rapportiniTecnici.dataApertura, range.al));
  return sql`exists (select 1 from ${rapportiniTecnici} where ${and(...conds)})`;
};

function where(aziendaId: string, f: ListFilters): SQL {
  return and(...conditionsOf(aziendaId, f))!;
}

function conditionsOf(aziendaId: string, f: ListFilters): SQL[] {
  const conds: SQL[] = [eq(rapportini.aziendaId, aziendaId)];
  if (f.stato === 'aperti') conds.push(inArray(rapportini.stato, ['NUOVO', 'APERTO']));
  else if (f.stato) conds.push(eq(rapportini.stato, f.stato));
  if (f.clienteId) conds.push(eq(rapportini.clienteId, f.clienteId));
  if (f.contrattoId) conds.push(eq(rapportini.contrattoId, f.contrattoId));
  if (f.completato !== undefined) conds.push(eq(rapportini.completato, f.completato));
  if (f.dal) conds.push(gte(rapportini.dataApertura, f.dal));
  if (f.al) conds.push(lte(rapportini.dataApertura, f.al));
  const zone = f.timeZone ?? 'Europe/Rome';
  if (f.chiusoDal)
    conds.push(sql`${rapportini.dataChiusura} >= (${f.chiusoDal}::date)::timestamp at time zone ${zone}`);
  if (f.chiusoAl)
    conds.push(sql`${rapportini.dataChiusura} < (${f.chiusoAl}::date + 1)::timestamp at time zone ${zone}`);
  if (f.tecnicoId) conds.push(assignedTo(aziendaId, f.tecnicoId, f));
  if (f.onlyUser) conds.push(assignedTo(aziendaId, f.onlyUser, f));
  if (f.q) {
    const term = f.q.trim();
    conds.push(
      sql`(${rapportini.numeroAssistenza} ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${searchCondition(clienti.searchText, term)})`,
    );
  }
  return conds;
}

const SORTABLE: Partial<Record<ReportColumn, SQL | typeof rapportini.dataApertura>> = {
  numero_assistenza: sql`${rapportini.numeroAssistenza}`,
  data_apertura: rapportini.dataApertura,
  cliente: sql`lower(${clienti.ragioneSociale})`,
  data_chiusura: sql`${rapportini.dataChiusura}`,
};

const tecniciOf = sql<string>`coalesce((select string_agg(coalesce(nullif(trim(coalesce(${utenti.name}, '') || ' ' || coalesce(${utenti.surname}, '')), ''), ${utenti.username}), ', ' order by ${utenti.ordine}) from ${rapportiniTecnici} join ${utenti} on ${utenti.id} = ${rapportiniTecnici.utenteId} where ${rapportiniTecnici.aziendaId} = ${rapportini.aziendaId} and ${rapportiniTecnici.rapportinoId} = ${rapportini.id}), '')`;

/** Where the work is: the plant's name and address, for the technician's card. */
const luogoOf = sql<
  string | null
>`(select nullif(concat_ws(', ', ${impianti.nome}, nullif(${impianti.indirizzo}, ''), nullif(${impianti.citta}, '')), '') from ${impianti} where ${impianti.aziendaId} = ${rapportini.aziendaId} and ${impianti.id} = ${rapportini.impiantoId})`;

/** The start of the report's appointment: the planner's, at most one per report (decision 0040). */
const appointmentOf =
  sql<Date | null>`(select ${appuntamenti.inizio} from ${appuntamenti} where ${appuntamenti.aziendaId} = ${rapportini.aziendaId} and ${appuntamenti.rapportinoId} = ${rapportini.id})`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  );

const rowColumns = {
  id: rapportini.id,
  numeroAssistenza: rapportini.numeroAssistenza,
  stato: rapportini.stato,
  inviato: rapportini.inviato,
  completato: rapportini.completato,
  dataApertura: rapportini.dataApertura,
  dataChiusura: rapportini.dataChiusura,
  clienteId: rapportini.clienteId,
  cliente: clienti.ragioneSociale,
  tecnici: tecniciOf,
  tipoIntervento: rapportini.tipoIntervento,
  motivazione: rapportini.motivazione,
  totaleOre: rapportini.totaleOre,
  totale: rapportini.totale,
  dataAppuntamento: appointmentOf,
  luogo: luogoOf,
  richiestaIniziale: sql<string | null>`left(${rapportini.richiestaIniziale}, 200)`,
};
export interface ListRow {
  id: string;
  numeroAssistenza: string | null;
  stato: 'NUOVO' | 'APERTO' | 'CHIUSO';
  inviato: boolean;
  completato: boolean;
  dataApertura: string;
  dataChiusura: Date | null;
  clienteId: string;
  cliente: string;
  tecnici: string;
  tipoIntervento: string | null;
  motivazione: string | null;
  totaleOre: string;
  totale: string | null;
  dataAppuntamento: Date | null;
  luogo: string | null;
  richiestaIniziale: string | null;
}

function base(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(rapportini)
    .innerJoin(clienti, and(eq(clienti.aziendaId, rapportini.aziendaId), eq(clienti.id, rapportini.clienteId)));
}

export async function list(
  db: DbOrTx,
  aziendaId: string,
  f: ListFilters,
  q: { page: number; size: number; sort: ReportColumn; dir: 'asc' | 'desc'; totale?: number },
): Promise<Page<ListRow>> {
  const cond = where(aziendaId, f);
  const needsJoin = !!f.q;
  // The whole list's total is kept by the database (decision 0042): read, not counted.
  const whole = conditionsOf(aziendaId, f).length === 1;
  const count = async () => {
    if (whole) return companyRows(db, aziendaId, 'rapportini');
    const query = db.select({ n: sql<number>`count(*)::int` }).from(rapportini);
    const [r] = needsJoin
      ? await query
          .innerJoin(clienti, and(eq(clienti.aziendaId, rapportini.aziendaId), eq(clienti.id, rapportini.clienteId)))
          .where(cond)
      : await query.where(cond);
    return r?.n ?? 0;
  };
  // The page's ids first, from the sort order alone; then those rows with their technicians and
  // place (computed for the 50 shown, not for every row an offset skips).
  const rows = async (read: PageRead) => {
    // Ties (reports of one day) in number order, the newest number first when descending: the number is unique.
    const order = orderOf(REPORTS_TABLE, SORTABLE, q, rapportini.numeroAssistenza, { reverse: read.reverse });
    const pick = db.select({ id: rapportini.id }).from(rapportini);
    const joined =
      needsJoin || q.sort === 'cliente'
        ? pick.innerJoin(
            clienti,
            and(eq(clienti.aziendaId, rapportini.aziendaId), eq(clienti.id, rapportini.clienteId)),
          )
        : pick;
    const ids = (
      await joined
        .where(cond)
        .orderBy(...order)
        .limit(read.limit)
        .offset(read.offset)
    ).map((r) => r.id);
    if (!ids.length) return [];
    const found = (await base(db).where(
      and(eq(rapportini.aziendaId, aziendaId), inArray(rapportini.id, ids)),
    )) as ListRow[];
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)!).filter(Boolean);
  };
  return readPage({ limit: q.size, offset: (q.page - 1) * q.size }, count, rows, q.totale);
}

/**
 * Open reports assigned to the user, today's (opened or appointed today, the appointment's day read
 * in the company's time zone) or all, newest appointment first.
 */
export async function todos(
  db: DbOrTx,
  aziendaId: string,
  userId: string,
  today: { day: string; timeZone: string } | null,
  size: number,
): Promise<ListRow[]> {
  const conds = [
    eq(rapportini.aziendaId, aziendaId),
    inArray(rapportini.stato, ['NUOVO', 'APERTO']),
    assignedTo(aziendaId, userId),
  ];
  if (today) {
    conds.push(
      sql`(${rapportini.dataApertura} = ${today.day} or (${appointmentOf} at time zone ${today.timeZone})::date = ${today.day})`,
    );
  }
  return (await base(db)
    .where(and(...conds))
    .orderBy(sql`${appointmentOf} asc nulls last`, sql`${rapportini.dataApertura} desc`, rapportini.id)
    .limit(size)) as ListRow[];
}
