import {
  CONTRACT_MAX,
  contractInput,
  CONTRACT_PRICE_ITEMS,
  type Contract,
  type ContractInput,
  type ContractInputParsed,
  type ContractPrices,
  type ContractType,
} from '@fs/contract';
import { decimalText } from '../../../app/components/DecimalInput';
import { activityInputOf, type ActivityDraft } from './activity-form';

export type VocePrezzo = (typeof CONTRACT_PRICE_ITEMS)[number];

/** The contract as the wizard and the edit form hold it: decimals as typed (Italian), numbers maybe empty. */
export interface ContractForm {
  cliente_id: string | null;
  /** The customer's name, for the summary. */
  cliente: string;
  identificativo: string;
  descrizione: string;
  tipo: ContractType | null;
  data_inizio: string;
  data_fine: string;
  ore_contratto: string;
  impianti: string[];
  macchinari: string[];
  mansioni: string[];
  attivita: ActivityDraft[];
  rinnovo_automatico: boolean;
  mesi_rinnovo: number | '';
  giorni_preavviso_rinnovo: number | '';
  avviso_cliente: boolean;
  email_avviso: string;
  ritardo_massimo_giorni: number | '';
  abilitaPrezziContratto: boolean;
  prezzi: Record<VocePrezzo, string>;
}

/** The wizard's steps; the last (summary) holds no field. */
export const STEPS = ['info', 'contract', 'settings', 'summary'] as const;
export type Step = (typeof STEPS)[number];

const emptyPrices = () => Object.fromEntries(CONTRACT_PRICE_ITEMS.map((v) => [v, ''])) as Record<VocePrezzo, string>;

export function emptyContract(): ContractForm {
  return {
    cliente_id: null,
    cliente: '',
    identificativo: '',
    descrizione: '',
    tipo: null,
    data_inizio: '',
    data_fine: '',
    ore_contratto: '',
    impianti: [],
    macchinari: [],
    mansioni: [],
    attivita: [],
    rinnovo_automatico: false,
    mesi_rinnovo: '',
    giorni_preavviso_rinnovo: '',
    avviso_cliente: false,
    email_avviso: '',
    ritardo_massimo_giorni: '',
    abilitaPrezziContratto: false,
    prezzi: emptyPrices(),
  };
}

/** A saved contract in the edit form (its activities are edited on their own tab). */
export function contractFormOf(c: Contract): ContractForm {
  const prezzi = emptyPrices();
  for (const v of CONTRACT_PRICE_ITEMS) {
    const value = c.prezzi?.[v];
    if (value !== null && value !== undefined) prezzi[v] = decimalText(value, v !== 'materiale');
  }
  return {
    cliente_id: c.cliente_id,
    cliente: c.cliente,
    identificativo: c.identificativo,
    descrizione: c.descrizione ?? '',
    tipo: c.tipo,
    data_inizio: c.data_inizio ?? '',
    data_fine: c.data_fine ?? '',
    ore_contratto: decimalText(c.ore_contratto),
    impianti: c.impianti.map((i) => i.id),
    macchinari: c.macchinari.map((m) => m.id),
    mansioni: c.mansioni.map((m) => m.id),
    attivita: [],
    rinnovo_automatico: c.rinnovo_automatico,
    mesi_rinnovo: c.mesi_rinnovo ?? '',
    giorni_preavviso_rinnovo: c.giorni_preavviso_rinnovo ?? '',
    avviso_cliente: c.avviso_cliente,
    email_avviso: c.email_avviso ?? '',
    ritardo_massimo_giorni: c.regole?.ritardo_massimo_giorni ?? '',
    abilitaPrezziContratto: c.abilitaPrezziContratto,
    prezzi,
  };
}

const orNull = (v: number | '') => (v === '' ? null : v);

/** The body of POST /contratti/contratto/create: a new contract with its activities, or an update (id, no activities). */
export function contractInputOf(f: ContractForm, id?: string): ContractInput {
  const prezzi: Partial<Record<VocePrezzo, string>> = {};
  for (const v of CONTRACT_PRICE_ITEMS) if (f.prezzi[v].trim() !== '') prezzi[v] = f.prezzi[v];
  return {
    ...(id ? { id } : {}),
    cliente_id: f.cliente_id ?? (undefined as unknown as string),
    identificativo: f.identificativo,
    descrizione: f.descrizione,
    tipo: f.tipo ?? (undefined as unknown as ContractType),
    data_inizio: f.data_inizio,
    data_fine: f.data_fine,
    ore_contratto: f.tipo === 'chiamata' && f.ore_contratto.trim() !== '' ? f.ore_contratto : null,
    rinnovo_automatico: f.rinnovo_automatico,
    mesi_rinnovo: f.rinnovo_automatico ? orNull(f.mesi_rinnovo) : null,
    giorni_preavviso_rinnovo: orNull(f.giorni_preavviso_rinnovo),
    avviso_cliente: f.avviso_cliente,
    email_avviso: f.email_avviso.trim(),
    impianti: f.impianti,
    macchinari: f.macchinari,
    mansioni: f.mansioni,
    regole: f.ritardo_massimo_giorni === '' ? null : { ritardo_massimo_giorni: f.ritardo_massimo_giorni },
    abilitaPrezziContratto: f.abilitaPrezziContratto,
    prezzi: Object.keys(prezzi).length ? (prezzi as ContractPrices) : null,
    ...(id ? {} : { attivita: f.attivita.map(activityInputOf) }),
  };
}

const INFO_FIELDS = ['cliente_id', 'identificativo', 'descrizione', 'tipo'];
const CONTRACT_FIELDS = ['data_inizio', 'data_fine', 'ore_contratto', 'impianti', 'macchinari', 'mansioni', 'attivita'];

/** The step that holds a field (a server's or zod's path: "prezzi.ora", "attivita.0.frequenza.ogni"). */
export function stepOfField(path: string): Step {
  const root = path.split('.')[0]!;
  if (INFO_FIELDS.includes(root)) return 'info';
  if (CONTRACT_FIELDS.includes(root)) return 'contract';
  return 'settings';
}

/** The first step (in the wizard's order) that holds one of the errors; null without errors. */
export function firstStepWithError(errors: Record<string, string>): Step | null {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return STEPS.find((s) => steps.has(s)) ?? null;
}

/** The client's messages that the wire schema does not carry (the caller translates). */
export interface RuleMessages {
  required: string;
  endBeforeStart: string;
  tooLong: string;
  hoursRequired: string;
}

/** Years between two ISO dates, as a calendar difference (for the longest period allowed). */
function yearsBetween(a: string, b: string): number {
  const [ya, ma, da] = a.split('-').map(Number) as [number, number, number];
  const [yb, mb, db] = b.split('-').map(Number) as [number, number, number];
  return yb - ya - (mb < ma || (mb === ma && db < da) ? 1 : 0);
}

/**
 * Everything wrong with the form by field path, by the wire schema's rules (the server's own
 * messages) and the rules it checks on the whole: the end not before the start, a period of at
 * most 10 years, the hours of an on-call contract.
 */
export function validateContract(f: ContractForm, m: RuleMessages, id?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const r = contractInput.safeParse(contractInputOf(f, id));
  if (!r.success)
    for (const issue of r.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  if (!f.cliente_id) errors.cliente_id = m.required;
  if (!f.tipo) errors.tipo = m.required;
  if (!f.data_inizio) errors.data_inizio = m.required;
  if (!f.data_fine) errors.data_fine = m.required;
  if (f.data_inizio && f.data_fine && !errors.data_inizio && !errors.data_fine) {
    if (f.data_fine < f.data_inizio) errors.data_fine = m.endBeforeStart;
    else if (yearsBetween(f.data_inizio, f.data_fine) >= CONTRACT_MAX.anni) errors.data_fine = m.tooLong;
  }
  if (f.tipo === 'chiamata' && f.ore_contratto.trim() === '') errors.ore_contratto ??= m.hoursRequired;
  return errors;
}

/** The problems of one step only (what keeps the wizard from going on). */
export function validateStep(step: Step, f: ContractForm, m: RuleMessages): Record<string, string> {
  const all = validateContract(f, m);
  return Object.fromEntries(Object.entries(all).filter(([path]) => stepOfField(path) === step));
}

/** The parsed body (canonical decimals, null emails) ready to send; null when the form is not valid. */
export function parsedInput(f: ContractForm, id?: string): ContractInputParsed | null {
  const r = contractInput.safeParse(contractInputOf(f, id));
  return r.success ? r.data : null;
}
