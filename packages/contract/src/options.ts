import { z } from 'zod';
import { parseDecimal } from './fields.js';
import { BILLING_PERIODS, isTrialActive, LIMITS, PAID_OPTIONS, PAYMENT_METHODS, type PaidOption } from './plans.js';
import { cardInput } from './subscription.js';
import { FLAT_RATE_MODES, MULTI_TECHNICIAN_MODES, HOURS_MODES, REPORT_CURRENCIES } from './reports.js';
import { TAX_REGIME_CODES, VAT_CODES, VAT_DEFAULT_CODE } from './vat.js';

/**
 * Company options (spec platform sections 2, 3, 7): the catalogue of every
 * option the options screen edits, grouped by section. An option is a
 * (category, subcategory) pair; each category has one main subcategory and
 * optional children (the wire item's child_options). Values travel as strings
 * and are validated against their type; the server stores one row per value
 * the company changed, defaults come from here.
 */
export const OPTION_SECTIONS = [
  'generale',
  'smtp',
  'gestionale',
  'contratti',
  'timbrature',
  'rapportini',
  'geolocalizzazione',
  'trasferte',
  'livelli_macchinari',
] as const;
export type OptionSection = (typeof OPTION_SECTIONS)[number];

export type OptionType =
  | { kind: 'flag' } // numeric flag: '0' or '1'
  | { kind: 'int'; min: number; max: number }
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'text'; max: number; optional?: boolean }
  | { kind: 'email'; optional?: boolean }
  | { kind: 'host'; optional?: boolean }
  | { kind: 'money' } // euro with 2 decimals, e.g. "25.00"
  | { kind: 'secret' }; // stored encrypted, never answered

export interface OptionDef {
  subcategory: string;
  type: OptionType;
  default: string;
}

export interface CategoryDef {
  category: string;
  section: OptionSection;
  /** The main value of the category (its subcategory is the wire item's subcategory). */
  main: OptionDef;
  children?: OptionDef[];
  /** A paid option: its main flag may be turned on only once bought. */
  paid?: PaidOption;
}

const flag = (subcategory = 'enabled', def = '0'): OptionDef => ({ subcategory, type: { kind: 'flag' }, default: def });
const int = (subcategory: string, min: number, max: number, def: number): OptionDef => ({
  subcategory,
  type: { kind: 'int', min, max },
  default: String(def),
});
const money = (subcategory: string, def: string): OptionDef => ({ subcategory, type: { kind: 'money' }, default: def });
const text = (subcategory: string, max: number, def = ''): OptionDef => ({
  subcategory,
  type: { kind: 'text', max, optional: true },
  default: def,
});

export const LANGUAGE_CODES = ['IT', 'EN', 'ES', 'FR', 'DE'] as const;
export const SMTP_SECURITY = ['none', 'starttls', 'ssl'] as const;
export const MANAGEMENT_TOOLS = ['fattureincloud', 'mexal', 'danea', 'altro'] as const;
export const ROUNDING_MINUTES = ['1', '5', '10', '15', '30', '60'] as const;
/**
 * The kind of document a report becomes in an export to the management tool (spec operations 9,
 * "generated documents"): order, delivery note, provisional invoice, invoice, intervention report.
 * The Danea EasyFatt XML writes each as its DocumentType code (decision 0024).
 */
export const DANEA_DOCUMENT_TYPES = ['ordine', 'ddt', 'proforma', 'fattura', 'rapporto_intervento'] as const;
export type DaneaDocumentType = (typeof DANEA_DOCUMENT_TYPES)[number];

export const OPTION_CATALOGUE: CategoryDef[] = [
  // general
  {
    category: 'lingua_default',
    section: 'generale',
    main: { subcategory: 'value', type: { kind: 'choice', values: LANGUAGE_CODES }, default: 'IT' },
  },
  { category: 'invio_rapportino_cliente', section: 'generale', main: flag('enabled', '1') },
  { category: 'firma_cliente_obbligatoria', section: 'generale', main: flag() },
  {
    category: 'valuta',
    section: 'generale',
    main: { subcategory: 'value', type: { kind: 'choice', values: REPORT_CURRENCIES }, default: 'EUR' },
  },
  {
    category: 'lingua_pdf',
    section: 'generale',
    main: { subcategory: 'value', type: { kind: 'choice', values: ['IT', 'EN'] }, default: 'IT' },
  },
  // SMTP of the company (mails to its customers)
  {
    category: 'smtp',
    section: 'smtp',
    main: flag(),
    children: [
      { subcategory: 'host', type: { kind: 'host', optional: true }, default: '' },
      int('port', 1, 65535, 587),
      { subcategory: 'security', type: { kind: 'choice', values: SMTP_SECURITY }, default: 'starttls' },
      text('user', 200),
      { subcategory: 'password', type: { kind: 'secret' }, default: '' },
      { subcategory: 'sender', type: { kind: 'email', optional: true }, default: '' },
    ],
  },
  // management tool integration (paid)
  {
    category: 'integrazione_gestionale',
    section: 'gestionale',
    paid: 'integrazione_gestionale',
    main: flag(),
    children: [
      { subcategory: 'gestionale', type: { kind: 'choice', values: MANAGEMENT_TOOLS }, default: 'fattureincloud' },
      text('sezionale', 20),
      flag('esporta_automatico'),
    ],
  },
  // What a report becomes in the Danea EasyFatt XML (free: the export needs no paid option).
  {
    category: 'danea_tipo_documento',
    section: 'gestionale',
    main: {
      subcategory: 'value',
      type: { kind: 'choice', values: DANEA_DOCUMENT_TYPES },
      default: 'rapporto_intervento',
    },
  },
  // The company's default VAT rates (decision 0050): goods for articles without their own rate,
  // services for labour, travel, km, allowances and the other lines that are no article.
  {
    category: 'aliquote_iva',
    section: 'gestionale',
    main: { subcategory: 'beni', type: { kind: 'choice', values: VAT_CODES }, default: VAT_DEFAULT_CODE },
    children: [{ subcategory: 'servizi', type: { kind: 'choice', values: VAT_CODES }, default: VAT_DEFAULT_CODE }],
  },
  // The company's tax regime written in the FatturaPA invoice (RegimeFiscale of the CedentePrestatore).
  {
    category: 'fatturapa_regime_fiscale',
    section: 'gestionale',
    main: { subcategory: 'value', type: { kind: 'choice', values: TAX_REGIME_CODES }, default: 'RF01' },
  },
  // contracts
  { category: 'contratti_rinnovo_automatico', section: 'contratti', main: flag() },
  { category: 'contratti_preavviso_scadenza', section: 'contratti', main: int('giorni', 0, 365, 30) },
  { category: 'contratti_genera_attivita', section: 'contratti', main: int('mesi_anticipo', 1, 24, 12) },
  // clocking
  {
    category: 'timbrature',
    section: 'timbrature',
    main: flag('enabled', '1'),
    children: [
      int('tolleranza_minuti', 0, 120, 10),
      { subcategory: 'arrotondamento_minuti', type: { kind: 'choice', values: ROUNDING_MINUTES }, default: '15' },
    ],
  },
  // reporting
  { category: 'suggerimenti_motivazione_intervento', section: 'rapportini', main: flag() },
  { category: 'riapertura_rapportini_chiusi', section: 'rapportini', main: flag() },
  { category: 'rapportini_ore_minime', section: 'rapportini', main: int('minuti', 0, 480, 0) },
  {
    category: 'rapportini_modalita_ore',
    section: 'rapportini',
    main: { subcategory: 'value', type: { kind: 'choice', values: HOURS_MODES }, default: 'libero' },
  },
  {
    category: 'rapportini_km_ore_multi_tecnico',
    section: 'rapportini',
    main: { subcategory: 'value', type: { kind: 'choice', values: MULTI_TECHNICIAN_MODES }, default: '0' },
  },
  {
    category: 'rapportini_forfait',
    section: 'rapportini',
    main: { subcategory: 'value', type: { kind: 'choice', values: FLAT_RATE_MODES }, default: 'rapportino' },
  },
  { category: 'rapportini_stampa_prezzi', section: 'rapportini', main: flag('enabled', '1') },
  // The company's default prices of a report (the last level of the pricing, report-pricing.ts).
  {
    category: 'rapportini_prezzi',
    section: 'rapportini',
    main: money('ora_lavoro', '40.00'),
    children: [
      money('ora_viaggio', '30.00'),
      money('km', '0.50'),
      money('pranzo', '15.00'),
      money('cena', '20.00'),
      money('pernottamento', '80.00'),
      money('diritto_chiamata', '0.00'),
    ],
  },
  // geolocation (paid)
  {
    category: 'geolocalizzazione',
    section: 'geolocalizzazione',
    paid: 'geolocalizzazione',
    main: flag(),
    children: [int('validita_minuti', 1, 1440, 15)],
  },
  // daily allowance (paid)
  {
    category: 'trasferte',
    section: 'trasferte',
    paid: 'trasferte',
    main: flag(),
    children: [
      { subcategory: 'importo_giornaliero', type: { kind: 'money' }, default: '0.00' },
      int('distanza_minima_km', 0, 2000, 50),
    ],
  },
  // machinery levels
  {
    category: 'livelli_macchinari',
    section: 'livelli_macchinari',
    main: int('numero_livelli', 1, 5, 2),
    children: [
      text('livello_1', 40, 'Impianto'),
      text('livello_2', 40, 'Macchinario'),
      text('livello_3', 40),
      text('livello_4', 40),
      text('livello_5', 40),
    ],
  },
];

export function findCategory(category: string): CategoryDef | undefined {
  return OPTION_CATALOGUE.find((c) => c.category === category);
}

export function findOption(category: string, subcategory: string): OptionDef | undefined {
  const c = findCategory(category);
  if (!c) return undefined;
  return c.main.subcategory === subcategory ? c.main : c.children?.find((o) => o.subcategory === subcategory);
}

/** Checks a value against its type; answers the problem (Italian, like the server's messages) or null. */
export function optionValueProblem(type: OptionType, value: string): string | null {
  switch (type.kind) {
    case 'flag':
      return value === '0' || value === '1' ? null : 'deve essere 0 o 1';
    case 'int': {
      if (!/^-?\d+$/.test(value)) return 'deve essere un numero intero';
      const n = Number(value);
      return n < type.min || n > type.max ? `deve essere tra ${type.min} e ${type.max}` : null;
    }
    case 'choice':
      return type.values.includes(value) ? null : `valori ammessi: ${type.values.join(', ')}`;
    case 'text':
      if (!type.optional && value.trim() === '') return 'obbligatorio';
      return value.length > type.max ? `al massimo ${type.max} caratteri` : null;
    case 'email':
      if (value === '' && type.optional) return null;
      return z.email().safeParse(value).success ? null : 'indirizzo email non valido';
    case 'host':
      if (value === '' && type.optional) return null;
      return /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
        value,
      )
        ? null
        : 'nome host non valido';
    case 'money': {
      // Read as every amount is (`25,00`, `1.250,50`, `25.5`); stored as `moneyOptionValue` writes it.
      const r = parseDecimal(value, { decimals: 2, intDigits: 7 });
      if (!('problem' in r)) return r.value.startsWith('-') ? 'deve essere zero o più' : null;
      if (r.problem === 'decimals') return 'al massimo 2 decimali';
      return r.problem === 'negative' ? 'deve essere zero o più' : 'importo non valido (es. 25,00)';
    }
    case 'secret':
      return value.length > 500 ? 'al massimo 500 caratteri' : null;
  }
}

/* ---------- wire ---------- */

export interface OptionItem {
  category: string;
  subcategory: string;
  /** The value; null for secrets, which are never answered. */
  value: string | null;
  /** Whether the company may use the option: always for free ones, once bought for paid ones. */
  abilitazione: boolean;
  /** Secrets only: whether a value is stored. */
  is_set?: boolean;
  child_options: OptionItem[];
}

export const optionItemSchema: z.ZodType<OptionItem> = z.lazy(() =>
  z.object({
    category: z.string(),
    subcategory: z.string(),
    value: z.string().nullable(),
    abilitazione: z.boolean(),
    is_set: z.boolean().optional(),
    child_options: z.array(optionItemSchema),
  }),
);

/** POST /options/options/confirm: the values to change. A secret sent as null is kept as it is. */
export const optionsConfirmRequest = z
  .object({
    items: z
      .array(
        z
          .object({
            category: z.string().min(1).max(80),
            subcategory: z.string().min(1).max(80),
            value: z.string().max(1000).nullable(),
          })
          .strict(),
      )
      .min(1)
      .max(200),
  })
  .strict();
export type OptionsConfirmRequest = z.infer<typeof optionsConfirmRequest>;

/** POST /options/option/estimate: the quote for one paid option. */
export const paidOptionRequest = z
  .object({ option: z.enum(PAID_OPTIONS), billingPeriod: z.enum(BILLING_PERIODS).optional() })
  .strict();
export type PaidOptionRequest = z.infer<typeof paidOptionRequest>;

/** POST /options/option/confirm: buys it, by bank transfer or card (3-D Secure may follow). */
export const paidOptionConfirmRequest = paidOptionRequest
  .extend({ paymentMethod: z.enum(PAYMENT_METHODS), card: cardInput.optional() })
  .strict();
export type PaidOptionConfirmRequest = z.infer<typeof paidOptionConfirmRequest>;

/** Looks an option's value up in the answer of GET /options/options (children included). */
export function optionValue(
  items: OptionItem[] | undefined,
  category: string,
  subcategory?: string,
): string | undefined {
  const item = items?.find((i) => i.category === category);
  if (!item) return undefined;
  if (!subcategory || item.subcategory === subcategory) return item.value ?? undefined;
  return item.child_options.find((c) => c.subcategory === subcategory)?.value ?? undefined;
}

/** Reason suggestions are on when suggerimenti_motivazione_intervento / enabled is a non-zero number. */
export function reasonSuggestionsOn(items: OptionItem[] | undefined): boolean {
  const v = optionValue(items, 'suggerimenti_motivazione_intervento', 'enabled');
  return v !== undefined && Number(v) !== 0 && !Number.isNaN(Number(v));
}

/* ---------- reasons configuration (motivazioni) ---------- */

/** Cache lifetime of the reasons configuration in the web (spec: 3 h). */
export const REASONS_CACHE_MS = 3 * 3_600_000;

export const reasonSchema = z.object({ id: z.string(), testo: z.string() });
export type Reason = z.infer<typeof reasonSchema>;
export const reasonRequest = z.object({ id: z.uuid().optional(), testo: z.string().trim().min(1).max(200) }).strict();
export type ReasonRequest = z.infer<typeof reasonRequest>;

/* ---------- first-access tour (spec platform sections 2, 4) ---------- */

export const TOUR_STEPS = [0, 10, 20] as const;
export type TourStep = (typeof TOUR_STEPS)[number];

/**
 * Pages a step keeps the user on, the first being where "start tour" goes.
 * Step 0: the company data; 10: the technicians (the app-login QR is shown);
 * 20: the options (QR again, to sign the app in on another phone).
 */
export const TOUR_PAGES: Record<TourStep, string[]> = {
  0: ['/company'],
  10: ['/technicians', '/company'],
  20: ['/options', '/technicians', '/company'],
};

/** Where the tour lands when a step has no page of its own, and once it is finished (spec platform: /interventions). */
export const TOUR_LANDING = '/interventions';

export const tourAdvanceRequest = z.object({ from: z.union([z.literal(0), z.literal(10), z.literal(20)]) }).strict();

export interface TourState {
  work_flow_primo_accesso: number;
  subscription_confirmed: boolean;
  scadenza_trial_date: string | null;
}

/** The tour is on during the free trial while the step is 0 or more and not 30 (finished). */
export function tourStep(s: TourState, today: string): TourStep | null {
  const trial = isTrialActive({ ...s, scadenza_abbonamento_date: null, dunning: false }, today);
  const w = s.work_flow_primo_accesso;
  if (!trial || w < 0 || w === LIMITS.tourFinishedStep) return null;
  return (TOUR_STEPS as readonly number[]).includes(w) ? (w as TourStep) : null;
}

/** An option's value as stored: money as a dot decimal with cents ("1250.50"), the rest as given. */
export function storedOptionValue(type: OptionType, value: string): string {
  if (type.kind !== 'money') return value;
  const r = parseDecimal(value, { decimals: 2, intDigits: 7 });
  if ('problem' in r) return value;
  const [int, frac = ''] = r.value.split('.');
  return `${int}.${frac.padEnd(2, '0')}`;
}
