import { and, asc, desc, eq, gt, inArray, lt, not, or, sql } from 'drizzle-orm';
import { SCHEDULE_MAX } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { mansioni } from '../../../platform/db/schema-articles.js';
import { rapportini, rapportiniMansioni } from '../../../platform/db/schema-contracts.js';
import { clienti, impianti } from '../../../platform/db/schema-customers.js';
import { rapportiniTecnici } from '../../../platform/db/schema-reports.js';
import { appuntamenti as a, appuntamentiTecnici } from '../../../platform/db/schema-schedule.js';

/** The technician's day (issue 24): their visits and their open reports without a date. Every query filters on the company. */

/** The report's job role, when the appointment names none. */
const reportJobRole = sql<string | null>`(select ${mansioni.nome} from ${rapportiniMansioni}
  join ${mansioni} on ${mansioni.aziendaId} = ${rapportiniMansioni.aziendaId} and ${mansioni.id} = ${rapportiniMansioni.mansioneId}
  where ${rapportiniMansioni.aziendaId} = ${rapportini.aziendaId} and ${rapportiniMansioni.rapportinoId} = ${rapportini.id}
  order by ${mansioni.nome} limit 1)`;

const place = {
  clienteId: clienti.id,
  cliente: clienti.ragioneSociale,
  indirizzo: clienti.indirizzo,
  citta: clienti.citta,
  provincia: clienti.provincia,
  cap: clienti.cap,
  latitude: clienti.latitude,
  longitude: clienti.longitude,
  telefono: clienti.telefono,
  cellulare: clienti.cellulare,
  impianto: impianti.nome,
  impiantoIndirizzo: impianti.indirizzo,
  impiantoCitta: impianti.citta,
  impiantoProvincia: impianti.provincia,
  impiantoCap: impianti.cap,
  rapportinoId: rapportini.id,
  numeroAssistenza: rapportini.numeroAssistenza,
  statoRapportino: rapportini.stato,
  richiestaIniziale: rapportini.richiestaIniziale,
};

/**
 * Dated appointments of the user overlapping [from, to), in start order: those the user is a technician of, and
 * those whose report the user is assigned to.
 */
export async function visitsOf(db: DbOrTx, aziendaId: string, userId: string, from: Date, to: Date) {
  const earliest = new Date(from.getTime() - SCHEDULE_MAX.durataGiorni * 86_400_000);
  return db
    .select({
      id: a.id,
      titolo: a.titolo,
      note: a.note,
      inizio: a.inizio,
      fine: a.fine,
      tuttoIlGiorno: a.tuttoIlGiorno,
      mansione: sql<string | null>`coalesce(${mansioni.nome}, ${reportJobRole})`,
      ...place,
    })
    .from(a)
    .innerJoin(clienti, and(eq(clienti.aziendaId, a.aziendaId), eq(clienti.id, a.clienteId)))
    .leftJoin(impianti, and(eq(impianti.aziendaId, a.aziendaId), eq(impianti.id, a.impiantoId)))
    .leftJoin(mansioni, and(eq(mansioni.aziendaId, a.aziendaId), eq(mansioni.id, a.mansioneId)))
    .leftJoin(rapportini, and(eq(rapportini.aziendaId, a.aziendaId), eq(rapportini.id, a.rapportinoId)))
    .where(
      and(
        eq(a.aziendaId, aziendaId),
        eq(a.daFare, false),
        gt(a.inizio, earliest),
        lt(a.inizio, to),
        gt(a.fine, from),
        or(
          inArray(
            a.id,
            sql`(select t.appuntamento_id from ${appuntamentiTecnici} t where t.azienda_id = ${aziendaId}
              and t.utente_id = ${userId} and t.inizio >= ${earliest} and t.inizio < ${to})`,
          ),
          sql`exists (select 1 from ${rapportiniTecnici} rt where rt.azienda_id = ${aziendaId}
            and rt.rapportino_id = ${a.rapportinoId} and rt.utente_id = ${userId})`,
        ),
      ),
    )
    .orderBy(asc(a.inizio), asc(a.fine), asc(a.id))
    .limit(200);
}
export type VisitRow = Awaited<ReturnType<typeof visitsOf>>[number];

/** Open reports (NUOVO, APERTO) assigned to the user without a dated appointment, newest first. */
export async function undatedOf(db: DbOrTx, aziendaId: string, userId: string) {
  return db
    .select({
      appuntamentoId: a.id,
      titolo: a.titolo,
      note: a.note,
      dataApertura: rapportini.dataApertura,
      mansione: reportJobRole,
      ...place,
    })
    .from(rapportini)
    .innerJoin(clienti, and(eq(clienti.aziendaId, rapportini.aziendaId), eq(clienti.id, rapportini.clienteId)))
    .leftJoin(impianti, and(eq(impianti.aziendaId, rapportini.aziendaId), eq(impianti.id, rapportini.impiantoId)))
    .leftJoin(a, and(eq(a.aziendaId, rapportini.aziendaId), eq(a.rapportinoId, rapportini.id)))
    .where(
      and(
        eq(rapportini.aziendaId, aziendaId),
        inArray(rapportini.stato, ['NUOVO', 'APERTO']),
        sql`exists (select 1 from ${rapportiniTecnici} rt where rt.azienda_id = ${aziendaId}
          and rt.rapportino_id = ${rapportini.id} and rt.utente_id = ${userId})`,
        or(sql`${a.id} is null`, eq(a.daFare, true)),
        not(eq(rapportini.completato, true)),
      ),
    )
    .orderBy(desc(rapportini.dataApertura), desc(rapportini.numeroAssistenza), asc(rapportini.id))
    .limit(100);
}
export type UndatedRow = Awaited<ReturnType<typeof undatedOf>>[number];
