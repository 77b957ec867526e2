import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetween, startOfDay, todayIn, wallClock, yearIn, zonedInstant } from './time.js';

const ROME = 'Europe/Rome';
const NY = 'America/New_York';
const TOKYO = 'Asia/Tokyo';

describe('the day of an instant in a zone', () => {
  it('cuts at the zone midnight, not UTC', () => {
    // 23:30Z on the 21st is 00:30 on the 22nd in Rome (UTC+1 in November), still the 21st in New York.
    expect(dayIn('2026-11-21T23:30:00Z', ROME)).toBe('2026-11-22');
    expect(dayIn('2026-11-21T23:30:00Z', NY)).toBe('2026-11-21');
    expect(dayIn('2026-11-21T14:59:59Z', TOKYO)).toBe('2026-11-21');
    expect(dayIn('2026-11-21T15:00:00Z', TOKYO)).toBe('2026-11-22');
    expect(todayIn(ROME, new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(todayIn(ROME, new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
  });

  it('follows the daylight-saving changes of Rome', () => {
    // Summer (UTC+2): 22:00Z on 28 March 2026 is 23:00 CET; 22:00Z on 29 March is 00:00 CEST of the 30th.
    expect(dayIn('2026-03-28T22:59:00Z', ROME)).toBe('2026-03-28');
    expect(dayIn('2026-03-29T22:00:00Z', ROME)).toBe('2026-03-30');
    expect(dayIn('2026-10-25T22:59:00Z', ROME)).toBe('2026-10-25');
    expect(dayIn('2026-10-25T23:00:00Z', ROME)).toBe('2026-10-26');
  });

  it('reads an instant on the wall clock (the year of a New Year instant in Tokyo)', () => {
    expect(wallClock('2026-03-29T01:30:00Z', ROME)).toMatchObject({ date: '2026-03-29', time: '03:30', hour: 3 });
    expect(wallClock(Date.parse('2026-07-01T12:00:00Z'), NY).time).toBe('08:00');
    expect(yearIn('2026-12-31T15:00:00Z', TOKYO)).toBe(2027);
    expect(yearIn('2026-12-31T15:00:00Z', ROME)).toBe(2026);
    expect(() => dayIn('not a date', ROME)).toThrow(RangeError);
  });
});

describe('the instant a day starts', () => {
  it('is the zone midnight, with the offset of that day', () => {
    expect(startOfDay('2026-11-23', ROME).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(startOfDay('2026-07-01', ROME).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDay('2026-11-23', NY).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(startOfDay('2026-11-23', TOKYO).toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });

  it('makes 23 and 25 hour days at the changes', () => {
    const hours = (day: string, tz: string) =>
      (startOfDay(addDays(day, 1), tz).getTime() - startOfDay(day, tz).getTime()) / 3_600_000;
    expect(hours('2026-03-29', ROME)).toBe(23);
    expect(hours('2026-10-25', ROME)).toBe(25);
    expect(hours('2026-03-08', NY)).toBe(23);
    expect(hours('2026-03-29', TOKYO)).toBe(24);
  });

  it('places a wall-clock time on the day, a skipped one after the change', () => {
    expect(zonedInstant('2026-03-29', ROME, 9, 0).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zonedInstant('2026-03-28', ROME, 9, 0).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    // 02:30 does not exist on 29 March in Rome: read with the winter offset, it is 03:30 summer time.
    expect(wallClock(zonedInstant('2026-03-29', ROME, 2, 30), ROME).time).toBe('03:30');
  });
});

describe('calendar days', () => {
  it('adds days across months, years, leap days and changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-11-22', '2026-11-20')).toBe(-2);
  });
});
