import { wallClock, type Instant } from './time.js';

/**
 * Money, numbers, dates and hours as people read them, defined once for the server (exports,
 * mails), the PDFs and the web (decision 0038). The language is the interface's or the document's:
 * it / IT / it-IT is Italian (it-IT), en / EN English (en-GB); another interface language (es, fr,
 * de) is its own locale.
 * - Money always grouped, two decimals: `2.450,00 €` in Italian (CLDR would leave four-digit Italian
 *   amounts ungrouped; the spec writes 2.450,00 €), `€2,450.00` in English.
 * - Dates DD/MM/YYYY in both languages (the spec's one date format), hours on 24 hours, an instant
 *   always read on the company's time zone.
 * Decimal strings of the API ("2450.5") are formatted exactly, never through a binary float.
 */
export type FormatLang = string;

/** The Intl locale of a language: it-IT, en-GB, or the language itself (es, fr, de). */
export function localeOf(lang: FormatLang): string {
  const code = lang.slice(0, 2).toLowerCase();
  if (code === 'it') return 'it-IT';
  if (code === 'en' || !/^[a-z]{2}$/.test(code)) return 'en-GB';
  return lang.length === 2 ? code : lang;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: FormatLang, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = localeOf(lang);
  const key = `${locale}|${kind}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { useGrouping: 'always', ...options } as Intl.NumberFormatOptions);
    numberFormats.set(key, f);
  }
  return f;
}

/** Intl formats a decimal string exactly (its digits), which a number could not promise. */
const exact = (value: string | number) => value as unknown as number;

const missing = (v: unknown): v is null | undefined | '' => v === null || v === undefined || v === '';

/**
 * An amount of the company's currency (EUR, USD, GBP, CHF): a decimal string of the API ("2450.5")
 * or a number; '' when missing.
 */
export function formatMoney(value: string | number | null | undefined, lang: FormatLang, currency = 'EUR'): string {
  if (missing(value)) return '';
  return numberFormat(lang, `money-${currency}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(exact(value));
}

/** A euro amount held in cents (subscription prices, payments). */
export function formatCents(cents: number, lang: FormatLang): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return formatMoney(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, lang);
}

/** A quantity (km, hours, pieces): up to `maxDecimals` decimals, none added; '' when missing. */
export function formatDecimal(value: string | number | null | undefined, lang: FormatLang, maxDecimals = 2): string {
  if (missing(value)) return '';
  return numberFormat(lang, `decimal${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(exact(value));
}

/** A whole count (records, files): `12.345` / `12,345`. */
export function formatCount(value: number, lang: FormatLang): string {
  return numberFormat(lang, 'count', { maximumFractionDigits: 0 }).format(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size for people: B, KB, MB, GB or TB (powers of 1024), one decimal past bytes: `1,5 MB`. */
export function formatBytes(bytes: number, lang: FormatLang): string {
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${formatDecimal(v, lang, i === 0 ? 0 : 1)} ${BYTE_UNITS[i]}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar day (YYYY-MM-DD, or the date written at the start of a string) as DD/MM/YYYY; '' when none. */
export function formatDay(day: string | null | undefined): string {
  const m = day ? DAY.exec(day) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

const validInstant = (at: Instant | null | undefined): at is Instant =>
  at !== null && at !== undefined && at !== '' && !Number.isNaN(new Date(at).getTime());

/**
 * A wire date or instant as DD/MM/YYYY: a day (YYYY-MM-DD) as written, an instant on the zone's
 * calendar; null when missing or unreadable.
 */
export function formatDate(value: Instant | null | undefined, timeZone: string): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  if (!validInstant(value)) return null;
  return formatDay(wallClock(value, timeZone).date);
}

/** An instant as DD/MM/YYYY HH:mm on the zone's clock; null when missing or unreadable. */
export function formatDateTime(value: Instant | null | undefined, timeZone: string): string | null {
  if (!validInstant(value)) return null;
  const w = wallClock(value, timeZone);
  return `${formatDay(w.date)} ${w.time}`;
}

/** An instant's time HH:mm (24 hours) on the zone's clock; null when missing or unreadable. */
export function formatTime(value: Instant | null | undefined, timeZone: string): string | null {
  if (!validInstant(value)) return null;
  return wallClock(value, timeZone).time;
}

const longFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * An instant in words, for mails and banners: "lunedì 23 novembre 2026 alle ore 09:00" /
 * "Monday 23 November 2026 at 09:00" (the date alone without `withTime`), on the zone's clock.
 */
export function formatLongDateTime(value: Instant, lang: FormatLang, timeZone: string, withTime = true): string {
  const key = `${localeOf(lang)}|${timeZone}|${withTime}`;
  let f = longFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf(lang), {
      timeZone,
      dateStyle: 'full',
      ...(withTime ? { timeStyle: 'short', hourCycle: 'h23' } : {}),
    } as Intl.DateTimeFormatOptions);
    longFormats.set(key, f);
  }
  return f.format(new Date(value));
}
