import { describe, expect, it } from 'vitest';
import { daysUntil, formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('formats wire dates as DD/MM/YYYY', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
    expect(formatDate('2025-03-07T23:30:00Z', 'Europe/Rome')).toBe('08/03/2025');
    expect(formatDate(null)).toBeNull();
    expect(formatDate('nonsense')).toBeNull();
  });
});

describe('daysUntil', () => {
  it('counts calendar days', () => {
    const now = new Date(2025, 0, 10, 18, 0);
    expect(daysUntil('2025-01-10', now)).toBe(0);
    expect(daysUntil('2025-02-09', now)).toBe(30);
    expect(daysUntil('2025-01-09T10:00:00Z', now)).toBe(-1);
  });
});

describe('formatDateTime', () => {
  it('writes DD/MM/YYYY HH:mm on 24 hours in Rome, summer and winter', () => {
    expect(formatDateTime('2026-11-25T14:05:00Z')).toBe('25/11/2026 15:05');
    expect(formatDateTime('2026-07-01T21:30:00Z')).toBe('01/07/2026 23:30');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02/07/2026 00:30');
    expect(formatDateTime(null)).toBeNull();
  });
});
