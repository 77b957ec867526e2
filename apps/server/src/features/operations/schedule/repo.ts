import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, utenti } from '../../../platform/db/schema.js';
import { mansioni, utentiMansioni } from '../../../platform/db/schema-articles.js';
import { attivitaDate, contratti, contrattiAttivita, rapportini } from '../../../platform/db/schema-contracts.js';
import { clienti, impianti, macchinari } from '../../../platform/db/schema-customers.js';
import {
  appuntamenti as a,
  appuntamentiMacchinari,
  appuntamentiTecnici,
  revisioniSchedule,
} from '../../../platform/db/schema-schedule.js';
import { SCHEDULE_MAX } from '@fs/contract';

/** Queries of the planner; every one filters on the company of the token. */

const tecniciOf = sql<
  string[]
>`coalesce((select json_agg(t.utente_id order by t.utente_id) from ${appuntamentiTecnici} t
  where t.appuntamento_id = ${a.id}), '[]'::json)`;
const macchinariOf = sql<
  string[]
>`coalesce((select json_agg(m.macchinario_id order by m.macchinario_id) from ${appuntamentiMacchinari} m
  where m.appuntamento_id = ${a.id}), '[]'::json)`;

const columns = {
  id: a.id,
  titolo: a.titolo,
  note: a.note,
  clienteId: a.clienteId,
  cliente: clienti.ragioneSociale,
  indirizzo: clienti.indirizzo,
  citta: clienti.citta,
  latitude: clienti.latitude,
  longitude: clienti.longitude,
  impiantoId: a.impiantoId,
  impianto: impianti.nome,
  impiantoIndirizzo: impianti.indirizzo,
  impiantoCitta: impianti.citta,
  mansioneId: a.mansioneId,
  mansione: mansioni.nome,
  inizio: a.inizio,
  fine: a.fine,
  tuttoIlGiorno: a.tuttoIlGiorno,
  daFare: a.daFare,
  rapportinoId: a.rapportinoId,
  statoRapportino: rapportini.stato,
  numeroAssistenza: rapportini.numeroAssistenza,
  attivitaDataId: a.attivitaDataId,
  promemoriaMinuti: a.promemoriaMinuti,
  promemoriaInviatoAt: a.promemoriaInviatoAt,
  tecnici: tecniciOf,
  macchinari: macchinariOf,
};

function selectRows(db: DbOrTx) {
  return db
    .select(columns)
    .from(a)
    .innerJoin(clienti, and(eq(clienti.aziendaId, a.aziendaId), eq(clienti.id, a.clienteId)))
    .leftJoin(impianti, and(eq(impianti.aziendaId, a.aziendaId), eq(impianti.id, a.impiantoId)))
    .leftJoin(mansioni, and(eq(mansioni.aziendaId, a.aziendaId), eq(mansioni.id, a.mansioneId)))
    .leftJoin(rapportini, and(eq(rapportini.aziendaId, a.aziendaId), eq(rapportini.id, a.rapportinoId)));
}
export type AppointmentRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** Appointments of a technician (the index of appuntamenti_tecnici), starting in [from, to). */
const ofTechnician = (aziendaId: string, utenteId: string, from?: Date, to?: Date) =>
  inArray(
    a.id,
    sql`(select t.appuntamento_id from ${appuntamentiTecnici} t where t.azienda_id = ${aziendaId}
      and t.utente_id = ${utenteId}${from ? sql` and t.inizio >= ${from}` : sql``}${to ? sql` and t.inizio < ${to}` : sql``})`,
  );

export interface RangeFilter {
  from: Date;
  to: Date;
  tecnicoId?: string;
  mansioneId?: string;
  clienteId?: string;
}

/**
 * Dated appointments overlapping [from, to): starts from the longest appointment's length before the
 * range (the service's rule), along (azienda_id, inizio), ending after the range's start.
 */
export async function inRange(db: DbOrTx, aziendaId: string, f: RangeFilter): Promise<AppointmentRow[]> {
  const earliest = new Date(f.from.getTime() - SCHEDULE_MAX.durataGiorni * 86_400_000);
  return selectRows(db)
    .where(
      and(
        eq(a.aziendaId, aziendaId),
        gte(a.inizio, earliest),
        lt(a.inizio, f.to),
        gt(a.fine, f.from),
        f.tecnicoId ? ofTechnician(aziendaId, f.tecnicoId, earliest, f.to) : undefined,
        f.mansioneId ? eq(a.mansioneId, f.mansioneId) : undefined,
        f.clienteId ? eq(a.clienteId, f.clienteId) : undefined,
      ),
    )
    .orderBy(asc(a.inizio), asc(a.id));
}

export async function findAppointment(db: DbOrTx, aziendaId: string, id: string): Promise<AppointmentRow | undefined> {
  const [r] = await selectRows(db).where(and(eq(a.aziendaId, aziendaId), eq(a.id, id)));
  return r;
}

/** The paged list: to-dos first (newest), then by start, newest first. */
export async function page(
  db: DbOrTx,
  aziendaId: string,
  f: { q?: string; tecnicoId?: string; from?: Date; to?: Date; todo?: boolean; limit: number; offset: number },
) {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(a.aziendaId, aziendaId),
    f.todo === true ? eq(a.daFare, true) : f.todo === false ? eq(a.daFare, false) : undefined,
    f.from ? gt(a.fine, f.from) : undefined,
    f.to ? lt(a.inizio, f.to) : undefined,
    f.tecnicoId ? ofTechnician(aziendaId, f.tecnicoId) : undefined,
    like ? or(sql`${a.titolo} ilike ${like}`, sql`${clienti.ragioneSociale} ilike ${like}`) : undefined,
  );
  const [items, [count]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(a.daFare), sql`${a.inizio} desc nulls first`, desc(a.createdAt), asc(a.id))
      .limit(f.limit)
      .offset(f.offset),
    // The customer is joined only to search its name (every appointment has one: a foreign key).
    like
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(a)
          .innerJoin(clienti, and(eq(clienti.aziendaId, a.aziendaId), eq(clienti.id, a.clienteId)))
          .where(where)
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(a)
          .where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** The company's users in display order: a technician's colour is their place in it. */
export async function companyUsers(db: DbOrTx, aziendaId: string) {
  const rows = await db
    .select({
      id: utenti.id,
      name: utenti.name,
      surname: utenti.surname,
      username: utenti.username,
      email: utenti.email,
      lingua: utenti.lingua,
      role: utenti.role,
      status: utenti.status,
      scheduleenabled: utenti.scheduleenabled,
    })
    .from(utenti)
    .where(eq(utenti.aziendaId, aziendaId))
    .orderBy(asc(utenti.ordine), asc(utenti.createdAt), asc(utenti.id));
  return rows.map((r, i) => ({
    ...r,
    nome: [r.name, r.surname].filter(Boolean).join(' ') || r.username,
    colore: i % 12,
  }));
}
export type CompanyUser = Awaited<ReturnType<typeof companyUsers>>[number];

export async function timezoneOf(db: DbOrTx, aziendaId: string): Promise<string> {
  const [r] = await db.select({ tz: aziende.timezone }).from(aziende).where(eq(aziende.id, aziendaId));
  return r?.tz ?? DEFAULT_TIME_ZONE;
}

/** The company's zone and planner revision (0 before its first change): what a range answer is kept under. */
export async function scheduleState(db: DbOrTx, aziendaId: string): Promise<{ tz: string; revisione: number }> {
  const [r] = await db
    .select({ tz: aziende.timezone, revisione: revisioniSchedule.revisione })
    .from(aziende)
    .leftJoin(revisioniSchedule, eq(revisioniSchedule.aziendaId, aziende.id))
    .where(eq(aziende.id, aziendaId));
  return { tz: r?.tz ?? DEFAULT_TIME_ZONE, revisione: Number(r?.revisione ?? 0) };
}

export async function setScheduleVersion(db: DbOrTx, aziendaId: string, versione: number): Promise<void> {
  await db.update(aziende).set({ versioneSchedule: versione }).where(eq(aziende.id, aziendaId));
}

/* ---------- what an appointment refers to ---------- */

export async function customerExists(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const [r] = await db
    .select({ id: clienti.id })
    .from(clienti)
    .where(and(eq(clienti.aziendaId, aziendaId), eq(clienti.id, id)));
  return !!r;
}

export async function plantOf(db: DbOrTx, aziendaId: string, id: string) {
  const [r] = await db
    .select({ id: impianti.id, clienteId: impianti.clienteId })
    .from(impianti)
    .where(and(eq(impianti.aziendaId, aziendaId), eq(impianti.id, id)));
  return r;
}

export async function machinesOf(db: DbOrTx, aziendaId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: macchinari.id, impiantoId: macchinari.impiantoId, clienteId: impianti.clienteId })
    .from(macchinari)
    .innerJoin(impianti, eq(impianti.id, macchinari.impiantoId))
    .where(and(eq(macchinari.aziendaId, aziendaId), inArray(macchinari.id, ids)));
}

export async function mansioneExists(db: DbOrTx, aziendaId: string, id: string): Promise<boolean> {
  const [r] = await db
    .select({ id: mansioni.id })
    .from(mansioni)
    .where(and(eq(mansioni.aziendaId, aziendaId), eq(mansioni.id, id)));
  return !!r;
}

export async function reportOf(db: DbOrTx, aziendaId: string, id: string) {
  const [r] = await db
    .select({ id: rapportini.id, clienteId: rapportini.clienteId, stato: rapportini.stato })
    .from(rapportini)
    .where(and(eq(rapportini.aziendaId, aziendaId), eq(rapportini.id, id)));
  return r;
}

/** An activity occurrence with its due day and the rules of its activity and contract. */
export async function occurrenceOf(db: DbOrTx, aziendaId: string, id: string) {
  const [r] = await db
    .select({
      id: attivitaDate.id,
      data: attivitaDate.data,
      contrattoId: attivitaDate.contrattoId,
      clienteId: contratti.clienteId,
      regoleAttivita: contrattiAttivita.regole,
      regoleContratto: contratti.regole,
    })
    .from(attivitaDate)
    .innerJoin(contrattiAttivita, eq(contrattiAttivita.id, attivitaDate.attivitaId))
    .innerJoin(contratti, eq(contratti.id, attivitaDate.contrattoId))
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)));
  return r;
}

/** Technicians (of those given) who do not hold the job role. */
export async function withoutJobRole(db: DbOrTx, aziendaId: string, ids: string[], mansioneId: string) {
  if (!ids.length) return [];
  const holders = await db
    .select({ id: utentiMansioni.utenteId })
    .from(utentiMansioni)
    .where(
      and(
        eq(utentiMansioni.aziendaId, aziendaId),
        eq(utentiMansioni.mansioneId, mansioneId),
        inArray(utentiMansioni.utenteId, ids),
      ),
    );
  const held = new Set(holders.map((h) => h.id));
  return ids.filter((id) => !held.has(id));
}

/** Other dated appointments of these technicians overlapping [inizio, fine). */
export async function overlaps(
  db: DbOrTx,
  aziendaId: string,
  ids: string[],
  inizio: Date,
  fine: Date,
  exceptId?: string,
) {
  if (!ids.length) return [];
  const earliest = new Date(inizio.getTime() - SCHEDULE_MAX.durataGiorni * 86_400_000);
  return db
    .select({ utenteId: appuntamentiTecnici.utenteId, appuntamentoId: a.id })
    .from(appuntamentiTecnici)
    .innerJoin(a, and(eq(a.aziendaId, appuntamentiTecnici.aziendaId), eq(a.id, appuntamentiTecnici.appuntamentoId)))
    .where(
      and(
        eq(appuntamentiTecnici.aziendaId, aziendaId),
        inArray(appuntamentiTecnici.utenteId, ids),
        gte(appuntamentiTecnici.inizio, earliest),
        lt(appuntamentiTecnici.inizio, fine),
        gt(a.fine, inizio),
        exceptId ? ne(a.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(a.inizio));
}

/* ---------- writes ---------- */

export type AppointmentValues = Omit<typeof a.$inferInsert, 'id' | 'aziendaId' | 'createdAt' | 'updatedAt'>;

export async function lockAppointment(tx: DbOrTx, aziendaId: string, id: string) {
  const [r] = await tx
    .select()
    .from(a)
    .where(and(eq(a.aziendaId, aziendaId), eq(a.id, id)))
    .for('update');
  if (!r) return undefined;
  const tecnici = await tx
    .select({ id: appuntamentiTecnici.utenteId })
    .from(appuntamentiTecnici)
    .where(and(eq(appuntamentiTecnici.aziendaId, aziendaId), eq(appuntamentiTecnici.appuntamentoId, id)));
  return { ...r, tecnici: tecnici.map((t) => t.id) };
}
export type LockedAppointment = NonNullable<Awaited<ReturnType<typeof lockAppointment>>>;

export async function insertAppointment(tx: DbOrTx, aziendaId: string, v: AppointmentValues): Promise<string> {
  const [r] = await tx
    .insert(a)
    .values({ ...v, aziendaId })
    .returning({ id: a.id });
  return r!.id;
}

export async function updateAppointment(tx: DbOrTx, aziendaId: string, id: string, v: Partial<AppointmentValues>) {
  await tx
    .update(a)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(a.aziendaId, aziendaId), eq(a.id, id)));
}

/** The technicians and machines, the whole list each time (the start copied onto the technicians). */
export async function replaceLinks(
  tx: DbOrTx,
  aziendaId: string,
  id: string,
  tecnici: string[],
  macchinariIds: string[],
  inizio: Date | null,
) {
  await tx
    .delete(appuntamentiTecnici)
    .where(and(eq(appuntamentiTecnici.aziendaId, aziendaId), eq(appuntamentiTecnici.appuntamentoId, id)));
  if (tecnici.length) {
    await tx
      .insert(appuntamentiTecnici)
      .values(tecnici.map((utenteId) => ({ aziendaId, appuntamentoId: id, utenteId, inizio })));
  }
  await tx
    .delete(appuntamentiMacchinari)
    .where(and(eq(appuntamentiMacchinari.aziendaId, aziendaId), eq(appuntamentiMacchinari.appuntamentoId, id)));
  if (macchinariIds.length) {
    await tx
      .insert(appuntamentiMacchinari)
      .values(macchinariIds.map((macchinarioId) => ({ aziendaId, appuntamentoId: id, macchinarioId })));
  }
}

export async function deleteAppointment(tx: DbOrTx, aziendaId: string, id: string): Promise<void> {
  await tx.delete(a).where(and(eq(a.aziendaId, aziendaId), eq(a.id, id)));
}

/** The planned day of an activity occurrence (null: no longer planned). */
export async function setPlannedDay(tx: DbOrTx, aziendaId: string, id: string, day: string | null) {
  await tx
    .update(attivitaDate)
    .set({ dataPianificata: day })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id)));
}

/** The occurrence leads to the report made with its appointment (only when it has none yet). */
export async function linkOccurrenceReport(tx: DbOrTx, aziendaId: string, id: string, rapportinoId: string) {
  await tx
    .update(attivitaDate)
    .set({ rapportinoId })
    .where(and(eq(attivitaDate.aziendaId, aziendaId), eq(attivitaDate.id, id), isNull(attivitaDate.rapportinoId)));
}

/** Dated appointments of one technician in [from, to) (the calendar feed). */
export async function ofTechnicianInRange(db: DbOrTx, aziendaId: string, utenteId: string, from: Date, to: Date) {
  return selectRows(db)
    .where(
      and(
        eq(a.aziendaId, aziendaId),
        isNotNull(a.inizio),
        gt(a.fine, from),
        ofTechnician(aziendaId, utenteId, new Date(from.getTime() - SCHEDULE_MAX.durataGiorni * 86_400_000), to),
      ),
    )
    .orderBy(asc(a.inizio))
    .limit(5000);
}
