import { z } from 'zod';
import { isoDate } from './dates.js';
import { decimalField, optionalText, priceField, REQUIRED_MESSAGE, requiredText } from './fields.js';
import { activityInput } from './activities.js';
import { defineTable, listQuerySchema, tableInfosSchema } from './lists.js';

/**
 * Contracts (issue 13, spec operations sections 3-5 and 9): maintenance (manutenzione) and on-call
 * (chiamata) contracts of a customer, their prices, renewal and expiry notice, on-call hours and
 * their recurring activities (activities.ts). A report on a contract takes its prices when the
 * contract enables them (abilitaPrezziContratto).
 */

export const CONTRACT_TYPES = ['manutenzione', 'chiamata'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** The contract's state: attivo; in_scadenza once the notice mail went; cessato when ended early or past its end without renewal. */
export const CONTRACT_STATES = ['attivo', 'in_scadenza', 'cessato'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

/** Spec 9: an on-call contract's bar turns to warning at 10 remaining hours. */
export const ON_CALL_NOTICE_HOURS = 10;

export const CONTRACT_MAX = {
  identificativo: 50,
  descrizione: 500,
  motivo: 500,
  email: 200,
  impianti: 200,
  macchinari: 500,
  mansioni: 100,
  attivita: 100,
  /** Longest contract period, in years (bounds the generated dates). */
  anni: 10,
} as const;

/** The contract's unit prices, each optional (not set: the technician's or the company's price applies). */
export const contractPricesSchema = z
  .object({
    ora: priceField,
    ora_viaggio: priceField,
    km: priceField,
    trasferta: priceField,
    pranzo: priceField,
    cena: priceField,
    pernottamento: priceField,
    /** Discount on material, percent (0-100). */
    materiale: decimalField({ decimals: 2, intDigits: 3 }).refine((v) => Number(v) <= 100, 'Al massimo 100'),
    diritto_chiamata: priceField,
    /** Price of one contract activity done. */
    attivita_contratto: priceField,
    importo_forfait: priceField,
  })
  .partial();
export type ContractPrices = z.output<typeof contractPricesSchema>;
export const CONTRACT_PRICE_ITEMS = [
  'ora',
  'ora_viaggio',
  'km',
  'trasferta',
  'pranzo',
  'cena',
  'pernottamento',
  'materiale',
  'diritto_chiamata',
  'attivita_contratto',
  'importo_forfait',
] as const satisfies readonly (keyof ContractPrices)[];

/** The contract's prices as the server answers them: decimal strings (the input's transforms cannot encode). */
export const contractPricesOutSchema = z.object(
  Object.fromEntries(CONTRACT_PRICE_ITEMS.map((k) => [k, z.string().nullable().optional()])) as Record<
    keyof ContractPrices,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);

/** The contract's rules: the default maximum delay (days) of its activities' dates. */
export const contractRulesSchema = z.object({
  ritardo_massimo_giorni: z.number().int().min(0).max(365).nullable().optional(),
});
export type ContractRules = z.output<typeof contractRulesSchema>;

const idList = (max: number) => z.array(z.string().uuid()).max(max).default([]);

/** One contract of a customer, as the report form and the report list's filter show it. */
export const contractSummarySchema = z.object({
  id: z.string(),
  identificativo: z.string(),
  descrizione: z.string().nullable(),
  tipo: z.enum(CONTRACT_TYPES),
  data_inizio: z.string().nullable(),
  data_fine: z.string().nullable(),
  cessato: z.boolean(),
  stato: z.enum(CONTRACT_STATES),
  abilitaPrezziContratto: z.boolean(),
  /** Hours bought on an on-call contract (null on maintenance). */
  ore_contratto: z.string().nullable(),
  /** Hours left: bought less the closed reports' hours (null on maintenance). */
  ore_residue: z.string().nullable(),
});
export type ContractSummary = z.infer<typeof contractSummarySchema>;

/** GET /contratti/cliente/{id}: the customer's contracts, active first. */
export const customerContractsResponse = z.object({ success: z.literal(true), items: z.array(contractSummarySchema) });

/** POST /contratti/contratto/create: create (no id) or update (id) a contract; the activities are optional on create. */
export const contractInput = z
  .object({
    id: z.string().uuid().optional(),
    cliente_id: z.string({ error: REQUIRED_MESSAGE }).uuid('Cliente non valido'),
    identificativo: requiredText(CONTRACT_MAX.identificativo),
    descrizione: optionalText(CONTRACT_MAX.descrizione),
    /** Fixed after creation: an update with another type is refused. */
    tipo: z.enum(CONTRACT_TYPES, { error: 'Tipo di contratto non valido' }),
    data_inizio: isoDate,
    data_fine: isoDate,
    /** On call: the hours bought (required there). */
    ore_contratto: decimalField({ decimals: 2, intDigits: 6 }).nullable().optional(),
    rinnovo_automatico: z.boolean().default(false),
    /** Months a renewal adds (default: the contract's own length, at least 1). */
    mesi_rinnovo: z.number().int().min(1).max(120).nullable().optional(),
    giorni_preavviso_rinnovo: z.number().int().min(0).max(365).nullable().optional(),
    avviso_cliente: z.boolean().default(false),
    email_avviso: z
      .union([z.literal(''), z.email('Indirizzo email non valido').max(CONTRACT_MAX.email)])
      .nullable()
      .optional()
      .transform((v) => v || null),
    impianti: idList(CONTRACT_MAX.impianti),
    macchinari: idList(CONTRACT_MAX.macchinari),
    mansioni: idList(CONTRACT_MAX.mansioni),
    regole: contractRulesSchema.nullable().optional(),
    abilitaPrezziContratto: z.boolean().default(false),
    prezzi: contractPricesSchema.nullable().optional(),
    /** On create only (the wizard): the activities, saved with the contract in one transaction. */
    attivita: z.array(activityInput).max(CONTRACT_MAX.attivita).optional(),
  })
  .strict();
export type ContractInput = z.input<typeof contractInput>;
export type ContractInputParsed = z.output<typeof contractInput>;

/** The whole contract: the detail page's info and prices tabs. */
export const contractSchema = contractSummarySchema.extend({
  cliente_id: z.string(),
  cliente: z.string(),
  rinnovo_automatico: z.boolean(),
  mesi_rinnovo: z.number().int().nullable(),
  /** The day an automatic renewal takes effect (the day after the end), or null. */
  data_rinnovo: z.string().nullable(),
  giorni_preavviso_rinnovo: z.number().int().nullable(),
  mailAvvisoScadenzaSent: z.boolean(),
  avviso_cliente: z.boolean(),
  email_avviso: z.string().nullable(),
  data_cessazione: z.string().nullable(),
  motivo_cessazione: z.string().nullable(),
  rinnovi: z.number().int(),
  /** Closed reports' hours on the contract. */
  ore_usate: z.string(),
  impianti: z.array(z.object({ id: z.string(), nome: z.string() })),
  macchinari: z.array(z.object({ id: z.string(), nome: z.string(), matricola: z.string().nullable() })),
  mansioni: z.array(z.object({ id: z.string(), nome: z.string() })),
  regole: contractRulesSchema.nullable(),
  prezzi: contractPricesOutSchema.nullable(),
  /** Activities and their dates still to do / overdue. */
  attivita_count: z.number().int(),
  date_da_fare: z.number().int(),
  date_scadute: z.number().int(),
  media_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;
export const contractResponse = z.object({ success: z.literal(true), item: contractSchema });

/** POST /contratti/contratto/{id}/cessa: end a contract early, on a date with a reason. */
export const endContractInput = z
  .object({
    data: isoDate,
    motivo: requiredText(CONTRACT_MAX.motivo),
  })
  .strict();

export const CONTRACTS_TABLE = defineTable({
  name: 'contratti',
  columns: [
    { key: 'identificativo', label: 'contracts.fields.identificativo', sortable: true },
    { key: 'cliente', label: 'contracts.fields.cliente', sortable: true },
    { key: 'tipo', label: 'contracts.fields.tipo', sortable: false },
    { key: 'stato', label: 'contracts.fields.stato', sortable: false },
    { key: 'data_inizio', label: 'contracts.fields.data_inizio', sortable: true },
    { key: 'data_fine', label: 'contracts.fields.data_fine', sortable: true },
    { key: 'ore_residue', label: 'contracts.fields.ore_residue', sortable: false },
    { key: 'descrizione', label: 'contracts.fields.descrizione', sortable: false },
    { key: 'rinnovo_automatico', label: 'contracts.fields.rinnovo_automatico', sortable: false },
  ],
  minColumns: 3,
  maxColumns: 9,
  defaultColumns: ['identificativo', 'cliente', 'tipo', 'stato', 'data_fine', 'ore_residue'],
  defaultSort: 'data_fine',
});
export type ContractColumn = (typeof CONTRACTS_TABLE.columns)[number]['key'];

/** A row of the list. */
export const contractRowSchema = contractSummarySchema.extend({
  cliente_id: z.string(),
  cliente: z.string(),
  rinnovo_automatico: z.boolean(),
  mailAvvisoScadenzaSent: z.boolean(),
});
export type ContractRow = z.infer<typeof contractRowSchema>;

/** GET /contratti/contratti-filtered: paging, sort, search (identifier, description, customer) and filters. */
export const contractsFilteredQuery = listQuerySchema(CONTRACTS_TABLE).extend({
  cliente_id: z.string().uuid().optional(),
  tipo: z.enum(CONTRACT_TYPES).optional(),
  stato: z.enum(CONTRACT_STATES).optional(),
  /** Running contracts ending within N days from today. */
  scadenza_giorni: z.coerce.number().int().min(0).max(3650).optional(),
});
export type ContractsFilteredQuery = z.input<typeof contractsFilteredQuery>;

export const contractsFilteredResponse = z.object({
  success: z.literal(true),
  items: z.array(contractRowSchema),
  totaleElementi: z.number().int(),
  tableInfos: tableInfosSchema.optional(),
  columns: z.array(z.string()).optional(),
});

/**
 * The on-call bar: share of the hours bought already used (it fills as they are used) and its level
 * (warning at ORE_AVVISO_CHIAMATA hours left, exhausted at 0 left).
 */
export function hoursBar(
  oreContratto: string | null,
  oreResidue: string | null,
): { percent: number; livello: 'ok' | 'avviso' | 'esaurite' } | null {
  if (oreContratto === null || oreResidue === null) return null;
  const tot = Number(oreContratto);
  const left = Number(oreResidue);
  const percent = tot > 0 ? Math.max(0, Math.min(100, ((tot - left) / tot) * 100)) : 100;
  const livello = left <= 0 ? 'esaurite' : left <= ON_CALL_NOTICE_HOURS ? 'avviso' : 'ok';
  return { percent, livello };
}

/** The state of a contract on `today` (YYYY-MM-DD): ceased when ended early or past its end without automatic renewal. */
export function contractState(
  c: { cessato: boolean; data_fine: string | null; rinnovo_automatico: boolean; mailAvvisoScadenzaSent: boolean },
  today: string,
): ContractState {
  if (c.cessato) return 'cessato';
  if (c.data_fine !== null && c.data_fine < today && !c.rinnovo_automatico) return 'cessato';
  if (c.mailAvvisoScadenzaSent) return 'in_scadenza';
  return 'attivo';
}

/** Hours left on an on-call contract: bought less used (never below zero), 2 decimals; null without bought hours. */
export function remainingHours(oreContratto: string | null, oreUsate: string): string | null {
  if (oreContratto === null) return null;
  const cents = Math.round(Number(oreContratto) * 100) - Math.round(Number(oreUsate) * 100);
  return (Math.max(0, cents) / 100).toFixed(2);
}
