import { describe, expect, it } from 'vitest';
import {
  allowanceAmount,
  allowanceDays,
  calculateEnd,
  calculateInterval,
  calculateStart,
  formatMinutes,
  type AllowanceRules,
  type TravelLeg,
} from './clocking-rules.js';
import { wallClock } from './time.js';

const ROME = 'Europe/Rome';
const rules = (toleranceMinutes: number, roundingMinutes: number, timeZone = ROME) => ({
  toleranceMinutes,
  roundingMinutes,
  timeZone,
});
/** A November day in Rome (UTC+1): local hh:mm[:ss] on 23/11/2026. */
const rome = (hm: string) => new Date(`2026-11-23T${hm.length === 5 ? `${hm}:00` : hm}+01:00`);
const local = (d: Date, tz = ROME) => wallClock(d, tz).time;

describe('calculated entry (tolerance 10, rounding 15: the options example)', () => {
  const r = rules(10, 15);
  it.each([
    ['08:00', '08:00'], // on the line
    ['08:09', '08:00'], // 9 minutes late: within the tolerance, on time
    ['08:10', '08:00'], // exactly the tolerance
    ['08:11', '08:15'], // beyond it: the next line
    ['08:14', '08:15'],
    ['08:09:59', '08:00'], // seconds dropped first
  ])('in at %s counts %s', (raw, calc) => {
    expect(local(calculateStart(rome(raw), r))).toBe(calc);
  });
});

describe('calculated exit (tolerance 10, rounding 15)', () => {
  const r = rules(10, 15);
  it.each([
    ['17:00', '17:00'], // on the line
    ['16:52', '17:00'], // 8 minutes early: on time
    ['16:50', '17:00'], // exactly the tolerance
    ['16:49', '16:45'], // 11 minutes before 17:00: the line before
    ['16:33', '16:30'], // 12 minutes before 16:45
    ['17:04:59', '17:00'], // seconds dropped: 17:04 is 11 minutes before 17:15, so the line before
    ['17:05:59', '17:15'], // seconds dropped: 17:05 is 10 minutes before 17:15, within the tolerance
  ])('out at %s counts %s', (raw, calc) => {
    expect(local(calculateEnd(rome(raw), r))).toBe(calc);
  });
});

describe('other settings', () => {
  it('no tolerance: any lateness costs the next line, any early exit the line before', () => {
    const r = rules(0, 15);
    expect(local(calculateStart(rome('08:01'), r))).toBe('08:15');
    expect(local(calculateEnd(rome('16:59'), r))).toBe('16:45');
    expect(local(calculateStart(rome('08:15'), r))).toBe('08:15');
  });

  it('a tolerance of at least the rounding rounds every entry down and every exit up (Kimai default)', () => {
    const r = rules(15, 15);
    expect(local(calculateStart(rome('08:14'), r))).toBe('08:00');
    expect(local(calculateEnd(rome('16:31'), r))).toBe('16:45');
  });

  it('rounding 1 keeps the minute', () => {
    const r = rules(10, 1);
    expect(local(calculateStart(rome('08:09:59'), r))).toBe('08:09');
    expect(local(calculateEnd(rome('16:52:30'), r))).toBe('16:52');
  });

  it('rounding 60: the hour is the line', () => {
    const r = rules(10, 60);
    expect(local(calculateStart(rome('08:09'), r))).toBe('08:00');
    expect(local(calculateStart(rome('08:11'), r))).toBe('09:00');
    expect(local(calculateEnd(rome('16:55'), r))).toBe('17:00');
    expect(local(calculateEnd(rome('16:45'), r))).toBe('16:00');
  });

  it("the grid is the company zone's wall clock, also with a half-hour offset", () => {
    const r = rules(10, 60, 'Asia/Kolkata');
    // 02:39Z is 08:09 in Kolkata (UTC+5:30): on time at 08:00 there, 02:30Z.
    expect(calculateStart(new Date('2026-11-23T02:39:00Z'), r).toISOString()).toBe('2026-11-23T02:30:00.000Z');
  });
});

describe('intervals', () => {
  it('a working day: calculated times and minutes', () => {
    const i = calculateInterval(rome('08:07'), rome('12:32'), rules(10, 15));
    expect([local(i.start), local(i.end!), i.minutes]).toEqual(['08:00', '12:30', 270]);
  });

  it('an open interval has no end and no minutes', () => {
    const i = calculateInterval(rome('08:07'), null, rules(10, 15));
    expect(i.end).toBeNull();
    expect(i.minutes).toBeNull();
  });

  it('across midnight: 22:05 to 06:03 next day is 8 hours', () => {
    const i = calculateInterval(rome('22:05'), new Date('2026-11-24T06:03:00+01:00'), rules(10, 15));
    expect(i.start.toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(i.end!.toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(i.minutes).toBe(480);
  });

  it('across the autumn change in Rome (25/10/2026, 03:00 CEST back to 02:00 CET): 22:00 to 06:00 is 9 hours', () => {
    const i = calculateInterval(
      new Date('2026-10-24T22:00:00+02:00'),
      new Date('2026-10-25T06:00:00+01:00'),
      rules(10, 15),
    );
    expect(i.minutes).toBe(540);
  });

  it('across the spring change in Rome (29/03/2026, 02:00 CET to 03:00 CEST): 22:00 to 06:00 is 7 hours', () => {
    const i = calculateInterval(
      new Date('2026-03-28T22:00:00+01:00'),
      new Date('2026-03-29T06:00:00+02:00'),
      rules(10, 15),
    );
    expect(i.minutes).toBe(420);
  });

  it('on the spring change the next line after 01:57 CET is 03:00 CEST (02:00 does not exist)', () => {
    const s = calculateStart(new Date('2026-03-29T01:57:30+01:00'), rules(0, 15));
    expect(s.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(local(s)).toBe('03:00');
  });

  it('in the repeated hour of the autumn change the grid follows the instant, not the first 02:xx', () => {
    // 02:07 CET (the second 02:07, 01:07Z) counts 02:00 CET (01:00Z), not 02:00 CEST (00:00Z).
    const s = calculateStart(new Date('2026-10-25T02:07:00+01:00'), rules(10, 15));
    expect(s.toISOString()).toBe('2026-10-25T01:00:00.000Z');
  });

  it('a calculated end before the calculated start is the start: zero minutes', () => {
    const i = calculateInterval(rome('08:01'), rome('08:14'), rules(0, 15));
    expect(local(i.start)).toBe('08:15');
    expect(local(i.end!)).toBe('08:15');
    expect(i.minutes).toBe(0);
  });
});

describe('daily allowance', () => {
  const on: AllowanceRules = { enabled: true, dailyAmount: '45.00', minKm: 50 };
  const leg = (
    tipo: TravelLeg['tipo'],
    giorno: string,
    km: number | null,
    ritornoNonNecessario = false,
  ): TravelLeg => ({
    tipo,
    giorno,
    km,
    ritornoNonNecessario,
  });

  it('a day trip at the minimum distance earns its day', () => {
    const legs = [leg('ANDATA', '2026-11-02', 50), leg('RITORNO', '2026-11-02', 50)];
    expect(allowanceDays(legs, on, '2026-11-01', '2026-11-30')).toEqual(['2026-11-02']);
  });

  it('a trip under the minimum earns nothing', () => {
    const legs = [leg('ANDATA', '2026-11-02', 49), leg('RITORNO', '2026-11-02', 49)];
    expect(allowanceDays(legs, on, '2026-11-01', '2026-11-30')).toEqual([]);
  });

  it('a trip of several days earns every day from outward to return, cut to the range', () => {
    const legs = [leg('ANDATA', '2026-10-30', 120), leg('RITORNO', '2026-11-02', null)];
    expect(allowanceDays(legs, on, '2026-11-01', '2026-11-30')).toEqual(['2026-11-01', '2026-11-02']);
    expect(allowanceDays(legs, on, '2026-10-01', '2026-11-30')).toHaveLength(4);
  });

  it('an outward travel with its return not necessary, or without a return yet, earns its own day only', () => {
    expect(allowanceDays([leg('ANDATA', '2026-11-03', 80, true)], on, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-03',
    ]);
    expect(allowanceDays([leg('ANDATA', '2026-11-03', 80)], on, '2026-11-01', '2026-11-30')).toEqual(['2026-11-03']);
  });

  it('a return without an outward travel earns nothing; a day counts once', () => {
    const legs = [
      leg('RITORNO', '2026-11-01', 100),
      leg('ANDATA', '2026-11-05', 60),
      leg('RITORNO', '2026-11-05', 60),
      leg('ANDATA', '2026-11-05', 70),
      leg('RITORNO', '2026-11-05', 70),
    ];
    expect(allowanceDays(legs, on, '2026-11-01', '2026-11-30')).toEqual(['2026-11-05']);
  });

  it('off: no days, no amount', () => {
    const off = { ...on, enabled: false };
    expect(allowanceDays([leg('ANDATA', '2026-11-03', 80, true)], off, '2026-11-01', '2026-11-30')).toEqual([]);
    expect(allowanceAmount(3, off)).toBe('0.00');
  });

  it('amount: days times the daily amount, exact', () => {
    expect(allowanceAmount(3, on)).toBe('135.00');
    expect(allowanceAmount(3, { ...on, dailyAmount: '25.55' })).toBe('76.65');
  });
});

describe('durations as h:mm', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [425, '7:05'],
    [2490, '41:30'],
    [-30, '-0:30'],
  ])('%i minutes is %s', (m, s) => expect(formatMinutes(m)).toBe(s));
});
