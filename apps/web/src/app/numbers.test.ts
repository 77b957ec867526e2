import { describe, expect, it } from 'vitest';
import { LOCALES } from '@fs/contract';
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
