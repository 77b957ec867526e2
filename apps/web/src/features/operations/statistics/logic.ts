import {
  addDays,
  formatDay,
  formatDecimal,
  formatMoney,
  localeOf,
  STATS_MAX_MONTHS,
  type FormatLang,
} from '@fs/contract';
import { periodRange, PERIODS, type Period } from '../reports/periods';

/**
 * The statistics page's logic, apart from React (issue 27): its address (tab, shortcut or free
 * range), the client's own check of the 12-month limit (the server answers -2 all the same), the
 * periods of a series as days, and the numbers, dates and summaries written the Italian way.
 */
export const TABS = ['general', 'expiring', 'interventions', 'customers', 'contracts', 'technicians'] as const;
export type Tab = (typeof TABS)[number];

export { PERIODS, type Period };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string => !!v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export interface StatsAddress {
  tab: Tab;
  /** The shortcut chosen, or null for a free range. */
  periodo: Period | null;
  dal: string;
  al: string;
}

/** The shortcut a page opens on. */
export const DEFAULT_PERIOD: Period = 'ultimi_30';

/**
 * Reads ?tab=&periodo=&dal=&al=: a free range (dal and al, both days) wins over a shortcut; anything
 * out of place falls back to the general tab and the last 30 days.
 */
export function readAddress(params: URLSearchParams, today: string): StatsAddress {
  const tabText = params.get('tab') ?? '';
  const tab = (TABS as readonly string[]).includes(tabText) ? (tabText as Tab) : 'general';
  const dal = params.get('dal');
  const al = params.get('al');
  if (isDay(dal) && isDay(al)) return { tab, periodo: null, dal, al };
  const p = params.get('periodo') ?? '';
  const periodo = (PERIODS as readonly string[]).includes(p) ? (p as Period) : DEFAULT_PERIOD;
  return { tab, periodo, ...periodRange(periodo, today) };
}

/** The day `months` calendar months after `day` (the month's last day when it has fewer days). */
export function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const d = Number(day.slice(8, 10));
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const at = new Date(Date.UTC(y, m, Math.min(d, last)));
  return at.toISOString().slice(0, 10);
}

export type RangeProblem = 'missing' | 'order' | 'tooWide';

/**
 * What is wrong with a range before it is asked for: a missing day, the end before the start, or
 * longer than 12 months (the end past the start plus 12 months less a day; spec operations 5).
 */
export function rangeProblem(dal: string, al: string): RangeProblem | null {
  if (!isDay(dal) || !isDay(al)) return 'missing';
  if (al < dal) return 'order';
  if (al > addDays(addMonths(dal, STATS_MAX_MONTHS), -1)) return 'tooWide';
  return null;
}

/** The first and last day of a series' period (YYYY-MM or YYYY-MM-DD), kept within the range. */
export function periodDays(periodo: string, range: { dal: string; al: string }): { dal: string; al: string } {
  if (DAY.test(periodo)) return { dal: periodo, al: periodo };
  const first = `${periodo}-01`;
  const last = addDays(addMonths(first, 1), -1);
  return { dal: first < range.dal ? range.dal : first, al: last > range.al ? range.al : last };
}

/** A series' period for an axis or a row: "mar 2026" for a month, "05/03" for a day (Italian). */
export function periodLabel(periodo: string, lang: FormatLang, long = false): string {
  if (DAY.test(periodo)) return long ? formatDay(periodo) : `${periodo.slice(8, 10)}/${periodo.slice(5, 7)}`;
  const at = new Date(`${periodo}-01T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return periodo;
  return new Intl.DateTimeFormat(localeOf(lang), {
    month: long ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** Hours with up to two decimals: "1.234,5". */
export const formatHours = (n: number, lang: FormatLang) => formatDecimal(Math.round(n * 100) / 100, lang, 2);

/** The change from `before` to `now` in whole percent, or null when there was nothing before. */
export function change(now: number, before: number): number | null {
  if (!before) return null;
  return Math.round(((now - before) / Math.abs(before)) * 100);
}

/** "+12%", "−3%", "0%". */
export function changeText(pct: number, lang: FormatLang): string {
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '';
  return `${sign}${formatDecimal(Math.abs(pct), lang, 0)}%`;
}

export type Measure = 'hours' | 'money' | 'count' | 'km' | 'days';

/** One number as its kind is written: hours and km with decimals, money with its currency, counts whole. */
export function formatMeasure(value: number | null, kind: Measure, lang: FormatLang, currency = 'EUR'): string {
  if (value === null) return '';
  switch (kind) {
    case 'money':
      return formatMoney(Math.round(value * 100) / 100, lang, currency);
    case 'count':
      return formatDecimal(Math.round(value), lang, 0);
    case 'days':
      return formatDecimal(value, lang, 1);
    case 'hours':
    case 'km':
      return formatHours(value, lang);
  }
}

/**
 * A chart's short text summary (its accessible description): "Ore lavorate: 1.234,5 (+12% sul
 * periodo precedente)", the comparison left out without a previous value or when it was 0.
 * `t` gives the translated frame of the comparison.
 */
export function summaryText(
  label: string,
  value: string,
  pct: number | null,
  lang: FormatLang,
  compare: (change: string) => string,
): string {
  return pct === null ? `${label}: ${value}` : `${label}: ${value} (${compare(changeText(pct, lang))})`;
}

/** The /interventions address of a drill-down: the report list's own filters (list-query.ts). */
export function reportsLink(filters: Record<string, string | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) p.set(k, v);
  return `/interventions?${p.toString()}`;
}

/** The /interventions address of the reports closed on the days `d` (closing days, the company's), with `filters`. */
export function closedLink(
  d: { dal: string; al: string },
  filters: Record<string, string | null | undefined> = {},
): string {
  return reportsLink({ ...filters, stato: 'CHIUSO', chiuso_dal: d.dal, chiuso_al: d.al });
}
