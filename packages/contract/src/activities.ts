import { z } from 'zod';
import { dateProblem, isoDate, isoDateTime } from './dates.js';
import { optionalText, REQUIRED_MESSAGE, requiredText } from './fields.js';

/**
 * Contract activities (issue 13, spec operations 3 and 5): what is done on a contract and how
 * often, and its dated occurrences (contratto_date) that the planner shows and reports are made
 * from. Frequency: fissa (every N days, weeks, months or years from a start), variabile (a list of
 * dates) or data_singola (one date). Dates are YYYY-MM-DD in the company's time zone (Europe/Rome).
 */

export const FREQUENCIES = ['fissa', 'variabile', 'data_singola'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_UNITS = ['giorni', 'settimane', 'mesi', 'anni'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

export const ACTIVITY_MAX = {
  nome: 200,
  note: 2000,
  /** Dates of a variable frequency. */
  date: 400,
  /** Occurrences one activity may generate in one contract period. */
  occorrenze: 1000,
  macchinari: 200,
  controlli: 200,
} as const;

/** The spec's messages for frequencies that cannot be (section 5). */
export const FREQUENCY_MESSAGES = {
  annualeBreve: 'La periodicità annuale non è ammessa: il contratto o il rinnovo dura meno di un anno solare',
  fuoriPeriodo: 'Le date delle attività devono essere comprese nel periodo del contratto',
  nessunaData: 'La frequenza non genera alcuna data nel periodo del contratto',
  troppeDate: `Troppe date: al massimo ${ACTIVITY_MAX.occorrenze} per periodo`,
  dataDoppia: 'La stessa data compare più volte',
} as const;

/** The recurrence of an activity. */
export const frequencySchema = z.discriminatedUnion('tipo', [
  z
    .object({
      tipo: z.literal('fissa'),
      ogni: z.number({ error: REQUIRED_MESSAGE }).int().min(1, 'Almeno 1').max(366),
      unita: z.enum(FREQUENCY_UNITS, { error: 'Unità non valida' }),
      /** First date; default the contract's start. */
      data_inizio: isoDate.nullable().optional(),
    })
    .strict(),
  z
    .object({
      tipo: z.literal('variabile'),
      date: z.array(isoDate).min(1, REQUIRED_MESSAGE).max(ACTIVITY_MAX.date),
    })
    .strict(),
  z.object({ tipo: z.literal('data_singola'), data: isoDate }).strict(),
]);
export type FrequencyInput = z.infer<typeof frequencySchema>;

/** An activity's rules: how late (days) its dates may be moved without a warning. */
export const activityRulesSchema = z.object({
  ritardo_massimo_giorni: z.number().int().min(0).max(365).nullable().optional(),
  anticipo_massimo_giorni: z.number().int().min(0).max(365).nullable().optional(),
});
export type ActivityRules = z.output<typeof activityRulesSchema>;

/** One activity as the wizard and POST /contratti/contratto/lista-attivita send it (id: update). */
export const activityInput = z
  .object({
    id: z.string().uuid().optional(),
    nome: requiredText(ACTIVITY_MAX.nome),
    mansione_id: z.string().uuid().nullable().optional(),
    impianto_id: z.string().uuid().nullable().optional(),
    /** Checks of the job role done in this activity (their ids). */
    controlli: z.array(z.string().uuid()).max(ACTIVITY_MAX.controlli).default([]),
    macchinari: z.array(z.string().uuid()).max(ACTIVITY_MAX.macchinari).default([]),
    frequenza: frequencySchema,
    regole: activityRulesSchema.nullable().optional(),
    durata_minuti: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    note: optionalText(ACTIVITY_MAX.note),
  })
  .strict();
export type ActivityInput = z.input<typeof activityInput>;
export type ActivityInputParsed = z.output<typeof activityInput>;

/** POST /contratti/contratto/lista-attivita: add or update several activities of a contract at once. */
export const activityListInput = z
  .object({ contrattoId: z.string().uuid(), attivita: z.array(activityInput).min(1).max(100) })
  .strict();

/** POST /contratti/attivita/frequency: the dates a frequency gives inside a contract period. */
export const frequencyRequest = z
  .object({
    data_inizio: isoDate,
    data_fine: isoDate,
    /** The renewal's months when the contract renews itself (a yearly frequency needs a year). */
    mesi_rinnovo: z.number().int().min(1).max(120).nullable().optional(),
    frequenza: frequencySchema,
  })
  .strict();
export const frequencyResponse = z.object({ success: z.literal(true), date: z.array(z.string()) });

/** The state of one dated occurrence. */
export const OCCURRENCE_STATES = ['da_fare', 'pianificata', 'fatta', 'scaduta'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

/** One occurrence (contratto_date): due date, planned date, its report, done or overdue. */
export const occurrenceSchema = z.object({
  id: z.string(),
  attivita_id: z.string(),
  contratto_id: z.string(),
  data: z.string(),
  data_pianificata: z.string().nullable(),
  rapportino_id: z.string().nullable(),
  fatta_at: z.string().nullable(),
  stato: z.enum(OCCURRENCE_STATES),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;

/** An activity with its checks, machines, frequency, rules and dates. */
export const activitySchema = z.object({
  id: z.string(),
  contratto_id: z.string(),
  nome: z.string(),
  mansione: z.object({ id: z.string(), nome: z.string() }).nullable(),
  impianto: z.object({ id: z.string(), nome: z.string() }).nullable(),
  controlli: z.array(z.object({ id: z.string(), nome_campo: z.string() })),
  macchinari: z.array(z.object({ id: z.string(), nome: z.string(), matricola: z.string().nullable() })),
  frequenza: frequencySchema,
  regole: activityRulesSchema.nullable(),
  durata_minuti: z.number().int(),
  note: z.string().nullable(),
  contratto_date: z.array(occurrenceSchema),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListResponse = z.object({ success: z.literal(true), items: z.array(activitySchema) });
export const rulesResponse = z.object({
  success: z.literal(true),
  /** The activity's own rules, with the contract's maximum delay where the activity sets none. */
  regole: z.object({
    ritardo_massimo_giorni: z.number().int().nullable(),
    anticipo_massimo_giorni: z.number().int().nullable(),
  }),
});

/** GET /attivita/attivita/start/{YYYYMMDD}/end/{YYYYMMDD}: the occurrences of the range over all contracts (and the overdue ones with `scadute=true`). */
export const activityRangeItem = occurrenceSchema.extend({
  nome: z.string(),
  contratto: z.string(),
  cliente_id: z.string(),
  cliente: z.string(),
  impianto: z.string().nullable(),
  mansione_id: z.string().nullable(),
  mansione: z.string().nullable(),
  durata_minuti: z.number().int(),
});
export type ActivityRangeItem = z.infer<typeof activityRangeItem>;
/** Occurrences one page of the range holds by default, and at most. */
export const ACTIVITY_RANGE_PAGE = { default: 500, max: 2000 } as const;
/** The range's page: `limit` occurrences after `cursor` (the `next` of the previous page). */
export const activityRangeQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(ACTIVITY_RANGE_PAGE.max).default(ACTIVITY_RANGE_PAGE.default),
    cursor: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}~[0-9a-f-]{36}$/, 'Cursore non valido')
      .refine((v) => dateProblem(v.slice(0, 10)) === null, 'Cursore non valido')
      .optional(),
  })
  .strict();
export const activityRangeResponse = z.object({
  success: z.literal(true),
  /** The range's occurrences by day (planned, else due), then id: one page. */
  items: z.array(activityRangeItem),
  /** Undone occurrences due before the range's start (at most 200, oldest first); first page only. */
  scadute: z.array(activityRangeItem),
  /** The cursor of the next page, null on the last. */
  next: z.string().nullable(),
});

/** POST /attivita/attivita: make a report (NUOVO) from an occurrence, once. */
export const activityReportInput = z
  .object({
    id: z.string().uuid(),
    tecnici: z.array(z.string().uuid()).max(20).default([]),
    /** Appointment date-time (ISO), else none. */
    data_appuntamento: isoDateTime.nullable().optional(),
  })
  .strict();
export const activityReportResponse = z.object({ success: z.literal(true), rapportino_id: z.string() });

/** POST /attivita/attivita/update: move an occurrence to another day; beyond the maximum delay it warns unless confirmed. */
export const activityUpdateInput = z
  .object({ id: z.string().uuid(), data: isoDate, conferma: z.boolean().default(false) })
  .strict();
export const activityUpdateResponse = z.union([
  z.object({ success: z.literal(true), item: occurrenceSchema }),
  z.object({
    success: z.literal(false),
    /** 'ritardo': beyond the maximum delay, 'anticipo': earlier than allowed. Send again with conferma. */
    avviso: z.enum(['ritardo', 'anticipo']),
    message: z.string(),
    giorni: z.number().int(),
    massimo: z.number().int(),
  }),
]);

export const deleteBulkInput = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) }).strict();
