import { formatDay, type ScheduleWarning } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import * as repo from './repo.js';
import { daysBetween } from './time.js';

/**
 * The planner's confirmable warnings (spec operations 5): an activity occurrence moved beyond its
 * maximum delay (the activity's rule, else the contract's), a job role a technician does not hold,
 * a technician with another appointment at the same time.
 */
export async function warningsOf(
  db: DbOrTx,
  aziendaId: string,
  w: {
    id?: string;
    tecnici: string[];
    names: Map<string, string>;
    mansioneId: string | null;
    inizio: Date | null;
    fine: Date | null;
    occurrence?: { id: string; data: string; ritardoMassimo: number | null } | undefined;
    plannedDay: string | null;
  },
): Promise<ScheduleWarning[]> {
  const out: ScheduleWarning[] = [];
  const o = w.occurrence;
  if (o && w.plannedDay && o.ritardoMassimo !== null) {
    const late = daysBetween(o.data, w.plannedDay);
    if (late > o.ritardoMassimo) {
      out.push({
        codice: 'ritardo_attivita',
        message: `L'attività scade il ${formatDay(o.data)}: pianificata ${late} giorni dopo (ritardo massimo ${o.ritardoMassimo})`,
        attivita_data_id: o.id,
        data: o.data,
        data_pianificata: w.plannedDay,
        ritardo_giorni: late,
        ritardo_massimo_giorni: o.ritardoMassimo,
      });
    }
  }
  if (w.mansioneId) {
    for (const t of await repo.withoutJobRole(db, aziendaId, w.tecnici, w.mansioneId)) {
      out.push({
        codice: 'mansione_tecnico',
        message: `${w.names.get(t) ?? 'Il tecnico'} non svolge questa mansione`,
        tecnico_id: t,
        mansione_id: w.mansioneId,
      });
    }
  }
  if (w.inizio && w.fine) {
    const seen = new Set<string>();
    for (const x of await repo.overlaps(db, aziendaId, w.tecnici, w.inizio, w.fine, w.id)) {
      if (seen.has(x.utenteId)) continue;
      seen.add(x.utenteId);
      out.push({
        codice: 'sovrapposizione',
        message: `${w.names.get(x.utenteId) ?? 'Il tecnico'} ha già un appuntamento in questo orario`,
        tecnico_id: x.utenteId,
        appuntamento_id: x.appuntamentoId,
      });
    }
  }
  return out;
}
