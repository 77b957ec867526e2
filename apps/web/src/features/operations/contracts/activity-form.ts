import {
  activityInput,
  type Activity,
  type ActivityInput,
  type Frequency,
  type FrequencyInput,
  type FrequencyUnit,
} from '@fs/contract';
import { formatDate } from '../../../app/format';

/** An activity as its editor holds it (numbers may be empty while typing; the dates of every frequency kept). */
export interface ActivityDraft {
  /** Local key of the list (the saved id, or a new one). */
  key: string;
  id?: string;
  nome: string;
  mansione_id: string | null;
  impianto_id: string | null;
  controlli: string[];
  macchinari: string[];
  tipo: Frequency;
  ogni: number | '';
  unita: FrequencyUnit;
  /** First date of a fixed frequency ('' = the contract's start). */
  data_inizio: string;
  /** Dates of a variable frequency. */
  date: string[];
  /** The date of a single-date activity. */
  data: string;
  ritardo_massimo_giorni: number | '';
  durata_minuti: number | '';
  note: string;
  /** The dates the server generated for this frequency (the preview), when known. */
  anteprima: string[] | null;
}

export type ActivityTab = 'config' | 'dates' | 'appointments';

let seq = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(seq++).toString(36)}`;

export function emptyActivity(): ActivityDraft {
  return {
    key: newKey(),
    nome: '',
    mansione_id: null,
    impianto_id: null,
    controlli: [],
    macchinari: [],
    tipo: 'fissa',
    ogni: 1,
    unita: 'mesi',
    data_inizio: '',
    date: [],
    data: '',
    ritardo_massimo_giorni: '',
    durata_minuti: 60,
    note: '',
    anteprima: null,
  };
}

/** A saved activity in its editor. */
export function activityDraftOf(a: Activity): ActivityDraft {
  const f = a.frequenza;
  return {
    ...emptyActivity(),
    key: a.id,
    id: a.id,
    nome: a.nome,
    mansione_id: a.mansione?.id ?? null,
    impianto_id: a.impianto?.id ?? null,
    controlli: a.controlli.map((c) => c.id),
    macchinari: a.macchinari.map((m) => m.id),
    tipo: f.tipo,
    ogni: f.tipo === 'fissa' ? f.ogni : 1,
    unita: f.tipo === 'fissa' ? f.unita : 'mesi',
    data_inizio: f.tipo === 'fissa' ? (f.data_inizio ?? '') : '',
    date: f.tipo === 'variabile' ? [...f.date] : [],
    data: f.tipo === 'data_singola' ? f.data : '',
    ritardo_massimo_giorni: a.regole?.ritardo_massimo_giorni ?? '',
    durata_minuti: a.durata_minuti,
    note: a.note ?? '',
    anteprima: a.contratto_date.map((d) => d.data),
  };
}

/** The frequency as the wire takes it (empty numbers sent as missing, so zod names them). */
export function frequenzaOf(d: ActivityDraft): FrequencyInput {
  if (d.tipo === 'variabile') return { tipo: 'variabile', date: [...d.date].sort() };
  if (d.tipo === 'data_singola') return { tipo: 'data_singola', data: d.data };
  return {
    tipo: 'fissa',
    ogni: d.ogni === '' ? (undefined as unknown as number) : d.ogni,
    unita: d.unita,
    data_inizio: d.data_inizio || null,
  };
}

export function activityInputOf(d: ActivityDraft): ActivityInput {
  return {
    ...(d.id ? { id: d.id } : {}),
    nome: d.nome,
    mansione_id: d.mansione_id,
    impianto_id: d.impianto_id,
    controlli: d.controlli,
    macchinari: d.macchinari,
    frequenza: frequenzaOf(d),
    regole: d.ritardo_massimo_giorni === '' ? null : { ritardo_massimo_giorni: d.ritardo_massimo_giorni },
    durata_minuti: d.durata_minuti === '' ? (undefined as unknown as number) : d.durata_minuti,
    note: d.note,
  };
}

/** Which tab of the editor holds a field of an activity (its path inside the activity). */
export function tabOfActivityField(path: string): ActivityTab {
  return path.startsWith('frequenza') ? 'dates' : 'config';
}

/** The server's errors of one activity sent in a list (`attivita.0.nome`) as the editor's own paths (`nome`). */
export function activityErrorsOf(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^attivita\.\d+\./, ''), v]));
}

/** The activity's problems by field path ("nome", "frequenza.ogni"), by the wire's own rules. */
export function validateActivity(d: ActivityDraft): Record<string, string> {
  const r = activityInput.safeParse(activityInputOf(d));
  const errors: Record<string, string> = {};
  if (r.success) return errors;
  for (const issue of r.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** How many dates the activity has, when known: the preview's, else the variable list's or the single date. */
export function dateCount(d: ActivityDraft): number | null {
  if (d.anteprima) return d.anteprima.length;
  if (d.tipo === 'variabile') return d.date.length;
  if (d.tipo === 'data_singola') return d.data ? 1 : 0;
  return null;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The frequency in words: "Ogni 3 mesi dal 01/02/2026", "4 date variabili", "Data singola: 23/11/2026". */
export function frequencyText(f: FrequencyInput, t: T): string {
  if (f.tipo === 'variabile') return t('contracts.frequency.variableText', { count: f.date.length });
  if (f.tipo === 'data_singola') return t('contracts.frequency.singleText', { date: formatDate(f.data) ?? '' });
  const every = t(`contracts.frequency.every.${f.unita}`, { count: f.ogni });
  return f.data_inizio ? t('contracts.frequency.fixedFrom', { every, date: formatDate(f.data_inizio) ?? '' }) : every;
}
