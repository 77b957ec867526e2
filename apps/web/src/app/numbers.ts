/**
 * Money and numbers as the interface language writes them, one formatter per kind for the
 * whole app: `2.450,00 €` in Italian, `€2,450.00` in English. Thousands are always grouped
 * (Italian CLDR leaves four-digit amounts ungrouped: 1160,00 €; the spec writes 2.450,00 €).
 * Decimal strings from the API ("2450.5") are formatted exactly, never through a binary float.
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { useGrouping: 'always', ...options } as Intl.NumberFormatOptions);
    formats.set(key, f);
  }
  return f;
}

const MONEY: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

/** Intl formats a decimal string exactly (its digits), which a number could not promise. */
const exact = (value: string) => value as unknown as number;

/**
 * An amount in euro, or in the company's currency (EUR, USD, GBP, CHF): a decimal string of the API
 * ("2450.5") or a number; '' when missing.
 */
export function formatMoney(value: string | number | null | undefined, locale: string, currency = 'EUR'): string {
  if (value === null || value === undefined || value === '') return '';
  return formatOf(locale, `money-${currency}`, { ...MONEY, currency }).format(
    typeof value === 'string' ? exact(value) : value,
  );
}

/** A euro amount held in cents (subscription prices, payments). */
export function formatCents(cents: number, locale: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return formatMoney(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, locale);
}

/** A quantity (km, hours, amounts of material): up to `maxDecimals` decimals, none added; '' when missing. */
export function formatDecimal(value: string | number | null | undefined, locale: string, maxDecimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  return formatOf(locale, `decimal${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(
    typeof value === 'string' ? exact(value) : value,
  );
}

/** A whole count (records, files): `12.345`. */
export function formatCount(value: number, locale: string): string {
  return formatOf(locale, 'count', { maximumFractionDigits: 0 }).format(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size for people: B, KB, MB, GB or TB (powers of 1024), one decimal past bytes: `1,5 MB`. */
export function formatBytes(bytes: number, locale: string): string {
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${formatDecimal(v, locale, i === 0 ? 0 : 1)} ${BYTE_UNITS[i]}`;
}
