/**
 * Exact decimal arithmetic for money, hours, km and quantities (issue 11: "money in exact
 * decimals, never binary floats"). A value is a bigint holding ten-thousandths (scale 4), so a
 * product of two 2-decimal values (hours x hourly price) is exact before it is rounded; amounts
 * are rounded to cents half away from zero (the commercial rule: 0.005 -> 0.01) line by line,
 * and totals are the sums of rounded lines (what an invoice shows adds up).
 */

export type Dec = bigint;

const SCALE = 10_000n;
const DIGITS = 4;

/** Reads a canonical dot decimal ("1250.5", "-3", "0.125"); empty, null or undefined is zero. */
export function dec(value: string | number | null | undefined): Dec {
  if (value === null || value === undefined || value === '') return 0n;
  const s = typeof value === 'number' ? value.toFixed(DIGITS) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = (m[3] ?? '').padEnd(DIGITS + 1, '0');
  // One digit past the scale, rounded half away from zero.
  let units = BigInt(m[2]!) * SCALE + BigInt(frac.slice(0, DIGITS));
  if (Number(frac[DIGITS]) >= 5) units += 1n;
  return m[1] ? -units : units;
}

/** Divides rounding half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const away = twice >= (d < 0n ? -d : d);
  if (!away) return q;
  return n < 0n !== d < 0n ? q - 1n : q + 1n;
}

export const add = (...values: Dec[]): Dec => values.reduce((a, b) => a + b, 0n);

/** a x b, exact to the scale (rounded half away from zero past it). */
export const mul = (a: Dec, b: Dec): Dec => divRound(a * b, SCALE);

/** a / b rounded to the scale; b must not be zero. */
export const div = (a: Dec, b: Dec): Dec => divRound(a * SCALE, b);

/** Rounded to `decimals` (2: cents), half away from zero. */
export function round(a: Dec, decimals = 2): Dec {
  const step = 10n ** BigInt(DIGITS - decimals);
  return divRound(a, step) * step;
}

export const max = (a: Dec, b: Dec): Dec => (a > b ? a : b);

/** The canonical dot string with `decimals` digits (rounded): "1250.50". */
export function str(a: Dec, decimals = 2): string {
  const r = round(a, decimals);
  const neg = r < 0n;
  const abs = neg ? -r : r;
  const int = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(DIGITS, '0').slice(0, decimals);
  return `${neg ? '-' : ''}${int}${decimals > 0 ? `.${frac}` : ''}`;
}

/** Hours between two "HH:MM" times of one day (0 when the end is not after the start). */
export function hoursBetween(start: string, end: string): Dec {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const diff = minutes(end) - minutes(start);
  return diff > 0 ? div(BigInt(diff) * SCALE, 60n * SCALE) : 0n;
}
