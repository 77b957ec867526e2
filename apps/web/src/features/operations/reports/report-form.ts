import { todayIn, type Report } from '@fs/contract';
import type { SaveBody } from './api';
import { decimalText } from '../../../app/components/DecimalInput';
import { appointmentInstant, appointmentParts, appointmentTimeMissing } from './appointment';

/** A worked day as the form holds it (decimals as typed, read by the server as the field's rule does: decision 0022). */
export interface DayState {
  /** The saved line's id (null: a day added here): the server matches lines by it and keeps what it holds. */
  id: string | null;
  data: string;
  tecnico_id: string;
  totale_ore: string;
  ore_mattina: string;
  ore_pomeriggio: string;
  inizio_mattina: string;
  fine_mattina: string;
  inizio_pomeriggio: string;
  fine_pomeriggio: string;
  pranzo: boolean;
  cena: boolean;
  pernottamento: boolean;
  km_viaggio: string;
  ore_viaggio: string;
  ritorno: boolean;
  prezzoImpostato: string;
}

export interface MaterialState {
  /** The saved line's id (null: a line added here): the server matches lines by it and keeps its prices. */
  id: string | null;
  articolo_id: string | null;
  codice: string;
  descrizione: string;
  quantita: string;
  unita: string;
  importo_unitario: string;
  costo_acquisto: string;
  prezzo_netto: string;
}

/** The report's own set prices (gestionePrezziIntervento) as typed. */
export interface OwnPricesState {
  forfait: boolean;
  importo_forfait: string;
  prezzo_ora: string;
  prezzo_ora_viaggio: string;
  prezzo_km: string;
  diritto_chiamata: string;
}

export interface FormState {
  cliente_id: string | null;
  cliente: string;
  impianto_id: string | null;
  macchinari_ids: string[];
  tecnici_ids: string[];
  mansione_id: string | null;
  tipo_intervento: string | null;
  motivazione: string;
  data_apertura: string;
  /** The appointment's day (YYYY-MM-DD) and time (HH:MM) on the clock of Rome; '' when not set. */
  data_appuntamento: string;
  ora_appuntamento: string;
  cliente_fatturazione_id: string | null;
  cliente_fatturazione: string;
  contratto_id: string | null;
  contrassegnato: boolean;
  in_remoto: boolean;
  pianificato_remoto: boolean;
  /** null: no prices of its own (contract, technician and company prices apply). */
  gestione: OwnPricesState | null;
  richiesta_iniziale: string;
  note: string;
  giornate: DayState[];
  materiali: MaterialState[];
  controlli: { controllo_id: string; descrizione: string; esito: 'ok' | 'ko' | 'na' | null; note: string }[];
  campi: Record<string, string>;
}

/** A decimal of the API as the form shows it: the Italian way ("2,5"), money with its cents ("45,00"). */
const it = (v: string | null | undefined) => decimalText(v, false, 4);
const money = (v: string | null | undefined) => decimalText(v, true);

/** Today in the company's zone by the caller's clock (tests pass their own `now`). */
export const todayIso = (zone: string, now: Date = new Date()) => todayIn(zone, now);

/** A new working day of a technician on `data` (YYYY-MM-DD; the caller's today when it has no other). */
export function emptyDay(tecnico_id: string, data: string): DayState {
  return {
    id: null,
    data,
    tecnico_id,
    totale_ore: '',
    ore_mattina: '',
    ore_pomeriggio: '',
    inizio_mattina: '',
    fine_mattina: '',
    inizio_pomeriggio: '',
    fine_pomeriggio: '',
    pranzo: false,
    cena: false,
    pernottamento: false,
    km_viaggio: '',
    ore_viaggio: '',
    ritorno: false,
    prezzoImpostato: '',
  };
}

export const emptyMaterial = (): MaterialState => ({
  id: null,
  articolo_id: null,
  codice: '',
  descrizione: '',
  quantita: '1',
  unita: '',
  importo_unitario: '',
  costo_acquisto: '',
  prezzo_netto: '',
});

export const emptyOwnPrices = (): OwnPricesState => ({
  forfait: false,
  importo_forfait: '',
  prezzo_ora: '',
  prezzo_ora_viaggio: '',
  prezzo_km: '',
  diritto_chiamata: '',
});

/** A new report's form: opened today in the company's `zone` (by the clock `now`). */
export function emptyForm(zone: string, now: Date = new Date()): FormState {
  return {
    cliente_id: null,
    cliente: '',
    impianto_id: null,
    macchinari_ids: [],
    tecnici_ids: [],
    mansione_id: null,
    tipo_intervento: null,
    motivazione: '',
    data_apertura: todayIso(zone, now),
    data_appuntamento: '',
    ora_appuntamento: '',
    cliente_fatturazione_id: null,
    cliente_fatturazione: '',
    contratto_id: null,
    contrassegnato: false,
    in_remoto: false,
    pianificato_remoto: false,
    gestione: null,
    richiesta_iniziale: '',
    note: '',
    giornate: [],
    materiali: [],
    controlli: [],
    campi: {},
  };
}

/** The form's state of a saved report (its appointment read on the company's `zone`). */
export function formOf(r: Report, zone: string): FormState {
  return {
    cliente_id: r.cliente_id,
    cliente: r.cliente,
    impianto_id: r.impianto_id,
    macchinari_ids: r.macchinari_ids,
    tecnici_ids: r.tecnici_ids,
    mansione_id: r.mansione_id,
    tipo_intervento: r.tipo_intervento,
    motivazione: r.motivazione ?? '',
    data_apertura: r.data_apertura,
    data_appuntamento: appointmentParts(r.data_appuntamento, zone).date,
    ora_appuntamento: appointmentParts(r.data_appuntamento, zone).time,
    cliente_fatturazione_id: r.cliente_fatturazione_id,
    cliente_fatturazione: r.cliente_fatturazione ?? '',
    contratto_id: r.contratto_id,
    contrassegnato: r.contrassegnato,
    in_remoto: r.in_remoto,
    pianificato_remoto: r.pianificato_remoto,
    gestione: r.gestionePrezziIntervento
      ? {
          forfait: r.gestionePrezziIntervento.forfait,
          importo_forfait: money(r.gestionePrezziIntervento.importo_forfait),
          prezzo_ora: money(r.gestionePrezziIntervento.prezzo_ora),
          prezzo_ora_viaggio: money(r.gestionePrezziIntervento.prezzo_ora_viaggio),
          prezzo_km: money(r.gestionePrezziIntervento.prezzo_km),
          diritto_chiamata: money(r.gestionePrezziIntervento.diritto_chiamata),
        }
      : null,
    richiesta_iniziale: r.richiesta_iniziale ?? '',
    note: r.note ?? '',
    giornate: r.giornate.map((g) => ({
      id: g.id,
      data: g.data,
      tecnico_id: g.tecnico_id,
      totale_ore: it(g.totale_ore),
      ore_mattina: it(g.ore_mattina),
      ore_pomeriggio: it(g.ore_pomeriggio),
      inizio_mattina: g.inizio_mattina ?? '',
      fine_mattina: g.fine_mattina ?? '',
      inizio_pomeriggio: g.inizio_pomeriggio ?? '',
      fine_pomeriggio: g.fine_pomeriggio ?? '',
      pranzo: g.pranzo === 'S',
      cena: g.cena === 'S',
      pernottamento: g.pernottamento === 'S',
      km_viaggio: it(g.km_viaggio),
      ore_viaggio: it(g.ore_viaggio),
      ritorno: g.ritorno,
      prezzoImpostato: money(g.prezzoImpostato),
    })),
    materiali: r.materiali.map((m) => ({
      id: m.id,
      articolo_id: m.articolo_id,
      codice: m.codice ?? '',
      descrizione: m.descrizione,
      quantita: it(m.quantita),
      unita: m.unita ?? '',
      importo_unitario: money(m.importo_unitario),
      costo_acquisto: money(m.costo_acquisto),
      prezzo_netto: money(m.prezzo_netto),
    })),
    controlli: r.controlli.map((c) => ({ ...c, note: c.note ?? '' })),
    campi: Object.fromEntries(
      r.campi_personalizzati.map((c) => [c.campo_id, c.tipo === 'numero' ? it(c.valore) : (c.valore ?? '')]),
    ),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The save body of the form (the whole report: the server replaces its lines, matching days and
 * materials by their ids). Prices — the report's own, the materials' and the days' set prices — are
 * sent only by who may set them (`withPrices`, the prices permission); left out, the server keeps
 * the report's and a kept line's, and prices a new line from its article. The appointment is typed on
 * the company's `zone`.
 */
export function bodyOf(f: FormState, zone: string, id?: string, withPrices = false): SaveBody {
  const g = f.gestione;
  return {
    ...(id ? { id } : {}),
    cliente_id: f.cliente_id ?? '',
    impianto_id: f.impianto_id,
    macchinari_ids: f.macchinari_ids,
    tecnici_ids: f.tecnici_ids,
    mansione_id: f.mansione_id,
    tipo_intervento: f.tipo_intervento as SaveBody['tipo_intervento'],
    motivazione: orNull(f.motivazione),
    data_apertura: f.data_apertura,
    richiesta_iniziale: orNull(f.richiesta_iniziale),
    note: orNull(f.note),
    data_appuntamento: appointmentInstant(f.data_appuntamento, f.ora_appuntamento, zone),
    cliente_fatturazione_id: f.cliente_fatturazione_id,
    contratto_id: f.contratto_id,
    contrassegnato: f.contrassegnato,
    in_remoto: f.in_remoto,
    pianificato_remoto: f.pianificato_remoto,
    ...(withPrices
      ? {
          gestionePrezziIntervento: g
            ? {
                forfait: g.forfait,
                importo_forfait: orNull(g.importo_forfait),
                prezzo_ora: orNull(g.prezzo_ora),
                prezzo_ora_viaggio: orNull(g.prezzo_ora_viaggio),
                prezzo_km: orNull(g.prezzo_km),
                diritto_chiamata: orNull(g.diritto_chiamata),
              }
            : null,
        }
      : {}),
    giornate: f.giornate.map((g) => ({
      ...(g.id ? { id: g.id } : {}),
      data: g.data,
      tecnico_id: g.tecnico_id,
      totale_ore: orNull(g.totale_ore),
      ore_mattina: orNull(g.ore_mattina),
      ore_pomeriggio: orNull(g.ore_pomeriggio),
      inizio_mattina: orNull(g.inizio_mattina),
      fine_mattina: orNull(g.fine_mattina),
      inizio_pomeriggio: orNull(g.inizio_pomeriggio),
      fine_pomeriggio: orNull(g.fine_pomeriggio),
      pranzo: g.pranzo ? 'S' : 'N',
      cena: g.cena ? 'S' : 'N',
      pernottamento: g.pernottamento ? 'S' : 'N',
      km_viaggio: orNull(g.km_viaggio),
      ore_viaggio: orNull(g.ore_viaggio),
      ritorno: g.ritorno,
      ...(withPrices ? { prezzoImpostato: orNull(g.prezzoImpostato) } : {}),
    })),
    materiali: f.materiali.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      articolo_id: m.articolo_id,
      codice: orNull(m.codice),
      descrizione: m.descrizione,
      quantita: m.quantita,
      unita: orNull(m.unita),
      ...(withPrices
        ? {
            importo_unitario: orNull(m.importo_unitario),
            costo_acquisto: orNull(m.costo_acquisto),
            prezzo_netto: orNull(m.prezzo_netto),
          }
        : {}),
    })),
    controlli: f.controlli.map((c) => ({ controllo_id: c.controllo_id, esito: c.esito, note: orNull(c.note) })),
    campi_personalizzati: Object.entries(f.campi).map(([campo_id, valore]) => ({ campo_id, valore: orNull(valore) })),
  };
}

/** What the form refuses before sending (the server checks the rest): a customer, an appointment's time. */
export function formProblems(f: FormState): Partial<Record<'cliente_id' | 'ora_appuntamento', 'required'>> {
  return {
    ...(f.cliente_id ? {} : { cliente_id: 'required' as const }),
    ...(appointmentTimeMissing(f.data_appuntamento, f.ora_appuntamento)
      ? { ora_appuntamento: 'required' as const }
      : {}),
  };
}

/**
 * The server's error paths a change of the form touches: a field's own key, a custom field's or a
 * check's id, a line's index (every line when lines were added or removed), the appointment's day
 * and time together.
 */
function touchedPaths(before: FormState, patch: Partial<FormState>): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (Object.keys(patch) as (keyof FormState)[]).flatMap((key) => {
    const old = before[key];
    const now = patch[key];
    if (same(old, now)) return [];
    if (key === 'campi') {
      const a = old as FormState['campi'];
      const b = now as FormState['campi'];
      return [...new Set([...Object.keys(a), ...Object.keys(b)])]
        .filter((id) => a[id] !== b[id])
        .map((id) => `campi_personalizzati.${id}`);
    }
    if (key === 'controlli') {
      const a = old as FormState['controlli'];
      return (now as FormState['controlli']).filter((c, i) => !same(c, a[i])).map((c) => `controlli.${c.controllo_id}`);
    }
    if (key === 'giornate' || key === 'materiali') {
      const a = old as unknown[];
      const b = now as unknown[];
      if (a.length !== b.length) return [key];
      return b.flatMap((row, i) => (same(row, a[i]) ? [] : [`${key}.${i}`]));
    }
    if (key === 'gestione') return ['gestionePrezziIntervento'];
    if (key === 'data_appuntamento' || key === 'ora_appuntamento') return ['data_appuntamento', 'ora_appuntamento'];
    return [key];
  });
}

/** The errors still true after a change: a field the user changed no longer shows its error. */
export function errorsAfterChange(
  errors: Record<string, string>,
  before: FormState,
  patch: Partial<FormState>,
): Record<string, string> {
  const paths = touchedPaths(before, patch);
  const kept = Object.entries(errors).filter(([e]) => !paths.some((p) => e === p || e.startsWith(`${p}.`)));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
