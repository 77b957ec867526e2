import { z } from 'zod';
import { isoDate } from './dates.js';
import { decimalField, optionalText, priceField, REQUIRED_MESSAGE, requiredText } from './fields.js';
import { attivitaInput } from './activities.js';
import { defineTable, listQuerySchema, tableInfosSchema } from './lists.js';

/**
 * Contracts (issue 13, spec operations sections 3-5 and 9): maintenance (manutenzione) and on-call
 * (chiamata) contracts of a customer, their prices, renewal and expiry notice, on-call hours and
 * their recurring activities (activities.ts). A report on a contract takes its prices when the
 * contract enables them (abilitaPrezziContratto).
 */

export const TIPI_CONTRATTO = ['manutenzione', 'chiamata'] as const;
export type TipoContratto = (typeof TIPI_CONTRATTO)[number];

/** The contract's state: attivo; in_scadenza once the notice mail went; cessato when ended early or past its end without renewal. */
export const STATI_CONTRATTO = ['attivo', 'in_scadenza', 'cessato'] as const;
export type StatoContratto = (typeof STATI_CONTRATTO)[number];

/** Spec 9: an on-call contract's bar turns to warning at 10 remaining hours. */
export const ORE_AVVISO_CHIAMATA = 10;

export const CONTRATTO_MAX = {
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
export const prezziContrattoSchema = z
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
export type PrezziContratto = z.output<typeof prezziContrattoSchema>;
export const VOCI_PREZZO_CONTRATTO = [
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
] as const satisfies readonly (keyof PrezziContratto)[];

/** The contract's prices as the server answers them: decimal strings (the input's transforms cannot encode). */
export const prezziContrattoOutSchema = z.object(
  Object.fromEntries(VOCI_PREZZO_CONTRATTO.map((k) => [k, z.string().nullable().optional()])) as Record<
    keyof PrezziContratto,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);

/** The contract's rules: the default maximum delay (days) of its activities' dates. */
export const regoleContrattoSchema = z.object({
  ritardo_massimo_giorni: z.number().int().min(0).max(365).nullable().optional(),
});
export type RegoleContratto = z.output<typeof regoleContrattoSchema>;

const idList = (max: number) => z.array(z.string().uuid()).max(max).default([]);

/** One contract of a customer, as the report form and the report list's filter show it. */
export const contrattoBreveSchema = z.object({
  id: z.string(),
  identificativo: z.string(),
  descrizione: z.string().nullable(),
  tipo: z.enum(TIPI_CONTRATTO),
  data_inizio: z.string().nullable(),
  data_fine: z.string().nullable(),
  cessato: z.boolean(),
  stato: z.enum(STATI_CONTRATTO),
  abilitaPrezziContratto: z.boolean(),
  /** Hours bought on an on-call contract (null on maintenance). */
  ore_contratto: z.string().nullable(),
  /** Hours left: bought less the closed reports' hours (null on maintenance). */
  ore_residue: z.string().nullable(),
});
export type ContrattoBreve = z.infer<typeof contrattoBreveSchema>;

/** GET /contratti/cliente/{id}: the customer's contracts, active first. */
export const contrattiClienteResponse = z.object({ success: z.literal(true), items: z.array(contrattoBreveSchema) });

/** POST /contratti/contratto/create: create (no id) or update (id) a contract; the activities are optional on create. */
export const contrattoInput = z
  .object({
    id: z.string().uuid().optional(),
    cliente_id: z.string({ error: REQUIRED_MESSAGE }).uuid('Cliente non valido'),
    identificativo: requiredText(CONTRATTO_MAX.identificativo),
    descrizione: optionalText(CONTRATTO_MAX.descrizione),
    /** Fixed after creation: an update with another type is refused. */
    tipo: z.enum(TIPI_CONTRATTO, { error: 'Tipo di contratto non valido' }),
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
      .union([z.literal(''), z.email('Indirizzo email non valido').max(CONTRATTO_MAX.email)])
      .nullable()
      .optional()
      .transform((v) => v || null),
    impianti: idList(CONTRATTO_MAX.impianti),
    macchinari: idList(CONTRATTO_MAX.macchinari),
    mansioni: idList(CONTRATTO_MAX.mansioni),
    regole: regoleContrattoSchema.nullable().optional(),
    abilitaPrezziContratto: z.boolean().default(false),
    prezzi: prezziContrattoSchema.nullable().optional(),
    /** On create only (the wizard): the activities, saved with the contract in one transaction. */
    attivita: z.array(attivitaInput).max(CONTRATTO_MAX.attivita).optional(),
  })
  .strict();
export type ContrattoInput = z.input<typeof contrattoInput>;
export type ContrattoInputParsed = z.output<typeof contrattoInput>;

/** The whole contract: the detail page's info and prices tabs. */
export const contrattoSchema = contrattoBreveSchema.extend({
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
  regole: regoleContrattoSchema.nullable(),
  prezzi: prezziContrattoOutSchema.nullable(),
  /** Activities and their dates still to do / overdue. */
  attivita_count: z.number().int(),
  date_da_fare: z.number().int(),
  date_scadute: z.number().int(),
  media_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contratto = z.infer<typeof contrattoSchema>;
export const contrattoResponse = z.object({ success: z.literal(true), item: contrattoSchema });

/** POST /contratti/contratto/{id}/cessa: end a contract early, on a date with a reason. */
export const cessaContrattoInput = z
  .object({
    data: isoDate,
    motivo: requiredText(CONTRATTO_MAX.motivo),
  })
  .strict();

export const CONTRATTI_TABLE = defineTable({
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
export type ContrattoColumn = (typeof CONTRATTI_TABLE.columns)[number]['key'];

/** A row of the list. */
export const contrattoRowSchema = contrattoBreveSchema.extend({
  cliente_id: z.string(),
  cliente: z.string(),
  rinnovo_automatico: z.boolean(),
  mailAvvisoScadenzaSent: z.boolean(),
});
export type ContrattoRow = z.infer<typeof contrattoRowSchema>;

/** GET /contratti/contratti-filtered: paging, sort, search (identifier, description, customer) and filters. */
export const contrattiFilteredQuery = listQuerySchema(CONTRATTI_TABLE).extend({
  cliente_id: z.string().uuid().optional(),
  tipo: z.enum(TIPI_CONTRATTO).optional(),
  stato: z.enum(STATI_CONTRATTO).optional(),
  /** Running contracts ending within N days from today. */
  scadenza_giorni: z.coerce.number().int().min(0).max(3650).optional(),
});
export type ContrattiFilteredQuery = z.input<typeof contrattiFilteredQuery>;

export const contrattiFilteredResponse = z.object({
  success: z.literal(true),
  items: z.array(contrattoRowSchema),
  totaleElementi: z.number().int(),
  tableInfos: tableInfosSchema.optional(),
  columns: z.array(z.string()).optional(),
});

/**
 * The on-call bar: share of the hours bought already used (it fills as they are used) and its level
 * (warning at ORE_AVVISO_CHIAMATA hours left, exhausted at 0 left).
 */
export function barraOre(
  oreContratto: string | null,
  oreResidue: string | null,
): { percent: number; livello: 'ok' | 'avviso' | 'esaurite' } | null {
  if (oreContratto === null || oreResidue === null) return null;
  const tot = Number(oreContratto);
  const left = Number(oreResidue);
  const percent = tot > 0 ? Math.max(0, Math.min(100, ((tot - left) / tot) * 100)) : 100;
  const livello = left <= 0 ? 'esaurite' : left <= ORE_AVVISO_CHIAMATA ? 'avviso' : 'ok';
  return { percent, livello };
}

/** The state of a contract on `today` (YYYY-MM-DD): ceased when ended early or past its end without automatic renewal. */
export function statoContratto(
  c: { cessato: boolean; data_fine: string | null; rinnovo_automatico: boolean; mailAvvisoScadenzaSent: boolean },
  today: string,
): StatoContratto {
  if (c.cessato) return 'cessato';
  if (c.data_fine !== null && c.data_fine < today && !c.rinnovo_automatico) return 'cessato';
  if (c.mailAvvisoScadenzaSent) return 'in_scadenza';
  return 'attivo';
}

/** Hours left on an on-call contract: bought less used (never below zero), 2 decimals; null without bought hours. */
export function oreResidue(oreContratto: string | null, oreUsate: string): string | null {
  if (oreContratto === null) return null;
  const cents = Math.round(Number(oreContratto) * 100) - Math.round(Number(oreUsate) * 100);
  return (Math.max(0, cents) / 100).toFixed(2);
}
