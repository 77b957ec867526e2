import { describe, expect, it } from 'vitest';
import {
  clockState,
  clockText,
  endInstantOf,
  instantOf,
  minutesText,
  nextTravelLeg,
  recordsOfDay,
  runningMs,
  shiftAnchor,
  spanText,
  viewRange,
} from './logic';
import { rec } from './record.fixture';

describe('running time and durations', () => {
  it('ticks from the start in force: the correction when there is one', () => {
    const open = rec({ timbraturaEnd: null, timbraturaEndCalcolata: null, minutiCalcolati: null });
    expect(runningMs(open, Date.parse('2026-11-26T08:04:05Z'))).toBe(61 * 60_000 + 5_000);
    expect(clockText(runningMs(open, Date.parse('2026-11-26T08:04:05Z')))).toBe('1:01:05');
    const corrected = rec({
      timbraturaEnd: null,
      versione: 1,
      timbraturaStartCorretta: '2026-11-26T07:30:00Z',
      timbraturaEndCorretta: null,
    });
    expect(clockText(runningMs(corrected, Date.parse('2026-11-26T08:04:05Z')))).toBe('0:34:05');
    // A phone whose clock is behind the start never shows a negative time.
    expect(clockText(runningMs(open, Date.parse('2026-11-26T07:00:00Z')))).toBe('0:00:00');
  });

  it('writes minutes as h:mm, hours past 24 kept (payroll)', () => {
    expect(minutesText(0)).toBe('0:00');
    expect(minutesText(465)).toBe('7:45');
    expect(minutesText(10_350)).toBe('172:30');
    expect(minutesText(-15)).toBe('-0:15');
    expect(minutesText(null)).toBe('');
  });

  it('shows spans in the company zone, open ones with an ellipsis', () => {
    expect(spanText('2026-11-26T07:03:00Z', '2026-11-26T11:31:00Z', 'Europe/Rome')).toBe('08:03–12:31');
    expect(spanText('2026-07-01T06:00:00Z', null, 'Europe/Rome')).toBe('08:00–…');
    expect(spanText(null, null, 'Europe/Rome')).toBe('');
  });
});

describe('the next travel leg (decision 0045)', () => {
  it('is an outward travel with no travel at all', () => {
    expect(nextTravelLeg([rec({})]).leg).toBe('ANDATA');
  });

  it('is the return after an outward travel not returned, across days', () => {
    const outward = rec({ tipo: 'ANDATA', giorno: '2026-11-25', timbraturaStart: '2026-11-25T06:00:00Z' });
    const work = rec({ timbraturaStart: '2026-11-26T07:00:00Z' });
    expect(nextTravelLeg([work, outward])).toEqual({ leg: 'RITORNO', outward });
  });

  it('is a new outward travel once returned, or once the return is marked not necessary', () => {
    const outward = rec({ tipo: 'ANDATA', timbraturaStart: '2026-11-26T06:00:00Z' });
    const back = rec({ tipo: 'RITORNO', timbraturaStart: '2026-11-26T16:00:00Z' });
    expect(nextTravelLeg([back, outward]).leg).toBe('ANDATA');
    expect(nextTravelLeg([{ ...outward, ritornoNonNecessario: true }]).leg).toBe('ANDATA');
  });

  it('orders by the corrected start when the office moved a travel', () => {
    const back = rec({ tipo: 'RITORNO', timbraturaStart: '2026-11-26T16:00:00Z' });
    const outward = rec({
      tipo: 'ANDATA',
      timbraturaStart: '2026-11-26T05:00:00Z',
      versione: 1,
      timbraturaStartCorretta: '2026-11-26T17:00:00Z',
      timbraturaEndCorretta: '2026-11-26T18:00:00Z',
    });
    expect(nextTravelLeg([back, outward]).leg).toBe('RITORNO');
  });
});

describe('the clock buttons', () => {
  it('offers both starts with nothing open, and the return as the travel once outward', () => {
    const outward = rec({ tipo: 'ANDATA' });
    const s = clockState(outward, [outward]);
    expect(s).toMatchObject({ open: null, work: 'start', travel: { action: 'start', leg: 'RITORNO' } });
    expect(s.returnOptional?.id).toBe(outward.id);
  });

  it('stops work with its button and blocks travel while working', () => {
    const open = rec({ timbraturaEnd: null });
    expect(clockState(open, [])).toMatchObject({ work: 'stop', travel: { action: 'blocked' }, returnOptional: null });
  });

  it('stops the running travel with the travel button and blocks work', () => {
    const open = rec({ tipo: 'ANDATA', timbraturaEnd: null });
    expect(clockState(open, [])).toMatchObject({ work: 'blocked', travel: { action: 'stop', leg: 'ANDATA' } });
  });

  it('takes the newest record over a stale copy in the list (restored after a reload)', () => {
    const closed = rec({});
    const stillOpenInList = { ...closed, timbraturaEnd: null };
    expect(clockState(closed, [stillOpenInList]).open).toBeNull();
    expect(clockState(null, []).work).toBe('start');
  });

  it("lists a day's records oldest first", () => {
    const a = rec({ timbraturaStart: '2026-11-26T12:00:00Z' });
    const b = rec({ timbraturaStart: '2026-11-26T07:00:00Z' });
    const other = rec({ giorno: '2026-11-25' });
    expect(recordsOfDay([a, other, b], '2026-11-26').map((r) => r.id)).toEqual([b.id, a.id]);
  });
});

describe("the office's ranges", () => {
  it('cuts a day, a Monday-to-Sunday week and a calendar month', () => {
    expect(viewRange('day', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(viewRange('week', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(viewRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(viewRange('month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(viewRange('month', '2028-02-14')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('moves by a day, a week or a month', () => {
    expect(shiftAnchor('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftAnchor('week', '2026-11-26', -1)).toBe('2026-11-19');
    expect(shiftAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftAnchor('month', '2026-12-05', 1)).toBe('2027-01-01');
  });
});

describe('times typed by the office', () => {
  it('reads a wall time in the company zone, daylight saving included', () => {
    expect(instantOf('2026-11-26', '08:00', 'Europe/Rome')).toBe('2026-11-26T07:00:00.000Z');
    expect(instantOf('2026-07-01', '08:00', 'Europe/Rome')).toBe('2026-07-01T06:00:00.000Z');
    expect(instantOf('2026-11-26', '24:00', 'Europe/Rome')).toBeNull();
    expect(instantOf('2026-11-26', '8', 'Europe/Rome')).toBeNull();
  });

  it('puts an end before the start on the next day (a night shift)', () => {
    const start = instantOf('2026-11-26', '22:00', 'Europe/Rome')!;
    expect(endInstantOf('2026-11-26', start, '06:00', 'Europe/Rome')).toBe('2026-11-27T05:00:00.000Z');
    expect(endInstantOf('2026-11-26', start, '23:15', 'Europe/Rome')).toBe('2026-11-26T22:15:00.000Z');
  });
});
