import { z } from 'zod';
import { isoDate } from './dates.js';

/**
 * Statistics (issue 27; decision 0046). Every call takes a range of company days (YYYY-MM-DD on the
 * wire, spec operations 9) of at most 12 months; a wider one answers code -2 and the web shows
 * `rapportini.alert_range_date_troppo_esteso` (spec operations 5).
 *
 * One set of definitions for every tab, chart, list and export:
 * - a report is **in the range** when its opening day (`data_apertura`) is;
 * - a report is **closed in the range** when it is CHIUSO and its closing instant falls on a company day of the range;
 * - **worked hours**, **travel hours** and **km** are the sums of the report days (`rapportini_giornate`) whose
 *   day is in the range (`totale_ore`, `ore_viaggio`, `km_viaggio`), whatever the report's state;
 * - **revenue** is the kept net total without VAT (`rapportini.totale`) of the reports closed in the range, in the
 *   company's currency; it is null for a caller without the prices permission (prezzi read);
 * - **clocked hours** are the calculated work and travel intervals (clocking) that start on a day of the range.
 *
 * `over-all` calls answer the totals of the range; `v2` calls answer the rows of the chart and of its list view
 * (the same numbers). Series are by month, or by day when the range spans at most 31 days.
 */

/** The widest range, in months (spec operations 9). */
export const STATS_MAX_MONTHS = 12;
/** The code a too-wide range answers (spec operations 5 and 8). */
export const STATS_RANGE_TOO_WIDE = '-2';
/** The range at most this many days long is charted by day, a longer one by month. */
export const STATS_DAILY_MAX_DAYS = 31;
/** The customers tab shows this many customers by name and the rest together. */
export const STATS_TOP_CUSTOMERS = 20;
/** On-call contracts are marked when their remaining hours fall to this (spec operations 9). */
export const STATS_ON_CALL_THRESHOLD_HOURS = 10;
/** The expiring tab's default horizon, in days. */
export const STATS_EXPIRING_DEFAULT_DAYS = 30;

/** The range of every statistics call, as path parameters (/stats/stats/{startDate}/{endDate}) or query. */
export const statsRange = z.object({ startDate: isoDate, endDate: isoDate }).strict();
export type StatsRange = z.infer<typeof statsRange>;
export const statsRangeQuery = statsRange;

/** The expiring tab: contracts ending within `giorni` days of today, and activities overdue today. */
export const statsExpiringQuery = z
  .object({ giorni: z.coerce.number().int().min(1).max(366).default(STATS_EXPIRING_DEFAULT_DAYS) })
  .strict();

/** Money as a number with 2 decimals (euro cents exact), or null without the prices permission. */
const money = z.number().nullable();
const ref = z.object({ id: z.string(), nome: z.string() });

export const statsStateCounts = z.object({
  NUOVO: z.number().int(),
  APERTO: z.number().int(),
  CHIUSO: z.number().int(),
  totale: z.number().int(),
});

/** The general tab's totals of one period. */
export const statsTotals = z.object({
  /** Reports in the range by their current state. */
  rapportini: statsStateCounts,
  /** Reports closed in the range. */
  rapportiniChiusi: z.number().int(),
  oreLavoro: z.number(),
  oreViaggio: z.number(),
  km: z.number(),
  ricavi: money,
  /** Distinct customers with a report in the range. */
  clienti: z.number().int(),
});
export type StatsTotals = z.infer<typeof statsTotals>;

/** GET /stats/stats/{startDate}/{endDate}: the range against the previous period of the same length. */
export const statsGeneralResponse = z.object({
  periodo: statsRange,
  /** The period of the same number of days ending the day before startDate. */
  precedente: statsRange,
  corrente: statsTotals,
  confronto: statsTotals,
  valuta: z.string(),
});
export type StatsGeneralResponse = z.infer<typeof statsGeneralResponse>;

export const STATS_GRANULARITIES = ['giorno', 'mese'] as const;

/** One point of a series: `periodo` is YYYY-MM-DD (by day) or YYYY-MM (by month). */
export const statsGeneralPoint = z.object({
  periodo: z.string(),
  rapportini: statsStateCounts,
  rapportiniChiusi: z.number().int(),
  oreLavoro: z.number(),
  oreViaggio: z.number(),
  km: z.number(),
  ricavi: money,
});

/** GET /stats/rapportini/generazione-grafico-v2: the general tab's series, current and previous period. */
export const statsGeneralSeriesResponse = z.object({
  granularita: z.enum(STATS_GRANULARITIES),
  /** Every period of the range, empty ones included, in order. */
  serie: z.array(statsGeneralPoint),
  /** The previous period's points, aligned by position with `serie`. */
  precedente: z.array(statsGeneralPoint),
});

/** GET /stats/rapportini/over-all: the interventions tab's totals. */
export const statsReportsOverallResponse = z.object({
  rapportini: statsStateCounts,
  perTipo: z.array(z.object({ tipo: z.string().nullable(), n: z.number().int() })),
  perMansione: z.array(z.object({ mansione: ref.nullable(), n: z.number().int() })),
  /** Average days from opening to closing of the reports closed in the range; null with none. */
  giorniMediChiusura: z.number().nullable(),
});

/** GET /v2/stats/rapportini: reports in the range over time, by state. */
export const statsReportsSeriesResponse = z.object({
  granularita: z.enum(STATS_GRANULARITIES),
  serie: z.array(
    z.object({
      periodo: z.string(),
      NUOVO: z.number().int(),
      APERTO: z.number().int(),
      CHIUSO: z.number().int(),
      /** Reports closed in this period (whatever their opening). */
      chiusi: z.number().int(),
    }),
  ),
});

/** GET /stats/clienti/over-all: the customers tab's totals. */
export const statsCustomersOverallResponse = z.object({
  clienti: z.number().int(),
  rapportini: z.number().int(),
  oreLavoro: z.number(),
  oreViaggio: z.number(),
  ricavi: money,
});

export const statsCustomerRow = z.object({
  /** Null for the row of the rest ("Altri"). */
  cliente: ref.nullable(),
  /** How many customers the row stands for (1, or the rest's count). */
  clienti: z.number().int(),
  rapportini: z.number().int(),
  oreLavoro: z.number(),
  oreViaggio: z.number(),
  ricavi: money,
});

/** GET /v2/stats/clienti: the top customers by worked hours, then revenue, then name; the rest in one row. */
export const statsCustomersResponse = z.object({ righe: z.array(statsCustomerRow) });

/** GET /stats/contratti/over-all: the contracts tab's totals (on-call hours, maintenance activities). */
export const statsContractsOverallResponse = z.object({
  /** Contracts in force on some day of the range (not ended before it, not starting after it). */
  attivi: z.number().int(),
  chiamata: z.object({
    contratti: z.number().int(),
    oreAcquistate: z.number(),
    /** Hours of the closed reports on these contracts (all time: what is left is what the customer has). */
    oreUsate: z.number(),
    oreResidue: z.number(),
    /** Contracts with at most STATS_ON_CALL_THRESHOLD_HOURS hours left. */
    sottoSoglia: z.number().int(),
  }),
  /** Activity dates due in the range: done by their day, done after it, not done and past, not done and to come. */
  manutenzione: z.object({
    inTempo: z.number().int(),
    inRitardo: z.number().int(),
    scadute: z.number().int(),
    programmate: z.number().int(),
  }),
  ricavi: money,
});

/** GET /stats/contratti/in-scadenza: the expiring tab. */
export const statsExpiringResponse = z.object({
  oggi: z.string(),
  giorni: z.number().int(),
  contratti: z.array(
    z.object({
      id: z.string(),
      identificativo: z.string(),
      tipo: z.enum(['manutenzione', 'chiamata']),
      cliente: ref,
      dataFine: z.string(),
      /** Days from today to dataFine (0 = today). */
      giorniAllaScadenza: z.number().int(),
      rinnovoAutomatico: z.boolean(),
    }),
  ),
  attivitaScadute: z.array(
    z.object({
      /** The activity date's id. */
      id: z.string(),
      contratto: z.object({ id: z.string(), identificativo: z.string() }),
      cliente: ref,
      descrizione: z.string(),
      data: z.string(),
      giorniRitardo: z.number().int(),
    }),
  ),
});

/** GET /v2/stats/contratti: per contract with reports in the range, the most worked first. */
export const statsContractsResponse = z.object({
  righe: z.array(
    z.object({
      contratto: z.object({ id: z.string(), identificativo: z.string(), tipo: z.enum(['manutenzione', 'chiamata']) }),
      cliente: ref,
      rapportini: z.number().int(),
      oreLavoro: z.number(),
      oreViaggio: z.number(),
      ricavi: money,
    }),
  ),
});

/** GET /v2/stats/contratti-chiamata: every on-call contract in force in the range, the fewest hours left first. */
export const statsOnCallResponse = z.object({
  soglia: z.number(),
  righe: z.array(
    z.object({
      contratto: z.object({ id: z.string(), identificativo: z.string() }),
      cliente: ref,
      oreAcquistate: z.number(),
      oreUsate: z.number(),
      /** Hours used by reports closed in the range. */
      oreUsateNelPeriodo: z.number(),
      oreResidue: z.number(),
      sottoSoglia: z.boolean(),
    }),
  ),
});

/** GET /v2/stats/contratti-manutenzione: per maintenance contract, its activity dates due in the range. */
export const statsMaintenanceResponse = z.object({
  righe: z.array(
    z.object({
      contratto: z.object({ id: z.string(), identificativo: z.string() }),
      cliente: ref,
      inTempo: z.number().int(),
      inRitardo: z.number().int(),
      scadute: z.number().int(),
      programmate: z.number().int(),
    }),
  ),
});

/** GET /stats/tecnici/over-all: the technicians tab's totals. */
export const statsTechniciansOverallResponse = z.object({
  tecnici: z.number().int(),
  oreLavoro: z.number(),
  oreViaggio: z.number(),
  oreTimbrateLavoro: z.number(),
  oreTimbrateViaggio: z.number(),
  km: z.number(),
  rapportiniChiusi: z.number().int(),
});

/** GET /v2/stats/tecnici: per technician (every active technician, and anyone with figures in the range), in the
 * technicians' display order (the web colours them with the planner's palette by that order). */
export const statsTechniciansResponse = z.object({
  righe: z.array(
    z.object({
      tecnico: ref,
      oreLavoro: z.number(),
      oreViaggio: z.number(),
      oreTimbrateLavoro: z.number(),
      oreTimbrateViaggio: z.number(),
      km: z.number(),
      rapportiniChiusi: z.number().int(),
    }),
  ),
});

/** The statistics CSV exports (hours and materials of the range): streamed, `;`, UTF-8 with BOM, Italian. */
export const statsCsvQuery = statsRange;
