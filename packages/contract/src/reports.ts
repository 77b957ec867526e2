import { z } from 'zod';
import { isoDate, isoDateTime } from './dates.js';
import { decimalField, optionalText, priceField, REQUIRED_MESSAGE } from './fields.js';
import { defineTable, listQuerySchema, tableInfosSchema } from './lists.js';
import { CUSTOM_FIELD_POSITIONS, CUSTOM_FIELD_TYPES } from './report-config.js';
import { signatureSchema } from './signature.js';

/**
 * Work reports (rapportini; spec operations sections 3-9, issue 11): the wire shapes of a
 * report, its worked days, materials, checks and custom fields, the list, closing and
 * completing, and the computed prices.
 */

export const REPORT_STATES = ['NUOVO', 'APERTO', 'CHIUSO'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
/** Open means NUOVO or APERTO (spec 4). */
export const isOpen = (stato: ReportState): boolean => stato !== 'CHIUSO';
/** The state colours of spec 4 (Mantine colour names); inviato is the visual state once sent. */
export const REPORT_STATE_COLORS = { NUOVO: 'red', APERTO: 'yellow', CHIUSO: 'blue', inviato: 'teal' } as const;

export const INTERVENTION_TYPES = ['ordinario', 'straordinario', 'garanzia', 'installazione', 'sopralluogo'] as const;

/** Hour entry modes of the options (spec 9): free; standard morning and afternoon; standard start and end. */
export const HOURS_MODES = ['libero', 'mattina_pomeriggio', 'inizio_fine'] as const;
export type HoursMode = (typeof HOURS_MODES)[number];
/** Multi-technician km/hours modes (spec 9), docs/decisions/0020-work-reports.md. */
export const MULTI_TECHNICIAN_MODES = ['0', '1', '2'] as const;
export type MultiTechnicianMode = (typeof MULTI_TECHNICIAN_MODES)[number];
/** Lump sum option (spec 9): Yes always, No, set in report. */
export const FLAT_RATE_MODES = ['si', 'no', 'rapportino'] as const;
export type FlatRateMode = (typeof FLAT_RATE_MODES)[number];
export const REPORT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;
export type ReportCurrency = (typeof REPORT_CURRENCIES)[number];

export const REPORT_MAX = {
  richiesta_iniziale: 5000,
  motivazione: 200,
  note: 5000,
  descrizione_materiale: 500,
  codice_materiale: 50,
  unita: 20,
  note_controllo: 500,
  giornate: 62,
  materiali: 200,
  tecnici: 20,
  macchinari: 50,
} as const;

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Ora non valida (HH:MM)')
  .nullable()
  .optional()
  .transform((v) => v ?? null);
const flagSN = z.enum(['S', 'N']).default('N');
const hours = decimalField({ decimals: 2, intDigits: 2 });

/**
 * A saved line's id (as answered): a save matches the report's lines by it, so a line kept keeps
 * what the caller may not see (its prices, without the prices permission) and its id; a line
 * without an id, or with one the report does not hold, is a new line.
 */
const lineId = z.string().uuid().optional();

/** One worked day of one technician (spec 3). Which hour fields count depends on the hour entry mode. */
export const workDayInput = z
  .object({
    id: lineId,
    data: isoDate,
    tecnico_id: z.string().uuid(),
    totale_ore: hours,
    ore_mattina: hours,
    ore_pomeriggio: hours,
    inizio_mattina: time,
    fine_mattina: time,
    inizio_pomeriggio: time,
    fine_pomeriggio: time,
    pranzo: flagSN,
    cena: flagSN,
    pernottamento: flagSN,
    km_viaggio: decimalField({ decimals: 1, intDigits: 5 }),
    ore_viaggio: hours,
    /** Return travel (may be added after closing, spec 4). */
    ritorno: z.boolean().default(false),
    /** A set price for the day's work, in place of hours x hourly price (prices permission, write). */
    prezzoImpostato: priceField,
  })
  .strict();
export type WorkDayInput = z.input<typeof workDayInput>;

export const materialInput = z
  .object({
    id: lineId,
    articolo_id: z.string().uuid().nullable().optional(),
    codice: optionalText(REPORT_MAX.codice_materiale),
    descrizione: z.string().trim().min(1, REQUIRED_MESSAGE).max(REPORT_MAX.descrizione_materiale),
    quantita: decimalField({ decimals: 3, intDigits: 7 }).refine((v) => v !== null && Number(v) > 0, {
      message: 'Deve essere più di zero',
    }),
    unita: optionalText(REPORT_MAX.unita),
    /**
     * Prices (prices permission, write; without it they are ignored: a kept line keeps its own, a
     * new line takes the article's). Left empty, the linked article's.
     */
    importo_unitario: priceField,
    costo_acquisto: priceField,
    prezzo_netto: priceField,
  })
  .strict();
export type MaterialInput = z.input<typeof materialInput>;

export const CHECK_OUTCOMES = ['ok', 'ko', 'na'] as const;
export const checkResultInput = z
  .object({
    controllo_id: z.string().uuid(),
    esito: z.enum(CHECK_OUTCOMES).nullable(),
    note: optionalText(REPORT_MAX.note_controllo),
  })
  .strict();

export const customFieldValueInput = z
  .object({ campo_id: z.string().uuid(), valore: z.string().max(5000).nullable() })
  .strict();

/** The report's own set prices (gestionePrezziIntervento): each, when set, wins over contract, technician and company. */
export const priceHandlingSchema = z
  .object({
    forfait: z.boolean().default(false),
    importo_forfait: priceField,
    prezzo_ora: priceField,
    prezzo_ora_viaggio: priceField,
    prezzo_km: priceField,
    diritto_chiamata: priceField,
  })
  .strict();
export type PriceHandling = z.output<typeof priceHandlingSchema>;

/** The report's set prices as answered (canonical decimals, no input transforms to encode). */
export const priceHandlingOutput = z.object({
  forfait: z.boolean(),
  importo_forfait: z.string().nullable(),
  prezzo_ora: z.string().nullable(),
  prezzo_ora_viaggio: z.string().nullable(),
  prezzo_km: z.string().nullable(),
  diritto_chiamata: z.string().nullable(),
});

/**
 * The body of a save. On an existing report a header value left out (undefined) keeps what the
 * report holds (appointment, billing customer, contract, flags, set prices); null clears it. The
 * lines (days, materials, checks, custom fields) are the whole list each time; days and materials
 * are matched to the stored ones by their id (a stored line not sent is deleted). What the caller
 * may not see it cannot change or clear: without the prices permission (write) every price sent
 * is ignored and the kept lines keep theirs.
 */
const reportBody = {
  cliente_id: z.string().uuid(),
  impianto_id: z.string().uuid().nullable().optional(),
  macchinari_ids: z.array(z.string().uuid()).max(REPORT_MAX.macchinari).default([]),
  tecnici_ids: z.array(z.string().uuid()).max(REPORT_MAX.tecnici).default([]),
  mansione_id: z.string().uuid().nullable().optional(),
  cliente_fatturazione_id: z.string().uuid().nullable().optional(),
  motivazione: optionalText(REPORT_MAX.motivazione),
  tipo_intervento: z.enum(INTERVENTION_TYPES).nullable().optional(),
  richiesta_iniziale: optionalText(REPORT_MAX.richiesta_iniziale),
  note: optionalText(REPORT_MAX.note),
  data_apertura: isoDate.optional(),
  /**
   * The report's appointment, which is the planner's (decision 0040): a date-time creates the appointment (with
   * the report's customer, plant, machines, technicians and job role, REPORT_APPOINTMENT_MINUTES long) or moves
   * the one it has (keeping its length); null deletes it; left out, the appointment stays as it is.
   */
  data_appuntamento: isoDateTime.nullable().optional(),
  /** The customer's contract the report is on (su_contratto); its prices apply with abilitaPrezziContratto. */
  contratto_id: z.string().uuid().nullable().optional(),
  contrassegnato: z.boolean().optional(),
  in_remoto: z.boolean().optional(),
  pianificato_remoto: z.boolean().optional(),
  giornate: z.array(workDayInput).max(REPORT_MAX.giornate).default([]),
  materiali: z.array(materialInput).max(REPORT_MAX.materiali).default([]),
  controlli: z.array(checkResultInput).max(200).default([]),
  campi_personalizzati: z.array(customFieldValueInput).max(200).default([]),
  gestionePrezziIntervento: priceHandlingSchema.nullable().optional(),
};

/** POST /rapportini/rapportino/lavorazione: a new report, or a technician's entry on one (with id). */
export const reportWorkRequest = z.object({ id: z.string().uuid().optional(), ...reportBody }).strict();
export type ReportWorkRequest = z.input<typeof reportWorkRequest>;

/** POST /rapportini/rapportino/admin/update: the office's edit of a report. */
export const reportUpdateRequest = z.object({ id: z.string().uuid(), ...reportBody }).strict();

/**
 * POST /rapportini/rapportino/chiusura: close (azione chiudi), complete (azione completa) or reopen a closed report
 * (azione riapri, with the option riapertura_rapportini_chiusi): reopening says whether the customer's signature,
 * locked while the report was closed, is cleared (cancella_firma, required for riapri).
 */
export const reportCloseRequest = z
  .object({
    id: z.string().uuid(),
    azione: z.enum(['chiudi', 'completa', 'riapri']).default('chiudi'),
    cancella_firma: z.boolean().optional(),
  })
  .strict();

/* ---------- answers ---------- */

export const workDaySchema = z.object({
  id: z.string(),
  data: z.string(),
  tecnico_id: z.string(),
  tecnico: z.string(),
  totale_ore: z.string(),
  ore_mattina: z.string().nullable(),
  ore_pomeriggio: z.string().nullable(),
  inizio_mattina: z.string().nullable(),
  fine_mattina: z.string().nullable(),
  inizio_pomeriggio: z.string().nullable(),
  fine_pomeriggio: z.string().nullable(),
  pranzo: z.enum(['S', 'N']),
  cena: z.enum(['S', 'N']),
  pernottamento: z.enum(['S', 'N']),
  km_viaggio: z.string(),
  ore_viaggio: z.string(),
  ritorno: z.boolean(),
  /** Null for a caller without the prices permission (read). */
  prezzoImpostato: z.string().nullable(),
});
export type WorkDay = z.infer<typeof workDaySchema>;

export const materialSchema = z.object({
  id: z.string(),
  articolo_id: z.string().nullable(),
  codice: z.string().nullable(),
  descrizione: z.string(),
  quantita: z.string(),
  unita: z.string().nullable(),
  /** The three prices: null for a caller without the prices permission (read). */
  importo_unitario: z.string().nullable(),
  costo_acquisto: z.string().nullable(),
  prezzo_netto: z.string().nullable(),
});
export type Material = z.infer<typeof materialSchema>;

export const checkResultSchema = z.object({
  controllo_id: z.string(),
  descrizione: z.string(),
  esito: z.enum(CHECK_OUTCOMES).nullable(),
  note: z.string().nullable(),
});

export const reportFieldSchema = z.object({
  campo_id: z.string(),
  nome: z.string(),
  tipo: z.enum(CUSTOM_FIELD_TYPES),
  tipo_campo: z.string(),
  posizione: z.enum(CUSTOM_FIELD_POSITIONS),
  ordine: z.number().int(),
  obbligatorio: z.boolean(),
  abilitazione: z.boolean(),
  valore_richiesto: z.string().nullable(),
  visibilita: z.object({ app: z.boolean(), web: z.boolean(), stampa: z.boolean() }),
  scelte: z.array(z.string()),
  valore: z.string().nullable(),
});
export type ReportField = z.infer<typeof reportFieldSchema>;

export const PRICE_ITEMS = [
  'ore',
  'ore_viaggio',
  'km',
  'pranzo',
  'cena',
  'pernottamento',
  'trasferta',
  'diritto_chiamata',
  'attivita_contratto',
  'forfait',
  'materiale',
  'campo',
] as const;
export const PRICE_SOURCES = ['rapportino', 'contratto', 'tecnico', 'azienda', 'articolo', 'riga'] as const;

export const priceLineSchema = z.object({
  voce: z.enum(PRICE_ITEMS),
  descrizione: z.string(),
  quantita: z.string(),
  prezzo_unitario: z.string(),
  importo: z.string(),
  origine: z.enum(PRICE_SOURCES),
});
export type PriceLine = z.infer<typeof priceLineSchema>;

export const pricesSchema = z.object({
  valuta: z.enum(REPORT_CURRENCIES),
  forfait: z.boolean(),
  righe: z.array(priceLineSchema),
  /** Amount without VAT. */
  totale: z.string(),
});
export type Prices = z.infer<typeof pricesSchema>;

/** The report's appointment: the planner's appointment that links it (decision 0040). */
export const reportAppointmentSchema = z.object({
  id: z.string(),
  /** ISO instants; null for a to-do (an appointment still to plan). */
  inizio: z.string().nullable(),
  fine: z.string().nullable(),
  tutto_il_giorno: z.boolean(),
  da_fare: z.boolean(),
});
export type ReportAppointment = z.infer<typeof reportAppointmentSchema>;

/** A signing link mailed and still open (not used, not expired, its mail not refused): "in attesa di firma". */
export const signatureAwaitedSchema = z.object({
  stato: z.literal('in_attesa_firma'),
  email: z.string(),
  /** ISO instant the link stops working. */
  scadenza: z.string(),
  /** ISO instant the link was made. */
  inviato_il: z.string(),
});

export const reportSchema = z.object({
  id: z.string(),
  numero_assistenza: z.string(),
  stato: z.enum(REPORT_STATES),
  inviato: z.boolean(),
  completato: z.boolean(),
  data_completamento: z.string().nullable(),
  data_apertura: z.string(),
  data_chiusura: z.string().nullable(),
  /** The start of the report's appointment (appuntamento.inizio), or null. */
  data_appuntamento: z.string().nullable(),
  /** The planner's appointment of the report, or null (decision 0040). */
  appuntamento: reportAppointmentSchema.nullable(),
  motivazione: z.string().nullable(),
  tipo_intervento: z.string().nullable(),
  su_contratto: z.boolean(),
  contratto_id: z.string().nullable(),
  contrassegnato: z.boolean(),
  in_remoto: z.boolean(),
  pianificato_remoto: z.boolean(),
  cliente_id: z.string(),
  cliente: z.string(),
  cliente_fatturazione_id: z.string().nullable(),
  cliente_fatturazione: z.string().nullable(),
  impianto_id: z.string().nullable(),
  impianto: z.string().nullable(),
  macchinari_ids: z.array(z.string()),
  tecnici_ids: z.array(z.string()),
  tecnici: z.array(z.object({ id: z.string(), nome: z.string() })),
  mansione_id: z.string().nullable(),
  mansione: z.string().nullable(),
  richiesta_iniziale: z.string().nullable(),
  note: z.string().nullable(),
  totale_ore: z.string(),
  giornate: z.array(workDaySchema),
  materiali: z.array(materialSchema),
  controlli: z.array(checkResultSchema),
  campi_personalizzati: z.array(reportFieldSchema),
  gestionePrezziIntervento: priceHandlingOutput.nullable(),
  /** Only for users with the prices permission. */
  prezzi: pricesSchema.nullable(),
  /** Whether the caller may still edit it (open; closed with the reopening option; never once completed). */
  modificabile: z.boolean(),
  /** The customer's signature (issue 12), or null. */
  firma: signatureSchema.nullable(),
  /**
   * Whether the caller may sign it now (who may edit it; never once completed; a closed report only while it has
   * no signature: the signature locks when the report closes).
   */
  firmabile: z.boolean(),
  /** The signing link mailed to the customer and still awaited, or null. */
  attesa_firma: signatureAwaitedSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const REPORTS_TABLE = defineTable({
  name: 'rapportini',
  columns: [
    { key: 'numero_assistenza', label: 'reports.fields.numero_assistenza', sortable: true },
    { key: 'data_apertura', label: 'reports.fields.data_apertura', sortable: true },
    { key: 'stato', label: 'reports.fields.stato', sortable: false },
    { key: 'cliente', label: 'reports.fields.cliente', sortable: true },
    { key: 'tecnici', label: 'reports.fields.tecnici', sortable: false },
    { key: 'tipo_intervento', label: 'reports.fields.tipo_intervento', sortable: false },
    { key: 'motivazione', label: 'reports.fields.motivazione', sortable: false },
    { key: 'totale_ore', label: 'reports.fields.totale_ore', sortable: false },
    { key: 'data_chiusura', label: 'reports.fields.data_chiusura', sortable: true },
    { key: 'completato', label: 'reports.fields.completato', sortable: false },
    { key: 'totale', label: 'reports.fields.totale', sortable: false, prices: true },
  ],
  minColumns: 3,
  maxColumns: 10,
  defaultColumns: ['numero_assistenza', 'data_apertura', 'stato', 'cliente', 'tecnici', 'totale_ore'],
  defaultSort: 'data_apertura',
});
export type ReportColumn = (typeof REPORTS_TABLE.columns)[number]['key'];

/** One row of the list: the report without its lines. */
export const reportListRowSchema = z.object({
  id: z.string(),
  numero_assistenza: z.string(),
  stato: z.enum(REPORT_STATES),
  inviato: z.boolean(),
  completato: z.boolean(),
  data_apertura: z.string(),
  data_chiusura: z.string().nullable(),
  cliente_id: z.string(),
  cliente: z.string(),
  tecnici: z.string(),
  tipo_intervento: z.string().nullable(),
  motivazione: z.string().nullable(),
  totale_ore: z.string(),
  /** Only for users with the prices permission. */
  totale: z.string().nullable(),
  data_appuntamento: z.string().nullable(),
  /** The plant's name and address, when the report names a plant. */
  luogo: z.string().nullable(),
  /** The first 200 characters of the initial request. */
  richiesta_iniziale: z.string().nullable(),
});
export type ReportListRow = z.infer<typeof reportListRowSchema>;

const boolFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** GET /rapportini/rapportini/admin: paging, sort, search and the filters of the list. */
export const reportsAdminQuery = listQuerySchema(REPORTS_TABLE).extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** One state, or "aperti" (NUOVO or APERTO). */
  stato: z.enum([...REPORT_STATES, 'aperti']).optional(),
  cliente_id: z.string().uuid().optional(),
  tecnico_id: z.string().uuid().optional(),
  contratto_id: z.string().uuid().optional(),
  completato: boolFilter,
  /** Open date from / to (inclusive), YYYY-MM-DD. */
  dal: isoDate.optional(),
  al: isoDate.optional(),
  /** Closing day from / to (inclusive, the company's days), YYYY-MM-DD: a closed report's bar on /statistics. */
  chiuso_dal: isoDate.optional(),
  chiuso_al: isoDate.optional(),
});
export type ReportsAdminQuery = z.input<typeof reportsAdminQuery>;

export const reportsAdminResponse = z.object({
  success: z.literal(true),
  items: z.array(reportListRowSchema),
  totaleElementi: z.number().int(),
  tableInfos: tableInfosSchema.optional(),
  columns: z.array(z.string()).optional(),
});

/** GET /rapportini/rapportini/todos: the caller's open reports (a technician's to-do list). */
export const reportsTodosQuery = z.object({
  /** "oggi": opened or appointed today; "aperti": every open one (default). */
  quando: z.enum(['oggi', 'aperti']).default('aperti'),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export const reportsTodosResponse = z.object({ success: z.literal(true), items: z.array(reportListRowSchema) });

export const REPORT_WARNINGS = ['NO_HOURS'] as const;
export const reportResponse = z.object({
  success: z.literal(true),
  item: reportSchema,
  /** NO_HOURS: closed without any work hours (a warning, not a refusal). */
  warnings: z.array(z.enum(REPORT_WARNINGS)).optional(),
});

/** What the mandatory-fields refusal names (REPORT_MANDATORY_FIELDS). */
export const mandatoryMissingSchema = z.object({
  campi: z.array(z.object({ campo_id: z.string(), nome: z.string() })),
  controlli: z.array(z.object({ controllo_id: z.string(), descrizione: z.string() })),
});
