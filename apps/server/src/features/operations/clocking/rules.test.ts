import { describe, expect, it } from 'vitest';
import { anomaliesOf, lastDayOf, monthsBetween, travelSequenceOk } from './rules.js';

const leg = (tipo: string, ritornoNonNecessario = false) => ({ tipo, ritornoNonNecessario });

describe('travel sequence', () => {
  it('alternates outward and return; a return marked not necessary lets the next outward travel in', () => {
    expect(travelSequenceOk([leg('ANDATA'), leg('RITORNO'), leg('ANDATA')], false)).toBe(true);
    expect(travelSequenceOk([leg('RITORNO')], false)).toBe(false);
    expect(travelSequenceOk([leg('RITORNO')], true)).toBe(true);
    expect(travelSequenceOk([leg('ANDATA'), leg('ANDATA')], false)).toBe(false);
    expect(travelSequenceOk([leg('ANDATA', true), leg('ANDATA')], false)).toBe(true);
    expect(travelSequenceOk([leg('ANDATA', true), leg('RITORNO')], false)).toBe(false);
    expect(travelSequenceOk([leg('RITORNO'), leg('RITORNO')], true)).toBe(false);
    expect(travelSequenceOk([], false)).toBe(true);
  });
});

describe('months', () => {
  it('lists the months of a range and the last day of a month', () => {
    expect(monthsBetween('2026-11-20', '2027-01-05')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01']);
    expect(monthsBetween('2026-11-01', '2026-11-30')).toEqual(['2026-11-01']);
    expect([lastDayOf('2028-02-01'), lastDayOf('2026-02-01'), lastDayOf('2026-12-01')]).toEqual([
      '2028-02-29',
      '2026-02-28',
      '2026-12-31',
    ]);
  });
});

describe('anomalies', () => {
  const at = (hh: number) => new Date(Date.UTC(2026, 10, 20, hh));
  const rec = (
    id: string,
    start: number,
    end: number | null,
    o: Partial<Parameters<typeof anomaliesOf>[0][0]> = {},
  ) => ({
    id,
    utenteId: 'u1',
    giorno: '2026-11-20',
    start: at(start),
    end: end === null ? null : at(end),
    minutes: end === null ? null : (end - start) * 60,
    staleFix: false,
    ...o,
  });

  it('flags an interval open since another day, not today’s running one', () => {
    const a = anomaliesOf([rec('a', 8, null)], '2026-11-21');
    const b = anomaliesOf([rec('b', 8, null)], '2026-11-20');
    expect([a.get('a'), b.get('b')]).toEqual([['APERTA'], []]);
  });

  it('flags overlaps within a technician only, including one contained in a longer interval', () => {
    const r = anomaliesOf(
      [rec('long', 8, 16), rec('inner', 9, 10), rec('after', 16, 17), rec('other', 9, 10, { utenteId: 'u2' })],
      '2026-11-21',
    );
    expect([r.get('long'), r.get('inner'), r.get('after'), r.get('other')]).toEqual([
      ['SOVRAPPOSTA'],
      ['SOVRAPPOSTA'],
      [],
      [],
    ]);
  });

  it('flags every interval of a day over 12 calculated hours, and a stale position', () => {
    const r = anomaliesOf(
      [rec('a', 6, 12), rec('b', 13, 19, { staleFix: true }), rec('c', 20, 21, { giorno: '2026-11-21' })],
      '2026-11-22',
    );
    expect([r.get('a'), r.get('b'), r.get('c')]).toEqual([[], ['POSIZIONE_NON_VALIDA'], []]);
    const long = anomaliesOf([rec('a', 6, 12), rec('b', 12, 18, { minutes: 361 })], '2026-11-22');
    expect([long.get('a'), long.get('b')]).toEqual([['GIORNO_OLTRE_12_ORE'], ['GIORNO_OLTRE_12_ORE']]);
  });
});
