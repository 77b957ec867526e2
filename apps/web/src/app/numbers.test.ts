import { describe, expect, it } from 'vitest';
import { LOCALES, parseDecimal } from '@fs/contract';
import { formatBytes, formatCents, formatCount, formatDecimal, formatMoney } from './numbers';

// Intl puts a no-break space (U+00A0) or a narrow one (U+202F) where people see a space.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers', () => {
  it('writes money the Italian way: grouped thousands, comma decimals, euro after', () => {
    expect(plain(formatMoney('2450', 'it'))).toBe('2.450,00 €');
    expect(plain(formatMoney('2450.5', 'it'))).toBe('2.450,50 €');
    expect(plain(formatMoney('0.35', 'it'))).toBe('0,35 €');
    expect(plain(formatMoney('1160', 'it'))).toBe('1.160,00 €'); // CLDR would leave 1160 ungrouped
    expect(plain(formatMoney(870, 'it'))).toBe('870,00 €');
    expect(plain(formatCents(116000, 'it'))).toBe('1.160,00 €');
    expect(plain(formatCents(-5, 'it'))).toBe('-0,05 €');
    expect(formatMoney(null, 'it')).toBe('');
    expect(formatMoney('', 'it')).toBe('');
  });

  it("writes the company's currency when it is not the euro", () => {
    expect(plain(formatMoney('2450.5', 'it', 'CHF'))).toBe('2.450,50 CHF');
    expect(plain(formatMoney('2450.5', 'it', 'USD'))).toBe('2.450,50 USD');
    expect(plain(formatMoney('2450.5', 'en', 'GBP'))).toBe('£2,450.50');
    expect(plain(formatMoney('12', 'it', 'EUR'))).toBe('12,00 €');
  });

  it('keeps every digit of a decimal string (no binary float on the way)', () => {
    expect(plain(formatMoney('12345678901.23', 'it'))).toBe('12.345.678.901,23 €');
    expect(plain(formatMoney('0.1', 'it'))).toBe('0,10 €');
    expect(formatDecimal('1234567.89', 'it')).toBe('1.234.567,89');
  });

  it('writes quantities and counts without added decimals', () => {
    expect(formatDecimal('12.5', 'it')).toBe('12,5');
    expect(formatDecimal('3', 'it')).toBe('3');
    expect(formatDecimal('2.125', 'it', 3)).toBe('2,125');
    expect(formatCount(12345, 'it')).toBe('12.345');
    expect(formatCount(1000, 'it')).toBe('1.000');
  });

  it.each([
    ['it', '2.450,50 €'],
    ['en', '€2,450.50'],
    ['es', '2.450,50 €'],
    ['fr', '2 450,50 €'],
    ['de', '2.450,50 €'],
  ])('in %s: %s', (locale, expected) => {
    expect(plain(formatMoney('2450.50', locale))).toBe(expected);
  });

  it("writes sizes in B, KB, MB, GB with one decimal past bytes, the language's way", () => {
    expect(formatBytes(0, 'it')).toBe('0 B');
    expect(formatBytes(1023, 'it')).toBe('1.023 B');
    expect(formatBytes(1536, 'it')).toBe('1,5 KB');
    expect(formatBytes(1.5 * 1024 ** 2, 'en')).toBe('1.5 MB');
    expect(formatBytes(9 * 1024 ** 3, 'it')).toBe('9 GB');
    expect(plain(formatBytes(1500 * 1024 ** 4, 'fr'))).toBe('1 500 TB');
  });

  it('answers for every interface language', () => {
    for (const l of LOCALES) expect(formatMoney('1', l)).toMatch(/1/);
  });
});

/**
 * What the app shows, typed or pasted back into a number field, read by the one parser of the
 * contract (`parseDecimal`, decision 0022): a comma is the decimal mark, dots before groups of exactly
 * three digits and spaces group thousands, any other dot is a decimal mark. The rule: read back as
 * the same number, or refused, never read as another number (the one exception, an English quantity
 * with exactly three decimals, is the decision's known limit).
 */
describe('parse and format round trips in every interface language', () => {
  const amounts = ['0.35', '12.5', '999.99', '2450', '2450.5', '1234567.89', '1234567'];
  /** A money amount as shown, without its currency sign (what someone copies into a field). */
  const moneyDigits = (v: string, l: string) => formatMoney(v, l).replace('€', '').trim();
  const read = (shown: string) => {
    const r = parseDecimal(shown);
    return 'value' in r ? Number(r.value) : r.problem;
  };

  it.each([...LOCALES])('%s: every amount and quantity shown is read back as itself or refused', (l) => {
    for (const v of amounts) {
      for (const shown of [moneyDigits(v, l), formatDecimal(v, l)]) {
        const back = read(shown);
        if (typeof back === 'number') expect(back, `${l} ${shown}`).toBe(Number(v));
      }
    }
  });

  it.each(['it', 'es', 'de', 'fr'])('%s: money (always with cents) reads back exactly', (l) => {
    for (const v of amounts) expect(read(moneyDigits(v, l)), `${l} ${moneyDigits(v, l)}`).toBe(Number(v));
  });

  it.each([
    ['it', '2.450,5', 2450.5],
    ['es', '2.450,5', 2450.5],
    ['de', '2.450,5', 2450.5],
    ['fr', '2 450,5', 2450.5],
    ['it', '1.234.567', 1234567],
    ['fr', '2 450', 2450],
    ['en', '12.5', 12.5],
    ['en', '999.99', 999.99],
  ])('%s: the quantity shown as %s reads back', (l, shown, value) => {
    expect(plain(formatDecimal(String(value), l))).toBe(shown);
    expect(read(formatDecimal(String(value), l))).toBe(value);
  });

  it('reads Italian thousands, and refuses what it cannot read for certain, rather than guessing', () => {
    // Italian, Spanish and German group 2450 as "2.450": dots before groups of three digits group
    // thousands, so it reads back as 2450 (a km of 1.200 is twelve hundred).
    for (const l of ['it', 'es', 'de']) expect(read(formatDecimal('2450', l))).toBe(2450);
    expect(read('1.200')).toBe(1200);
    // English groups with commas and marks decimals with a dot: "2,450.00" has both, read the Italian way
    // (comma decimal, then "450.00" is no number) it is refused; below 1000 English is read as written.
    expect(plain(formatMoney('2450', 'en'))).toBe('€2,450.00');
    expect(read(moneyDigits('2450', 'en'))).toBe('invalid');
    expect(read('2,450.00')).toBe('invalid');
    expect(read(formatDecimal('2450.5', 'en'))).toBe('invalid');
    expect(read(formatDecimal('2450', 'en'))).toBe('decimals');
    expect(read(moneyDigits('999.99', 'en'))).toBe(999.99);
  });
});
