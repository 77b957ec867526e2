import { describe, expect, it } from 'vitest';
import { ACTIVITY_MAX, FREQUENCY_MESSAGES as M } from '@fs/contract';
import { datesOf, FrequenzaError, occurrencesIn } from './recurrence.js';

const year = (y: number) => ({ start: `${y}-01-01`, end: `${y}-12-31` });
const fissa = (ogni: number, unita: 'giorni' | 'settimane' | 'mesi' | 'anni', data_inizio?: string) => ({
  tipo: 'fissa' as const,
  ogni,
  unita,
  data_inizio,
});
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FrequenzaError);
    return { message: (e as FrequenzaError).message, path: (e as FrequenzaError).path };
  }
  throw new Error('not refused');
};

describe('fixed frequencies', () => {
  it('31 January + 1 month gives the last day of February (2026 and leap 2028), then the 31st again', () => {
    expect(datesOf(fissa(1, 'mesi', '2026-01-31'), year(2026)).slice(0, 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    const d28 = datesOf(fissa(1, 'mesi', '2028-01-31'), year(2028));
    expect(d28).toHaveLength(12);
    expect(d28.slice(0, 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(d28.at(-1)).toBe('2028-12-31');
  });

  it('monthly from the 30th and the 29th: one date a month, clamped in February', () => {
    const d30 = datesOf(fissa(1, 'mesi', '2026-01-30'), year(2026));
    expect(d30).toHaveLength(12);
    expect(d30.slice(0, 3)).toEqual(['2026-01-30', '2026-02-28', '2026-03-30']);
    const d29 = datesOf(fissa(1, 'mesi', '2026-01-29'), year(2026));
    expect(d29.slice(0, 3)).toEqual(['2026-01-29', '2026-02-28', '2026-03-29']);
  });

  it('29 February 2028 yearly gives 28 February in the other years', () => {
    const d = datesOf(fissa(1, 'anni', '2028-02-29'), { start: '2028-01-01', end: '2032-12-31' });
    expect(d).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('every 6 months', () => {
    expect(datesOf(fissa(6, 'mesi', '2026-03-15'), { start: '2026-01-01', end: '2027-12-31' })).toEqual([
      '2026-03-15',
      '2026-09-15',
      '2027-03-15',
      '2027-09-15',
    ]);
    // From the 31st: August's 31st, then February's last day.
    expect(datesOf(fissa(6, 'mesi', '2026-08-31'), { start: '2026-01-01', end: '2027-12-31' })).toEqual([
      '2026-08-31',
      '2027-02-28',
      '2027-08-31',
    ]);
  });

  it('every 2 weeks across the daylight-saving changes of Europe/Rome keeps weekday and day', () => {
    // 29 March 2026 and 25 October 2026 are the last Sundays of March and October (clock changes in Rome).
    const d = datesOf(fissa(2, 'settimane', '2026-03-15'), { start: '2026-03-01', end: '2026-11-30' });
    expect(d.slice(0, 3)).toEqual(['2026-03-15', '2026-03-29', '2026-04-12']);
    expect(d).toContain('2026-10-25');
    expect(d).toContain('2026-11-08');
    for (const x of d) expect(new Date(`${x}T12:00:00Z`).getUTCDay()).toBe(0);
    // Each step exactly 14 calendar days.
    for (let i = 1; i < d.length; i++) {
      expect((Date.parse(d[i]!) - Date.parse(d[i - 1]!)) / 86_400_000).toBe(14);
    }
  });

  it('every N days, from the period start when no first date is given', () => {
    expect(datesOf(fissa(10, 'giorni'), { start: '2026-03-25', end: '2026-04-20' })).toEqual([
      '2026-03-25',
      '2026-04-04',
      '2026-04-14',
    ]);
    expect(datesOf(fissa(1, 'giorni', '2026-10-24'), { start: '2026-10-01', end: '2026-10-26' })).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
    ]);
  });

  it('continues a series anchored before the period (a renewal period)', () => {
    expect(occurrencesIn(fissa(3, 'mesi'), { start: '2027-01-01', end: '2027-06-30' }, '2026-01-31')).toEqual([
      '2027-01-31',
      '2027-04-30',
    ]);
    expect(occurrencesIn(fissa(1, 'anni', '2028-02-29'), { start: '2029-01-01', end: '2029-12-31' })).toEqual([
      '2029-02-28',
    ]);
  });
});

describe('variable and single dates', () => {
  it('sorts and removes repeats', () => {
    expect(datesOf({ tipo: 'variabile', date: ['2026-09-01', '2026-03-01', '2026-09-01'] }, year(2026))).toEqual([
      '2026-03-01',
      '2026-09-01',
    ]);
    expect(datesOf({ tipo: 'data_singola', data: '2026-06-30' }, year(2026))).toEqual(['2026-06-30']);
  });

  it('refuses dates outside the period (or not real) with the spec message', () => {
    expect(refusal(() => datesOf({ tipo: 'variabile', date: ['2026-03-01', '2027-01-01'] }, year(2026)))).toEqual({
      message: M.fuoriPeriodo,
      path: 'date.1',
    });
    expect(refusal(() => datesOf({ tipo: 'data_singola', data: '2025-12-31' }, year(2026)))).toEqual({
      message: M.fuoriPeriodo,
      path: 'data',
    });
    expect(refusal(() => datesOf({ tipo: 'data_singola', data: '2026-02-30' }, year(2026))).message).toBe(
      M.fuoriPeriodo,
    );
    expect(refusal(() => datesOf(fissa(1, 'mesi', '2027-01-01'), year(2026)))).toEqual({
      message: M.fuoriPeriodo,
      path: 'data_inizio',
    });
  });
});

describe('the rules', () => {
  it('refuses a yearly frequency on a period shorter than a calendar year, or a renewal under 12 months', () => {
    expect(refusal(() => datesOf(fissa(1, 'anni'), { start: '2026-01-01', end: '2026-12-30' })).message).toBe(
      M.annualeBreve,
    );
    expect(refusal(() => datesOf(fissa(1, 'anni'), year(2026), { mesiRinnovo: 6 })).message).toBe(M.annualeBreve);
    expect(datesOf(fissa(1, 'anni'), year(2026), { mesiRinnovo: 12 })).toEqual(['2026-01-01']);
    expect(datesOf(fissa(1, 'anni'), { start: '2026-03-15', end: '2027-03-14' })).toEqual(['2026-03-15']);
  });

  it('no date in the period, or too many', () => {
    // Every 2 years from June 2026 in a period ending before: June 2026 only, fine; from 2027-06 none.
    expect(datesOf(fissa(2, 'anni', '2026-06-01'), { start: '2026-01-01', end: '2027-12-31' })).toEqual(['2026-06-01']);
    expect(
      refusal(() => datesOf({ tipo: 'variabile', date: [] as string[] }, { start: '2026-01-01', end: '2026-01-10' })),
    ).toEqual({ message: M.nessunaData, path: 'date' });
    expect(refusal(() => datesOf(fissa(1, 'giorni'), { start: '2026-01-01', end: '2029-12-31' })).message).toBe(
      M.troppeDate,
    );
    expect(occurrencesIn(fissa(1, 'giorni'), { start: '2026-01-01', end: '2029-12-31' }).length).toBe(
      ACTIVITY_MAX.occorrenze + 1,
    );
  });

  it('nessunaData when the first date comes after the period', () => {
    expect(occurrencesIn(fissa(1, 'mesi', '2027-02-01'), year(2026))).toEqual([]);
    expect(refusal(() => datesOf(fissa(1, 'mesi'), { start: '2026-01-01', end: '2025-12-31' })).message).toBe(
      M.nessunaData,
    );
  });
});
