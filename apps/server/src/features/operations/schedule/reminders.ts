import { formatLongDateTime } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/job-registry.js';
import { companySend } from '../../company/index.js';
import * as repo from './reminder-repo.js';

/**
 * Appointment reminders (issue 14): a cron every minute finds the appointments whose reminder is due
 * (start − minuti_prima, start still ahead) and mails each technician once per start. A row of
 * promemoria_inviati keyed on (appointment, technician, start) is claimed before sending, so a
 * second run, a concurrent worker or a restart never sends it twice; moving the appointment makes a
 * new start and so a new reminder. A failed sending is tried again on the next runs (3 attempts).
 */
export const REMINDER_QUEUE = 'schedule-reminders';

const TEXTS = {
  IT: {
    subject: (t: string) => `Promemoria appuntamento: ${t}`,
    body: (t: string, when: string, where: string) =>
      `Promemoria: appuntamento "${t}" il ${when}${where ? ` presso ${where}` : ''}.`,
  },
  EN: {
    subject: (t: string) => `Appointment reminder: ${t}`,
    body: (t: string, when: string, where: string) =>
      `Reminder: appointment "${t}" on ${when}${where ? ` at ${where}` : ''}.`,
  },
};

function whenText(at: Date, tz: string, allDay: boolean, lingua: string) {
  return formatLongDateTime(at, lingua === 'EN' ? 'EN' : 'IT', tz, !allDay);
}

/** One run: every due reminder (the cron's job; tests call it directly, twice). */
export async function runReminders(deps: Deps, now = deps.clock.now()): Promise<number> {
  let sent = 0;
  for (const ap of await repo.dueReminders(deps.db, now)) {
    const inizio = ap.inizio!;
    const tecnici = await repo.techniciansOf(deps.db, ap.aziendaId, ap.id);
    const send = await companySend(deps, ap.aziendaId);
    for (const t of tecnici) {
      if (!t.email) continue;
      const k = { aziendaId: ap.aziendaId, appuntamentoId: ap.id, utenteId: t.id, inizio };
      if (!(await repo.claim(deps.db, k))) continue;
      const tx = t.lingua === 'EN' ? TEXTS.EN : TEXTS.IT;
      const where = [ap.cliente, ap.indirizzo, ap.citta].filter(Boolean).join(', ');
      try {
        await send({
          to: t.email,
          subject: tx.subject(ap.titolo),
          text: tx.body(ap.titolo, whenText(inizio, ap.timezone, ap.tuttoIlGiorno, t.lingua), where),
        });
        await repo.markSent(deps.db, k);
        sent++;
      } catch (e) {
        deps.log.warn({ err: e, appuntamento: ap.id }, 'reminder not sent');
        await repo.markFailed(deps.db, k, ((e as Error).message || String(e)).slice(0, 500));
      }
    }
    const withMail = tecnici.filter((t) => t.email).map((t) => t.id);
    if (!(await repo.pending(deps.db, ap.id, inizio, withMail)).length)
      await repo.markAppointmentDone(deps.db, ap.aziendaId, ap.id, inizio);
  }
  return sent;
}

export const reminderJob = defineJob<Record<string, never>>({
  queue: REMINDER_QUEUE,
  run: async (deps) => {
    await runReminders(deps);
  },
  cron: { expression: '* * * * *', data: {} },
});
