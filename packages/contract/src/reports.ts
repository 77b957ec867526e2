import { z } from 'zod';
import { isoDate, isoDateTime } from './dates.js';
import { decimalField, optionalText, priceField, REQUIRED_MESSAGE } from './fields.js';
import { defineTable, listQuerySchema, tableInfosSchema } from './lists.js';
import { CAMPO_POSIZIONI, CAMPO_TIPI } from './report-config.js';
import { firmaSchema } from './signature.js';

/**
 * Work reports (rapportini; spec operations sections 3-9, issue 11): the wire shapes of a
 * report, its worked days, materials, checks and custom fields, the list, closing and
 * completing, and the computed prices.
 */

export const STATI_RAPPORTINO = ['NUOVO', 'APERTO', 'CHIUSO'] as const;
export type StatoRapportino = (typeof STATI_RAPPORTINO)[number];
/** Open means NUOVO or APERTO (spec 4). */
export const isOpen = (stato: StatoRapportino): boolean => stato !== 'CHIUSO';
/** The state colours of spec 4 (Mantine colour names); inviato is the visual state once sent. */
export const STATO_COLORS = { NUOVO: 'red', APERTO: 'yellow', CHIUSO: 'blue', inviato: 'teal' } as const;

export const TIPI_INTERVENTO = ['ordinario', 'straordinario', 'garanzia', 'installazione', 'sopralluogo'] as const;

/** Hour entry modes of the options (spec 9): free; standard morning and afternoon; standard start and end. */
export const MODALITA_ORE = ['libero', 'mattina_pomeriggio', 'inizio_fine'] as const;
export type ModalitaOre = (typeof MODALITA_ORE)[number];
/** Multi-technician km/hours modes (spec 9), docs/decisions/0020-work-reports.md. */
export const MODALITA_MULTI_TECNICO = ['0', '1', '2'] as const;
export type ModalitaMultiTecnico = (typeof MODALITA_MULTI_TECNICO)[number];
/** Lump sum option (spec 9): Yes always, No, set in report. */
export const MODALITA_FORFAIT = ['si', 'no', 'rapportino'] as const;
export type ModalitaForfait = (typeof MODALITA_FORFAIT)[number];
export const VALUTE = ['EUR', 'USD', 'GBP', 'CHF'] as const;
export type Valuta = (typeof VALUTE)[number];

export const RAPPORTINO_MAX = {
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
export const giornataInput = z
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
export type GiornataInput = z.input<typeof giornataInput>;

export const materialeInput = z
  .object({
    id: lineId,
    articolo_id: z.string().uuid().nullable().optional(),
    codice: optionalText(RAPPORTINO_MAX.codice_materiale),
    descrizione: z.string().trim().min(1, REQUIRED_MESSAGE).max(RAPPORTINO_MAX.descrizione_materiale),
    quantita: decimalField({ decimals: 3, intDigits: 7 }).refine((v) => v !== null && Number(v) > 0, {
      message: 'Deve essere più di zero',
    }),
    unita: optionalText(RAPPORTINO_MAX.unita),
    /**
     * Prices (prices permission, write; without it they are ignored: a kept line keeps its own, a
     * new line takes the article's). Left empty, the linked article's.
     */
    importo_unitario: priceField,
    costo_acquisto: priceField,
    prezzo_netto: priceField,
  })
  .strict();
export type MaterialeInput = z.input<typeof materialeInput>;

export const ESITI_CONTROLLO = ['ok', 'ko', 'na'] as const;
export const controlloInput = z
  .object({
    controllo_id: z.string().uuid(),
    esito: z.enum(ESITI_CONTROLLO).nullable(),
    note: optionalText(RAPPORTINO_MAX.note_controllo),
  })
  .strict();

export const campoValoreInput = z
  .object({ campo_id: z.string().uuid(), valore: z.string().max(5000).nullable() })
  .strict();

/** The report's own set prices (gestionePrezziIntervento): each, when set, wins over contract, technician and company. */
export const gestionePrezziSchema = z
  .object({
    forfait: z.boolean().default(false),
    importo_forfait: priceField,
    prezzo_ora: priceField,
    prezzo_ora_viaggio: priceField,
    prezzo_km: priceField,
    diritto_chiamata: priceField,
  })
  .strict();
export type GestionePrezzi = z.output<typeof gestionePrezziSchema>;

/** The report's set prices as answered (canonical decimals, no input transforms to encode). */
export const gestionePrezziOutput = z.object({
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
  macchinari_ids: z.array(z.string().uuid()).max(RAPPORTINO_MAX.macchinari).default([]),
  tecnici_ids: z.array(z.string().uuid()).max(RAPPORTINO_MAX.tecnici).default([]),
  mansione_id: z.string().uuid().nullable().optional(),
  cliente_fatturazione_id: z.string().uuid().nullable().optional(),
  motivazione: optionalText(RAPPORTINO_MAX.motivazione),
  tipo_intervento: z.enum(TIPI_INTERVENTO).nullable().optional(),
  richiesta_iniziale: optionalText(RAPPORTINO_MAX.richiesta_iniziale),
  note: optionalText(RAPPORTINO_MAX.note),
  data_apertura: isoDate.optional(),
  data_appuntamento: isoDateTime.nullable().optional(),
  /** The customer's contract the report is on (su_contratto); its prices apply with abilitaPrezziContratto. */
  contratto_id: z.string().uuid().nullable().optional(),
  contrassegnato: z.boolean().optional(),
  in_remoto: z.boolean().optional(),
  pianificato_remoto: z.boolean().optional(),
  giornate: z.array(giornataInput).max(RAPPORTINO_MAX.giornate).default([]),
  materiali: z.array(materialeInput).max(RAPPORTINO_MAX.materiali).default([]),
  controlli: z.array(controlloInput).max(200).default([]),
  campi_personalizzati: z.array(campoValoreInput).max(200).default([]),
  gestionePrezziIntervento: gestionePrezziSchema.nullable().optional(),
};

/** POST /rapportini/rapportino/lavorazione: a new report, or a technician's entry on one (with id). */
export const rapportinoLavorazioneRequest = z.object({ id: z.string().uuid().optional(), ...reportBody }).strict();
export type RapportinoLavorazioneRequest = z.input<typeof rapportinoLavorazioneRequest>;

/** POST /rapportini/rapportino/admin/update: the office's edit of a report. */
export const rapportinoUpdateRequest = z.object({ id: z.string().uuid(), ...reportBody }).strict();

/** POST /rapportini/rapportino/chiusura: close (azione chiudi) or complete (azione completa). */
export const rapportinoChiusuraRequest = z
  .object({
    id: z.string().uuid(),
    azione: z.enum(['chiudi', 'completa']).default('chiudi'),
  })
  .strict();

/* ---------- answers ---------- */

export const giornataSchema = z.object({
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
export type Giornata = z.infer<typeof giornataSchema>;

export const materialeSchema = z.object({
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
export type Materiale = z.infer<typeof materialeSchema>;

export const controlloRapportinoSchema = z.object({
  controllo_id: z.string(),
  descrizione: z.string(),
  esito: z.enum(ESITI_CONTROLLO).nullable(),
  note: z.string().nullable(),
});

export const campoRapportinoSchema = z.object({
  campo_id: z.string(),
  nome: z.string(),
  tipo: z.enum(CAMPO_TIPI),
  tipo_campo: z.string(),
  posizione: z.enum(CAMPO_POSIZIONI),
  ordine: z.number().int(),
  obbligatorio: z.boolean(),
  abilitazione: z.boolean(),
  valore_richiesto: z.string().nullable(),
  visibilita: z.object({ app: z.boolean(), web: z.boolean(), stampa: z.boolean() }),
  scelte: z.array(z.string()),
  valore: z.string().nullable(),
});
export type CampoRapportino = z.infer<typeof campoRapportinoSchema>;

export const VOCI_PREZZO = [
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
export const ORIGINI_PREZZO = ['rapportino', 'contratto', 'tecnico', 'azienda', 'articolo', 'riga'] as const;

export const rigaPrezzoSchema = z.object({
  voce: z.enum(VOCI_PREZZO),
  descrizione: z.string(),
  quantita: z.string(),
  prezzo_unitario: z.string(),
  importo: z.string(),
  origine: z.enum(ORIGINI_PREZZO),
});
export type RigaPrezzo = z.infer<typeof rigaPrezzoSchema>;

export const prezziSchema = z.object({
  valuta: z.enum(VALUTE),
  forfait: z.boolean(),
  righe: z.array(rigaPrezzoSchema),
  /** Amount without VAT. */
  totale: z.string(),
});
export type Prezzi = z.infer<typeof prezziSchema>;

export const rapportinoSchema = z.object({
  id: z.string(),
  numero_assistenza: z.string(),
  stato: z.enum(STATI_RAPPORTINO),
  inviato: z.boolean(),
  completato: z.boolean(),
  data_completamento: z.string().nullable(),
  data_apertura: z.string(),
  data_chiusura: z.string().nullable(),
  data_appuntamento: z.string().nullable(),
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
  giornate: z.array(giornataSchema),
  materiali: z.array(materialeSchema),
  controlli: z.array(controlloRapportinoSchema),
  campi_personalizzati: z.array(campoRapportinoSchema),
  gestionePrezziIntervento: gestionePrezziOutput.nullable(),
  /** Only for users with the prices permission. */
  prezzi: prezziSchema.nullable(),
  /** Whether the caller may still edit it (open; closed with the reopening option; never once completed). */
  modificabile: z.boolean(),
  /** The customer's signature (issue 12), or null. */
  firma: firmaSchema.nullable(),
  /** Whether the caller may sign it now (who may edit it; never once completed; closed reports may be signed). */
  firmabile: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Rapportino = z.infer<typeof rapportinoSchema>;

export const RAPPORTINI_TABLE = defineTable({
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
export type RapportinoColumn = (typeof RAPPORTINI_TABLE.columns)[number]['key'];

/** One row of the list: the report without its lines. */
export const rapportinoRowSchema = z.object({
  id: z.string(),
  numero_assistenza: z.string(),
  stato: z.enum(STATI_RAPPORTINO),
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
export type RapportinoRow = z.infer<typeof rapportinoRowSchema>;

const boolFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** GET /rapportini/rapportini/admin: paging, sort, search and the filters of the list. */
export const rapportiniAdminQuery = listQuerySchema(RAPPORTINI_TABLE).extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** One state, or "aperti" (NUOVO or APERTO). */
  stato: z.enum([...STATI_RAPPORTINO, 'aperti']).optional(),
  cliente_id: z.string().uuid().optional(),
  tecnico_id: z.string().uuid().optional(),
  contratto_id: z.string().uuid().optional(),
  completato: boolFilter,
  /** Open date from / to (inclusive), YYYY-MM-DD. */
  dal: isoDate.optional(),
  al: isoDate.optional(),
});
export type RapportiniAdminQuery = z.input<typeof rapportiniAdminQuery>;

export const rapportiniAdminResponse = z.object({
  success: z.literal(true),
  items: z.array(rapportinoRowSchema),
  totaleElementi: z.number().int(),
  tableInfos: tableInfosSchema.optional(),
  columns: z.array(z.string()).optional(),
});

/** GET /rapportini/rapportini/todos: the caller's open reports (a technician's to-do list). */
export const rapportiniTodosQuery = z.object({
  /** "oggi": opened or appointed today; "aperti": every open one (default). */
  quando: z.enum(['oggi', 'aperti']).default('aperti'),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export const rapportiniTodosResponse = z.object({ success: z.literal(true), items: z.array(rapportinoRowSchema) });

export const WARNINGS_RAPPORTINO = ['NO_HOURS'] as const;
export const rapportinoResponse = z.object({
  success: z.literal(true),
  item: rapportinoSchema,
  /** NO_HOURS: closed without any work hours (a warning, not a refusal). */
  warnings: z.array(z.enum(WARNINGS_RAPPORTINO)).optional(),
});

/** What the mandatory-fields refusal names (REPORT_MANDATORY_FIELDS). */
export const mandatoryMissingSchema = z.object({
  campi: z.array(z.object({ campo_id: z.string(), nome: z.string() })),
  controlli: z.array(z.object({ controllo_id: z.string(), descrizione: z.string() })),
});
