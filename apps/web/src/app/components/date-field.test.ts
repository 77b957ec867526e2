import { describe, expect, it } from 'vitest';
import { parseItalianDate } from './date-field';

describe('parseItalianDate', () => {
  it('reads day first, with slashes, dots, dashes or spaces, and two-digit years', () => {
    expect(parseItalianDate('23/11/2026')).toBe('2026-11-23');
    expect(parseItalianDate('3/1/2026')).toBe('2026-01-03');
    expect(parseItalianDate('23.11.26')).toBe('2026-11-23');
    expect(parseItalianDate(' 23-11-2026 ')).toBe('2026-11-23');
    expect(parseItalianDate('2026-11-23')).toBe('2026-11-23');
  });

  it('refuses what is not a calendar date', () => {
    expect(parseItalianDate('31/02/2026')).toBeNull();
    expect(parseItalianDate('29/02/2025')).toBeNull();
    expect(parseItalianDate('29/02/2028')).toBe('2028-02-29');
    expect(parseItalianDate('13/13/2026')).toBeNull();
    expect(parseItalianDate('ieri')).toBeNull();
    expect(parseItalianDate('')).toBeNull();
  });
});
