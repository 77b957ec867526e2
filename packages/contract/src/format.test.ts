import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCents,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDecimal,
  formatLongDateTime,
  formatMoney,
  formatTime,
  localeOf,
} from './format.js';

// Intl writes a narrow no-break space in some outputs: compare with plain spaces.
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('money and numbers', () => {
  it('writes Italian and English amounts, always grouped, exactly', () => {
    expect(plain(formatMoney('2450', 'it'))).toBe('2.450,00 €');
    expect(plain(formatMoney('2450', 'IT'))).toBe('2.450,00 €');
    expect(formatMoney('2450', 'en')).toBe('€2,450.00');
    expect(formatMoney('2450.5', 'EN')).toBe('€2,450.50');
    expect(plain(formatMoney('1234567.891', 'it-IT'))).toBe('1.234.567,89 €');
    expect(formatMoney('90071992547409.99', 'en')).toBe('€90,071,992,547,409.99');
    expect(plain(formatMoney('-12.5', 'it'))).toBe('-12,50 €');
    expect(formatMoney(null, 'it')).toBe('');
    expect(formatMoney('', 'it')).toBe('');
    expect(formatMoney('10', 'en', 'USD')).toBe('US$10.00');
    expect(plain(formatCents(245000, 'it'))).toBe('2.450,00 €');
    expect(formatCents(-5, 'en')).toBe('-€0.05');
  });

  it('writes quantities, counts and sizes', () => {
    expect(formatDecimal('2.5', 'it')).toBe('2,5');
    expect(formatDecimal('1250.125', 'en')).toBe('1,250.13');
    expect(formatDecimal(3, 'it', 0)).toBe('3');
    expect(formatCount(12345, 'it')).toBe('12.345');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatBytes(512, 'it')).toBe('512 B');
    expect(formatBytes(1536, 'it')).toBe('1,5 KB');
    expect(formatBytes(5 * 1024 ** 3, 'en')).toBe('5 GB');
    expect(localeOf('it-IT')).toBe('it-IT');
    expect(localeOf('fr')).toBe('fr');
    expect(localeOf('DE')).toBe('de');
    expect(localeOf('')).toBe('en-GB');
    expect(formatDecimal('2450.5', 'de')).toBe('2.450,5');
  });
});

describe('dates and hours', () => {
  it('writes a day as DD/MM/YYYY in both languages, whatever the zone', () => {
    expect(formatDay('2026-11-23')).toBe('23/11/2026');
    expect(formatDay('2026-11-23T23:30:00Z')).toBe('23/11/2026');
    expect(formatDay(null)).toBe('');
    expect(formatDate('2026-11-23', 'Asia/Tokyo')).toBe('23/11/2026');
    expect(formatDate(undefined, 'Europe/Rome')).toBeNull();
    expect(formatDate('garbage', 'Europe/Rome')).toBeNull();
  });

  it('reads an instant on the zone clock, midnight edges and DST included', () => {
    expect(formatDate('2026-11-22T23:30:00Z', 'Europe/Rome')).toBe('23/11/2026');
    expect(formatDate('2026-11-22T23:30:00Z', 'America/New_York')).toBe('22/11/2026');
    expect(formatDateTime('2026-11-22T23:00:00Z', 'Europe/Rome')).toBe('23/11/2026 00:00');
    expect(formatDateTime('2026-11-22T22:59:00Z', 'Europe/Rome')).toBe('22/11/2026 23:59');
    expect(formatDateTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Rome')).toBe('29/03/2026 03:00');
    expect(formatDateTime('2026-03-29T00:59:00Z', 'Europe/Rome')).toBe('29/03/2026 01:59');
    expect(formatDateTime('2026-11-22T15:00:00Z', 'Asia/Tokyo')).toBe('23/11/2026 00:00');
    expect(formatTime('2026-07-01T12:05:00Z', 'America/New_York')).toBe('08:05');
    expect(formatTime('2026-07-01T12:05:00Z', 'Europe/Rome')).toBe('14:05');
    expect(formatTime(null, 'Europe/Rome')).toBeNull();
  });

  it('writes an instant in words in each language', () => {
    const at = '2026-11-23T08:00:00Z';
    expect(plain(formatLongDateTime(at, 'IT', 'Europe/Rome'))).toBe('lunedì 23 novembre 2026 alle ore 09:00');
    expect(plain(formatLongDateTime(at, 'EN', 'Europe/Rome'))).toMatch(/^Monday,? 23 November 2026 at 09:00$/);
    expect(plain(formatLongDateTime(at, 'EN', 'America/New_York'))).toMatch(/^Monday,? 23 November 2026 at 03:00$/);
    expect(formatLongDateTime('2026-11-22T23:30:00Z', 'it', 'Europe/Rome', false)).toBe('lunedì 23 novembre 2026');
  });
});
