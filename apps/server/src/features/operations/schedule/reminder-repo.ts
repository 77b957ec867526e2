import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { aziende, utenti } from '../../../platform/db/schema.js';
import { clienti } from '../../../platform/db/schema-customers.js';
import { appuntamenti as a, appuntamentiTecnici, promemoriaInviati } from '../../../platform/db/schema-schedule.js';

/** Reminder attempts per technician and start (the first and 2 retries). */
export const REMINDER_ATTEMPTS = 3;

/** Appointments (every company) whose reminder is due now and whose start is still ahead. */
export async function dueReminders(db: DbOrTx, now: Date) {
  return db
    .select({
      id: a.id,
      aziendaId: a.aziendaId,
      titolo: a.titolo,
      note: a.note,
      inizio: a.inizio,
      tuttoIlGiorno: a.tuttoIlGiorno,
      cliente: clienti.ragioneSociale,
      citta: clienti.citta,
      indirizzo: clienti.indirizzo,
      timezone: aziende.timezone,
    })
    .from(a)
    .innerJoin(clienti, and(eq(clienti.aziendaId, a.aziendaId), eq(clienti.id, a.clienteId)))
    .innerJoin(aziende, eq(aziende.id, a.aziendaId))
    .where(
      and(
        isNotNull(a.promemoriaMinuti),
        isNull(a.promemoriaInviatoAt),
        gt(a.inizio, now),
        lte(sql`${a.inizio} - make_interval(mins => ${a.promemoriaMinuti})`, now),
      ),
    )
    .limit(500);
}

export async function techniciansOf(db: DbOrTx, aziendaId: string, appuntamentoId: string) {
  return db
    .select({ id: utenti.id, email: utenti.email, lingua: utenti.lingua, name: utenti.name })
    .from(appuntamentiTecnici)
    .innerJoin(utenti, eq(utenti.id, appuntamentiTecnici.utenteId))
    .where(
      and(
        eq(appuntamentiTecnici.aziendaId, aziendaId),
        eq(appuntamentiTecnici.appuntamentoId, appuntamentoId),
        eq(utenti.aziendaId, aziendaId),
      ),
    );
}

/**
 * Claims one technician's reminder for this start, before sending: a new row, or a failed one with
 * attempts left. Answers false when another run has it (sent, being sent, or given up).
 */
export async function claim(
  db: DbOrTx,
  k: { aziendaId: string; appuntamentoId: string; utenteId: string; inizio: Date },
): Promise<boolean> {
  const rows = await db
    .insert(promemoriaInviati)
    .values({ ...k, stato: 'in_invio', tentativi: 1 })
    .onConflictDoUpdate({
      target: [promemoriaInviati.appuntamentoId, promemoriaInviati.utenteId, promemoriaInviati.inizio],
      set: { stato: 'in_invio', tentativi: sql`${promemoriaInviati.tentativi} + 1`, errore: null },
      setWhere: sql`${promemoriaInviati.stato} = 'errore' and ${promemoriaInviati.tentativi} < ${REMINDER_ATTEMPTS}`,
    })
    .returning({ tentativi: promemoriaInviati.tentativi });
  return rows.length > 0;
}

const key = (k: { appuntamentoId: string; utenteId: string; inizio: Date }) =>
  and(
    eq(promemoriaInviati.appuntamentoId, k.appuntamentoId),
    eq(promemoriaInviati.utenteId, k.utenteId),
    eq(promemoriaInviati.inizio, k.inizio),
  );

export async function markSent(db: DbOrTx, k: { appuntamentoId: string; utenteId: string; inizio: Date }) {
  await db.update(promemoriaInviati).set({ stato: 'inviato', inviatoAt: new Date() }).where(key(k));
}

export async function markFailed(
  db: DbOrTx,
  k: { appuntamentoId: string; utenteId: string; inizio: Date },
  errore: string,
) {
  await db.update(promemoriaInviati).set({ stato: 'errore', errore }).where(key(k));
}

/** Whether a technician's reminder for this start may still be tried (none yet, or failed with attempts left). */
export async function pending(db: DbOrTx, appuntamentoId: string, inizio: Date, utenteIds: string[]) {
  const rows = await db
    .select({
      utenteId: promemoriaInviati.utenteId,
      stato: promemoriaInviati.stato,
      tentativi: promemoriaInviati.tentativi,
    })
    .from(promemoriaInviati)
    .where(and(eq(promemoriaInviati.appuntamentoId, appuntamentoId), eq(promemoriaInviati.inizio, inizio)));
  const done = new Set(
    rows.filter((r) => r.stato !== 'errore' || r.tentativi >= REMINDER_ATTEMPTS).map((r) => r.utenteId),
  );
  return utenteIds.filter((u) => !done.has(u));
}

/** The marker: every technician's reminder for this start is done (only while the start is the same). */
export async function markAppointmentDone(db: DbOrTx, aziendaId: string, id: string, inizio: Date) {
  await db
    .update(a)
    .set({ promemoriaInviatoAt: new Date() })
    .where(and(eq(a.aziendaId, aziendaId), eq(a.id, id), eq(a.inizio, inizio)));
}
