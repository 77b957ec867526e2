import { z } from 'zod';
import { isValidRecipientCode, vatNumberProblem } from './validators.js';

/**
 * The field rules every form and route shares, defined once: optional and required text,
 * the list search term and column filters, prices and other decimals. Decimals travel as
 * strings with a dot ("2450.50"), never binary floats; what a person types is read the
 * Italian way too ("2.450,50", "2450,5") by `parseDecimal`.
 */

/** An id as every route's path and query read it (`z.uuid()`): a page whose id fails is a page that does not exist. */
export function isUuid(value: string): boolean {
  return z.uuid().safeParse(value).success;
}

/** The longest search term or column filter a list accepts. */
export const SEARCH_MAX_LENGTH = 100;

/** The one message of an empty required field, on every route. */
export const REQUIRED_MESSAGE = 'Campo obbligatorio';

/** The messages of a wrong partita IVA: not 11 digits, or 11 digits with a wrong check digit. */
export const VAT_NUMBER_MESSAGES = {
  format: 'La partita IVA deve avere 11 cifre',
  check: 'La cifra di controllo della partita IVA non è corretta',
} as const;

/** Adds the partita IVA's problem, if any, as an issue of the field being checked. */
function checkPartitaIva(v: string, ctx: z.RefinementCtx): void {
  const problem = vatNumberProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: VAT_NUMBER_MESSAGES[problem], params: { problem } });
}

/** A required partita IVA: empty says so, then 11 digits, then the check digit, each with its own message. */
export const vatNumberField = z
  .string()
  .trim()
  .min(1, { message: REQUIRED_MESSAGE, abort: true })
  .superRefine(checkPartitaIva);

/** An optional partita IVA: empty is null; otherwise as `partitaIvaField`. */
export const optionalVatNumberField = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v !== '') checkPartitaIva(v, ctx);
  })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** A required email address: empty says it is required, anything else that is no address says so. */
export const requiredEmail = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: REQUIRED_MESSAGE, abort: true })
    .pipe(z.email('Indirizzo email non valido').max(max, `Al massimo ${max} caratteri`));

/** Optional text: trimmed, at most `max` characters, `''` / missing / null all become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Al massimo ${max} caratteri`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** Required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, REQUIRED_MESSAGE).max(max, `Al massimo ${max} caratteri`);

/** A list's free search (`q`) or a column filter: trimmed, empty means none. */
export const searchTerm = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, `Al massimo ${SEARCH_MAX_LENGTH} caratteri`)
  .optional()
  .transform((v) => v || undefined);

/** A search that must say something (search as you type): trimmed, 1 to SEARCH_MAX_LENGTH characters. */
export const requiredSearchTerm = requiredText(SEARCH_MAX_LENGTH);

export type DecimalProblem = 'invalid' | 'negative' | 'decimals' | 'too_large';

/** The message of each decimal problem (Italian; the web translates by problem). */
export const DECIMAL_MESSAGES: Record<DecimalProblem, string> = {
  invalid: 'Numero non valido',
  negative: 'Deve essere zero o più',
  decimals: 'Al massimo 2 decimali',
  too_large: 'Numero troppo grande',
};

/** A decimal problem's message for a field of `decimals` decimals ("Al massimo 1 decimale" for km). */
export function decimalMessage(problem: DecimalProblem, decimals = 2): string {
  if (problem !== 'decimals') return DECIMAL_MESSAGES[problem];
  return decimals === 1 ? 'Al massimo 1 decimale' : `Al massimo ${decimals} decimali`;
}

/** Dots that group an integer's thousands: 1 to 3 digits (not a lone 0), then groups of exactly three. */
const THOUSANDS = /^(?!0\.)\d{1,3}(\.\d{3})+$/;

/**
 * Reads a decimal as people type it, one reading whatever the interface language (decision 0022):
 * a comma is the decimal mark; a dot groups thousands where it stands before groups of exactly three
 * digits (`1.200` is 1200, `1.234.567,8`); any other single dot is the decimal mark (`2.5`, `12.50`,
 * `0.500`); spaces and apostrophes group thousands too; in a field of three or more decimals a single
 * dot before three digits is the decimal mark (`2.000` pieces, as the API writes a quantity). A JSON
 * number is read as a number (its dot is always the decimal mark). Answers the canonical string (the digits typed are kept: "2450.00") or
 * the problem.
 */
export function parseDecimal(
  input: string | number,
  opts: { decimals?: number; intDigits?: number } = {},
): { value: string } | { problem: DecimalProblem } {
  const decimals = opts.decimals ?? 2;
  const intDigits = opts.intDigits ?? 10;
  let s: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { problem: 'invalid' };
    // Never "1e21": a number that large is too large anyway; the dot of a number is its decimal mark.
    s = Math.abs(input) >= 1e21 ? '1'.padEnd(22, '0') : String(input).replace('.', ',');
  } else s = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  let int: string;
  let frac = '';
  if (s.includes(',')) {
    const parts = s.split(',');
    if (parts.length !== 2) return { problem: 'invalid' };
    [int, frac] = parts as [string, string];
    if (int.includes('.') && !THOUSANDS.test(int)) return { problem: 'invalid' };
    int = int.replace(/\./g, '');
  } else if (THOUSANDS.test(s) && !(decimals >= 3 && /^\d+\.\d{3}$/.test(s))) {
    // In a field that holds three decimals or more (a quantity) a single dot before three digits is the
    // decimal mark: that is how the API writes its values ("2.000"), and one sent back must not grow a thousandfold.
    int = s.replace(/\./g, '');
  } else {
    const parts = s.split('.');
    if (parts.length > 2) return { problem: 'invalid' };
    int = parts[0]!;
    frac = parts[1] ?? '';
    if (parts.length === 2 && frac === '') return { problem: 'invalid' };
  }
  if (int === '' && frac !== '') int = '0';
  if (!/^\d+$/.test(int) || !/^\d*$/.test(frac)) return { problem: 'invalid' };
  if (negative && /[1-9]/.test(int + frac)) return { problem: 'negative' };
  if (frac.length > decimals) return { problem: 'decimals' };
  int = int.replace(/^0+(?=\d)/, '');
  if (int.length > intDigits) return { problem: 'too_large' };
  return { value: frac ? `${int}.${frac}` : int };
}

/**
 * An optional non-negative decimal field (a price, km, hours): accepts a string in any form
 * `parseDecimal` reads, or a number; empty is null; answers the canonical dot string.
 */
export const decimalField = (opts: { decimals?: number; intDigits?: number } = {}) =>
  z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      if (typeof v === 'string' && v.trim() === '') return null;
      const r = parseDecimal(v, opts);
      if ('problem' in r) {
        ctx.addIssue({
          code: 'custom',
          message: decimalMessage(r.problem, opts.decimals ?? 2),
          params: { problem: r.problem },
        });
        return z.NEVER;
      }
      return r.value;
    })
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** A price: at most 2 decimals and 10 integer digits, zero or more. */
export const priceField = decimalField({ decimals: 2, intDigits: 10 });

/** Certified mail (PEC) of a company or a customer: optional, an address when given. */
export const pecField = z
  .union([z.literal(''), z.string().trim().email('Indirizzo PEC non valido').max(200)])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** The SDI recipient code for e-invoices: optional, 6 or 7 letters and digits, upper-cased. */
export const recipientCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isValidRecipientCode(v), 'Codice destinatario non valido (6 o 7 caratteri)')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/**
 * An address the server calls (a webhook's endpoint, Mexal's WebAPI): http(s), a host, no user or password in it
 * (credentials travel in their own header), at most `max` characters; the messages name what it is.
 */
export function httpAddress(max: number, m: { required: string; tooLong: string; invalid: string }) {
  return z
    .string()
    .trim()
    .min(1, m.required)
    .max(max, m.tooLong)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && u.hostname !== '';
      } catch {
        return false;
      }
    }, m.invalid);
}
