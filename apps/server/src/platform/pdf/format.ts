import { formatDate, formatDateTime, formatDay, formatDecimal, formatMoney } from '@fs/contract';

/**
 * Numbers and dates as a printed document writes them, in the document's language (the company's
 * option `lingua_pdf`: IT or EN): the contract's formatting (decision 0038) with '' for a missing
 * value, as a document leaves the cell empty. `2.450,00 €` / `€2,450.00`; dates DD/MM/YYYY in both
 * languages; times on 24 hours in the company's time zone.
 */
export type PdfLang = 'IT' | 'EN';

/** An amount of the company's currency (EUR, USD, GBP, CHF): `2.450,00 €` / `€2,450.00`; '' when missing. */
export const pdfMoney = (value: string | null | undefined, lang: PdfLang, currency = 'EUR'): string =>
  formatMoney(value, lang, currency);

/** A quantity (hours, km, pieces): up to `maxDecimals` decimals, none added; '' when missing. */
export const pdfDecimal = (value: string | null | undefined, lang: PdfLang, maxDecimals = 2): string =>
  formatDecimal(value, lang, maxDecimals);

/** A calendar date `YYYY-MM-DD` (or the date part of an ISO string) as DD/MM/YYYY; '' when missing. */
export const pdfDate = (value: string | null | undefined): string => formatDay(value);

/** An instant as DD/MM/YYYY HH:mm on the clock of `timeZone`; '' when missing. */
export const pdfDateTime = (value: Date | string | null | undefined, timeZone: string): string =>
  formatDateTime(value, timeZone) ?? '';

/** An instant's calendar date DD/MM/YYYY on the clock of `timeZone`; '' when missing. */
export const pdfDateOf = (value: Date | string | null | undefined, timeZone: string): string =>
  formatDate(value instanceof Date || !value ? value : new Date(value), timeZone) ?? '';
