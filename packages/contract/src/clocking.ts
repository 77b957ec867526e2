import { z } from 'zod';
import { isoDate, isoDateTime } from './dates.js';
import { isTimeZone } from './schemas.js';
import { userRefSchema } from './users.js';

/**
 * Clocking (timbrature, issue 26; decision 0045). A record is one interval of one kind: work,
 * outward travel (andata) or return travel (ritorno). Raw times (as clocked, or as the office first
 * entered them) are never overwritten: a correction is a new version (who, when, why) and the record
 * carries the latest one; calculated times apply the company's tolerance and rounding to the
 * effective times (corrected when corrected, raw otherwise).
 */

export const CLOCKING_KINDS = ['LAVORO', 'ANDATA', 'RITORNO'] as const;
export type ClockingKind = (typeof CLOCKING_KINDS)[number];
export const clockingKind = z.enum(CLOCKING_KINDS);

/** Who wrote the raw times: the technician's clock, or the office entering an interval. */
export const CLOCKING_ORIGINS = ['TECNICO', 'UFFICIO'] as const;

/**
 * What the office is warned of: an interval never closed (and not today's running one), two
 * intervals of the technician overlapping, a day with more than 12 calculated hours, a position
 * missing its validity (the fix older than the geolocation option's minutes).
 */
export const CLOCKING_ANOMALIES = ['APERTA', 'SOVRAPPOSTA', 'GIORNO_OLTRE_12_ORE', 'POSIZIONE_NON_VALIDA'] as const;
export type ClockingAnomaly = (typeof CLOCKING_ANOMALIES)[number];

/** The longest day before it is flagged (GIORNO_OLTRE_12_ORE), in minutes. */
export const CLOCKING_LONG_DAY_MINUTES = 12 * 60;
/** The widest range the lists answer, in days (a month view with its edges). */
export const CLOCKING_MAX_RANGE_DAYS = 62;
/** The widest range the exports answer, in days (a year). */
export const CLOCKING_EXPORT_MAX_DAYS = 366;
/** The longest reason of a correction. */
export const CLOCKING_REASON_MAX = 500;
/** The most operations one office save may carry. */
export const CLOCKING_MAX_OPERATIONS = 200;

export const timeZoneName = z.string().trim().min(1).max(64).refine(isTimeZone, 'Fuso orario non valido');

/** A fix as the phone gives it: where, how precise, and when it was taken. */
export const clockingFix = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    accuracyM: z.number().int().min(0).max(100_000).optional(),
    /** When the phone took the fix (ISO with offset). */
    fixAt: isoDateTime,
  })
  .strict();
export type ClockingFix = z.infer<typeof clockingFix>;

/** A stored position: a fix older than `validita_minuti` at the moment of clocking is kept as stale. */
export const clockingPosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracyM: z.number().nullable(),
  fixAt: z.string(),
  stale: z.boolean(),
});

export const clockingVersion = z.object({
  versione: z.number().int(),
  timbraturaStart: z.string(),
  timbraturaEnd: z.string().nullable(),
  motivo: z.string(),
  correttoDa: userRefSchema.nullable(),
  correttoIl: z.string(),
});
export type ClockingVersion = z.infer<typeof clockingVersion>;

/** One record as every clocking call answers it. Instants are ISO with offset (UTC). */
export const clockingRecord = z.object({
  id: z.string(),
  utenteId: z.string(),
  tipo: clockingKind,
  origine: z.enum(CLOCKING_ORIGINS),
  /** The company day (YYYY-MM-DD, company time zone) the interval starts on. */
  giorno: z.string(),
  /** Raw, never overwritten. */
  timbraturaStart: z.string(),
  timbraturaEnd: z.string().nullable(),
  /** The latest correction by the office, or null. */
  timbraturaStartCorretta: z.string().nullable(),
  timbraturaEndCorretta: z.string().nullable(),
  /** The effective times (corrected, else raw) under the company's tolerance and rounding. */
  timbraturaStartCalcolata: z.string(),
  timbraturaEndCalcolata: z.string().nullable(),
  /** Minutes between the calculated times; null while open. */
  minutiCalcolati: z.number().int().nullable(),
  /** IANA time zone of the place the interval was taken. */
  timezone: z.string(),
  /** Travel: the destination customer and the one-way km (decision 0045, daily allowance). */
  clienteId: z.string().nullable(),
  clienteNome: z.string().nullable(),
  km: z.number().nullable(),
  /** Outward travel whose return the technician or office marked not necessary. */
  ritornoNonNecessario: z.boolean(),
  posizioneStart: clockingPosition.nullable(),
  posizioneEnd: clockingPosition.nullable(),
  /** Number of corrections (0: as clocked). */
  versione: z.number().int(),
  /** Whether it may be removed: month not approved, and (for the technician) never corrected by the office. */
  libera: z.boolean(),
  /** Its month is approved: locked. */
  approvata: z.boolean(),
  anomalie: z.array(z.enum(CLOCKING_ANOMALIES)),
});
export type ClockingRecord = z.infer<typeof clockingRecord>;

export const clockingDetail = clockingRecord.extend({ correzioni: z.array(clockingVersion) });
export type ClockingDetail = z.infer<typeof clockingDetail>;

/** A technician-month's approval (Kimai's approve / unlock month). */
export const clockingMonth = z.object({
  utenteId: z.string(),
  /** YYYY-MM */
  mese: z.string(),
  approvato: z.boolean(),
  approvatoDa: userRefSchema.nullable(),
  approvatoIl: z.string().nullable(),
});
export type ClockingMonth = z.infer<typeof clockingMonth>;

/** A technician's totals over the asked range, on calculated times. Money as a dot decimal string. */
export const clockingTotals = z.object({
  utente: userRefSchema,
  lavoroMinuti: z.number().int(),
  viaggioMinuti: z.number().int(),
  giorniTrasferta: z.number().int(),
  importoTrasferte: z.string(),
  anomalie: z.number().int(),
});
export type ClockingTotals = z.infer<typeof clockingTotals>;

const range = {
  /** First company day, YYYY-MM-DD. */
  from: isoDate,
  /** Last company day (inclusive), YYYY-MM-DD. */
  to: isoDate,
};

/** GET /timbrature/timbrature: one technician's (own, by default) or every technician's records of a range. */
export const clockingListQuery = z
  .object({
    ...range,
    /** A technician; omitted: the caller's own, or (office, `tutti=1`) everyone's. */
    utenteId: z.uuid().optional(),
    tutti: z.enum(['0', '1']).optional(),
    /**
     * `totali`: the totals and the months only, `items` empty (the office's overview of many
     * technicians: one row each, their records read when one is chosen).
     */
    forma: z.enum(['totali']).optional(),
  })
  .strict();
export type ClockingListQuery = z.input<typeof clockingListQuery>;

export const clockingListResponse = z.object({
  success: z.literal(true),
  /** The company's time zone, where days are cut. */
  timezone: z.string(),
  items: z.array(clockingRecord),
  totali: z.array(clockingTotals),
  mesi: z.array(clockingMonth),
  /** The company's rules as applied. */
  regole: z.object({
    tolleranzaMinuti: z.number().int(),
    arrotondamentoMinuti: z.number().int(),
    trasferte: z.object({ enabled: z.boolean(), importoGiornaliero: z.string(), distanzaMinimaKm: z.number() }),
    geolocalizzazione: z.object({ enabled: z.boolean(), validitaMinuti: z.number().int() }),
  }),
});
export type ClockingListResponse = z.infer<typeof clockingListResponse>;

/** GET /timbrature/timbratura: one record with its correction history. */
export const clockingOneQuery = z.object({ id: z.uuid() }).strict();
export const clockingDetailResponse = z.object({ success: z.literal(true), item: clockingDetail });

/** GET /timbrature/timbratura/last: the newest record (open or closed) of the caller, or of a technician (office). */
export const clockingLastQuery = z.object({ utenteId: z.uuid().optional() }).strict();
export const clockingItemResponse = z.object({ success: z.literal(true), item: clockingRecord });

const travelTarget = {
  /** Outward travel: the customer travelled to; its `km_viaggio` fills `km` when omitted. */
  clienteId: z.uuid().optional(),
  /** One-way distance in km. */
  km: z.number().min(0).max(5000).optional(),
};

/** POST /timbrature/timbratura: the caller's own clock (timbrature write). */
export const clockingActionRequest = z.discriminatedUnion('azione', [
  z
    .object({
      azione: z.literal('ENTRATA'),
      tipo: clockingKind,
      timezone: timeZoneName,
      posizione: clockingFix.optional(),
      ...travelTarget,
    })
    .strict(),
  z
    .object({ azione: z.literal('USCITA'), timezone: timeZoneName.optional(), posizione: clockingFix.optional() })
    .strict(),
  /** Marks an outward travel's return not necessary (the web asks for confirmation first). */
  z.object({ azione: z.literal('RITORNO_NON_NECESSARIO'), id: z.uuid() }).strict(),
  /** Removes a free record of one's own. */
  z.object({ azione: z.literal('ELIMINA'), id: z.uuid() }).strict(),
]);
export type ClockingActionRequest = z.input<typeof clockingActionRequest>;
export const clockingActionResponse = z.object({ success: z.literal(true), item: clockingRecord.nullable() });

const reason = z.string().trim().min(1).max(CLOCKING_REASON_MAX);

/** One operation of an office save (all of a save run in one transaction, or none). */
export const clockingOperation = z.discriminatedUnion('op', [
  z
    .object({
      op: z.literal('INSERISCI'),
      tipo: clockingKind,
      start: isoDateTime,
      end: isoDateTime.nullable().optional(),
      /** The place's time zone; the company's when omitted. */
      timezone: timeZoneName.optional(),
      motivo: reason,
      ...travelTarget,
    })
    .strict(),
  z
    .object({
      op: z.literal('CORREGGI'),
      id: z.uuid(),
      start: isoDateTime,
      end: isoDateTime.nullable(),
      motivo: reason,
      km: z.number().min(0).max(5000).nullable().optional(),
    })
    .strict(),
  z.object({ op: z.literal('ELIMINA'), id: z.uuid() }).strict(),
  z.object({ op: z.literal('RITORNO_NON_NECESSARIO'), id: z.uuid() }).strict(),
]);
export type ClockingOperation = z.input<typeof clockingOperation>;

/**
 * POST /timbrature/timbrature: the office's save for one technician (amministrazione_timbrature):
 * records entered, corrected, removed, and the month approved or unlocked. Without `utenteId` it
 * answers CLOCKING_TECHNICIAN_REQUIRED; with nothing to do, CLOCKING_NO_DATA ("Problemi nel salvataggio").
 */
export const clockingOfficeRequest = z
  .object({
    utenteId: z.uuid().optional(),
    operazioni: z.array(clockingOperation).max(CLOCKING_MAX_OPERATIONS).default([]),
    approvazione: z
      .object({
        mese: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mese non valido (AAAA-MM)'),
        azione: z.enum(['APPROVA', 'SBLOCCA']),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ClockingOfficeRequest = z.input<typeof clockingOfficeRequest>;
export const clockingOfficeResponse = z.object({
  success: z.literal(true),
  /** The records inserted or changed, as they now are. */
  items: z.array(clockingRecord),
  /** The month's approval after the save, when one was asked. */
  mese: clockingMonth.nullable(),
});

/** The exports: a range of company days (at most a year), one technician or all. */
export const clockingExportQuery = z.object({ ...range, utenteId: z.uuid().optional() }).strict();
