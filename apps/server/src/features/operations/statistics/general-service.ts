import { STATS_GRANULARITIES, type StatsRange } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import * as daily from './daily-repo.js';
import { moneyOf, round2, scopeOf, type StatsScope } from './figures.js';
import { addMonths, granularityOf, periodOf, periodsOf, previousOf, type Granularity } from './range.js';

/**
 * The general tab and the interventions tab's series (decision 0046). The figures are read by company day over
 * the previous period and the range together (they are contiguous: one read per source), then summed by period.
 */

type State = 'NUOVO' | 'APERTO' | 'CHIUSO';

interface Bucket {
  NUOVO: number;
  APERTO: number;
  CHIUSO: number;
  chiusi: number;
  ore: number;
  viaggio: number;
  km: number;
  ricavi: number;
}

const empty = (): Bucket => ({ NUOVO: 0, APERTO: 0, CHIUSO: 0, chiusi: 0, ore: 0, viaggio: 0, km: 0, ricavi: 0 });

interface Days {
  opened: daily.OpenedDay[];
  closed: daily.ClosedDay[];
  work: daily.WorkDay[];
}

/** The daily sums over [from, the range's end]. */
const daysOf = (ctx: CompanyContext, scope: StatsScope, from: string): Promise<Days> =>
  daily.dayTotals(ctx.db, scope.aziendaId, { ...scope.span, from });

/** Sums the days of [from, to] into buckets keyed by `keyOf(day)` (undefined: left out). */
function bucketsOf(days: Days, from: string, to: string, keyOf: (day: string) => string | undefined) {
  const out = new Map<string, Bucket>();
  const at = (day: string): Bucket | undefined => {
    if (day < from || day > to) return undefined;
    const k = keyOf(day);
    if (k === undefined) return undefined;
    let b = out.get(k);
    if (!b) out.set(k, (b = empty()));
    return b;
  };
  for (const o of days.opened) {
    const b = at(o.giorno);
    if (b) b[o.stato as State] += o.n;
  }
  for (const c of days.closed) {
    const b = at(c.giorno);
    if (b) {
      b.chiusi += c.n;
      b.ricavi += Number(c.ricavi);
    }
  }
  for (const w of days.work) {
    const b = at(w.giorno);
    if (b) {
      b.ore += Number(w.ore);
      b.viaggio += Number(w.viaggio);
      b.km += Number(w.km);
    }
  }
  return out;
}

const counts = (b: Bucket) => ({
  NUOVO: b.NUOVO,
  APERTO: b.APERTO,
  CHIUSO: b.CHIUSO,
  totale: b.NUOVO + b.APERTO + b.CHIUSO,
});

function totalsOf(scope: StatsScope, b: Bucket, clienti: number) {
  return {
    rapportini: counts(b),
    rapportiniChiusi: b.chiusi,
    oreLavoro: round2(b.ore),
    oreViaggio: round2(b.viaggio),
    km: round2(b.km),
    ricavi: moneyOf(scope, b.ricavi),
    clienti,
  };
}

/** GET /stats/stats/{startDate}/{endDate}. */
export async function general(ctx: CompanyContext, range: StatsRange) {
  const scope = scopeOf(ctx, range);
  const prev = previousOf(range);
  const [days, clienti, clientiPrima] = await Promise.all([
    daysOf(ctx, scope, prev.startDate),
    daily.customersIn(ctx.db, scope.aziendaId, scope.span),
    daily.customersIn(ctx.db, scope.aziendaId, { ...scope.span, from: prev.startDate, to: prev.endDate }),
  ]);
  const cur = bucketsOf(days, range.startDate, range.endDate, () => 'x').get('x') ?? empty();
  const old = bucketsOf(days, prev.startDate, prev.endDate, () => 'x').get('x') ?? empty();
  return {
    periodo: { startDate: range.startDate, endDate: range.endDate },
    precedente: prev,
    corrente: totalsOf(scope, cur, clienti),
    confronto: totalsOf(scope, old, clientiPrima),
    valuta: 'EUR',
  };
}

/**
 * The previous period's buckets aligned by position with the range's: by day, its i-th day; by month, the i-th
 * month from its first (a previous period spanning one month more than the range has its last two months in the
 * last point, one spanning one fewer has an empty last point).
 */
function previousKeys(range: StatsRange, g: Granularity, n: number) {
  const prev = previousOf(range);
  const periods = periodsOf(prev, g);
  const index = new Map(periods.map((p, i) => [p, Math.min(i, n - 1)]));
  const last = `${periods.at(-1)!.slice(0, 7)}-01`;
  const labels = Array.from({ length: n }, (_, i) => periods[i] ?? addMonths(last, i - periods.length + 1).slice(0, 7));
  return { prev, labels, keyOf: (day: string) => String(index.get(periodOf(day, g))) };
}

function pointOf(scope: StatsScope, periodo: string, b: Bucket | undefined) {
  const x = b ?? empty();
  return {
    periodo,
    rapportini: counts(x),
    rapportiniChiusi: x.chiusi,
    oreLavoro: round2(x.ore),
    oreViaggio: round2(x.viaggio),
    km: round2(x.km),
    ricavi: moneyOf(scope, x.ricavi),
  };
}

/** GET /stats/rapportini/generazione-grafico-v2. */
export async function generalSeries(ctx: CompanyContext, range: StatsRange) {
  const scope = scopeOf(ctx, range);
  const g = granularityOf(range);
  const periods = periodsOf(range, g);
  const p = previousKeys(range, g, periods.length);
  const days = await daysOf(ctx, scope, p.prev.startDate);
  const cur = bucketsOf(days, range.startDate, range.endDate, (d) => periodOf(d, g));
  const old = bucketsOf(days, p.prev.startDate, p.prev.endDate, p.keyOf);
  return {
    granularita: g satisfies (typeof STATS_GRANULARITIES)[number],
    serie: periods.map((k) => pointOf(scope, k, cur.get(k))),
    precedente: p.labels.map((label, i) => pointOf(scope, label, old.get(String(i)))),
  };
}

/** GET /v2/stats/rapportini: reports opened per period by state, and closed per period. */
export async function reportsSeries(ctx: CompanyContext, range: StatsRange) {
  const scope = scopeOf(ctx, range);
  const g = granularityOf(range);
  const periods = periodsOf(range, g);
  const days = await daysOf(ctx, scope, range.startDate);
  const cur = bucketsOf(days, range.startDate, range.endDate, (d) => periodOf(d, g));
  return {
    granularita: g,
    serie: periods.map((k) => {
      const b = cur.get(k) ?? empty();
      return { periodo: k, NUOVO: b.NUOVO, APERTO: b.APERTO, CHIUSO: b.CHIUSO, chiusi: b.chiusi };
    }),
  };
}
