/**
 * Numbers and dates as a printed document writes them, in the document's language (the company's
 * option `lingua_pdf`: IT or EN). Money always grouped and with two decimals: `2.450,00 €` in
 * Italian (CLDR would leave four-digit Italian amounts ungrouped; the spec writes 2.450,00 €),
 * `€2,450.00` in English. Dates DD/MM/YYYY in both languages (the spec's one date format), times on
 * 24 hours in the company's time zone. Decimal strings are formatted exactly, never through a float.
 */
export type PdfLang = 'IT' | 'EN';

const LOCALE: Record<PdfLang, string> = { IT: 'it-IT', EN: 'en-GB' };

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: PdfLang, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[lang], { useGrouping: 'always', ...options } as Intl.NumberFormatOptions);
    formats.set(key, f);
  }
  return f;
}

/** Intl formats a decimal string exactly (its digits), which a number could not promise. */
const exact = (value: string) => value as unknown as number;

/** An amount of the company's currency (EUR, USD, GBP, CHF): `2.450,00 €` / `€2,450.00`; '' when missing. */
export function pdfMoney(value: string | null | undefined, lang: PdfLang, currency = 'EUR'): string {
  if (value === null || value === undefined || value === '') return '';
  return numberFormat(lang, `money-${currency}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(exact(value));
}

/** A quantity (hours, km, pieces): up to `maxDecimals` decimals, none added; '' when missing. */
export function pdfDecimal(value: string | null | undefined, lang: PdfLang, maxDecimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  return numberFormat(lang, `decimal${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(exact(value));
}

/** A calendar date `YYYY-MM-DD` (or the date part of an ISO string) as DD/MM/YYYY; '' when missing. */
export function pdfDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** An instant as DD/MM/YYYY HH:mm on the clock of `timeZone`; '' when missing. */
export function pdfDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} ${p('hour')}:${p('minute')}`;
}

/** An instant's calendar date DD/MM/YYYY on the clock of `timeZone`; '' when missing. */
export function pdfDateOf(value: Date | string | null | undefined, timeZone: string): string {
  return pdfDateTime(value, timeZone).slice(0, 10);
}
