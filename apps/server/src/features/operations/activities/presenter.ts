import type { Activity, Occurrence, OccurrenceState } from '@fs/contract';
import type { OccurrenceRow } from './occurrences-repo.js';
import type { ActivityRow } from './repo.js';
import { frequencyOf } from './save.js';

/**
 * The state of an occurrence on `today` (the company's calendar; the planner's range computes the same in SQL): fatta once its report closed; scaduta when
 * undone and its day (planned, else due) is past; pianificata with a report or a planned day; else da_fare.
 */
export function statoOf(
  o: Pick<OccurrenceRow, 'fattaAt' | 'data' | 'dataPianificata' | 'rapportinoId'>,
  today: string,
): OccurrenceState {
  if (o.fattaAt) return 'fatta';
  if ((o.dataPianificata ?? o.data) < today) return 'scaduta';
  if (o.rapportinoId || o.dataPianificata) return 'pianificata';
  return 'da_fare';
}

export const toOccorrenza = (o: OccurrenceRow, today: string): Occurrence => ({
  id: o.id,
  attivita_id: o.attivitaId,
  contratto_id: o.contrattoId,
  data: o.data,
  data_pianificata: o.dataPianificata,
  rapportino_id: o.rapportinoId,
  fatta_at: o.fattaAt?.toISOString() ?? null,
  stato: statoOf(o, today),
});

export function toAttivita(
  a: ActivityRow,
  links: {
    controlli: { id: string; nomeCampo: string }[];
    macchinari: { id: string; nome: string; matricola: string }[];
    date: Occurrence[];
  },
): Activity {
  return {
    id: a.id,
    contratto_id: a.contrattoId,
    nome: a.descrizione,
    mansione: a.mansioneId ? { id: a.mansioneId, nome: a.mansione ?? '' } : null,
    impianto: a.impiantoId ? { id: a.impiantoId, nome: a.impianto ?? '' } : null,
    controlli: links.controlli.map((c) => ({ id: c.id, nome_campo: c.nomeCampo })),
    macchinari: links.macchinari.map((m) => ({ id: m.id, nome: m.nome, matricola: m.matricola })),
    frequenza: frequencyOf(a),
    regole: a.regole,
    durata_minuti: a.durataMinuti,
    note: a.note,
    contratto_date: links.date,
  };
}
