import { describe, expect, it } from 'vitest';
import { compactDate, dateProblem, isCalendarDay, isoDate, isoDateTime } from './dates.js';

describe('dates on the wire (one rule)', () => {
  it('knows the calendar: month lengths and leap years', () => {
    expect(isCalendarDay(2024, 2, 29)).toBe(true);
    expect(isCalendarDay(2026, 2, 29)).toBe(false);
    expect(isCalendarDay(1900, 2, 29)).toBe(false);
    expect(isCalendarDay(2000, 2, 29)).toBe(true);
    expect(isCalendarDay(2026, 4, 31)).toBe(false);
    expect(isCalendarDay(2026, 12, 31)).toBe(true);
    expect(isCalendarDay(2026, 13, 1)).toBe(false);
    expect(isCalendarDay(2026, 1, 0)).toBe(false);
  });

  it('refuses impossible days and years the database would refuse, in both wire forms', () => {
    for (const bad of ['2026-02-31', '0000-01-01', '2026-00-10', '2026-1-1', '20260231', ' 2026-01-01', '2026-01-01x'])
      expect(isoDate.safeParse(bad).success, bad).toBe(false);
    expect(dateProblem('0000-01-01')).toBe('range');
    expect(dateProblem('0001-01-01')).toBe('range');
    expect(dateProblem('9999-12-31')).toBe('range');
    expect(dateProblem('2026-11-23')).toBeNull();
    expect(isoDate.safeParse('2026-11-23').success).toBe(true);
    expect(compactDate.safeParse('20261123').success).toBe(true);
    for (const bad of ['20260231', '00000101', '99991231', '2026-11-23', '2026112'])
      expect(compactDate.safeParse(bad).success, bad).toBe(false);
    const r = isoDate.safeParse('1066-10-14');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/1900–2999/);
  });

  it('takes instants with an offset on a real day of the accepted years', () => {
    for (const ok of ['2026-11-23T08:00:00Z', '2026-11-23T08:00:00.000+01:00', '2024-02-29T23:59:59-05:00'])
      expect(isoDateTime.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      '2026-02-30T08:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '2026-11-23T08:00:00',
      '2026-11-23',
      '2026-11-23T25:00:00Z',
    ])
      expect(isoDateTime.safeParse(bad).success, bad).toBe(false);
  });

  it('shows the day format in the JSON Schema of the API document', async () => {
    const { z } = await import('zod');
    expect(z.toJSONSchema(isoDate)).toMatchObject({ type: 'string', format: 'date' });
    expect(z.toJSONSchema(isoDateTime)).toMatchObject({ type: 'string', format: 'date-time' });
  });
});
