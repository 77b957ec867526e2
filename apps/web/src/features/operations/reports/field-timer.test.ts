import { describe, expect, it } from 'vitest';
import { applyTimerRun, elapsedText, readTimer, timerKey, writeTimer } from './field-timer';
import { emptyDay } from './report-form';

const zone = 'Europe/Rome';
// 26 Nov 2026: Rome is UTC+1.
const at = (hhmmss: string, day = '2026-11-26') => new Date(`${day}T${hhmmss}+01:00`);

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

describe('the timer kept in storage', () => {
  it('keeps the start per report and forgets it when stopped', () => {
    const s = memory();
    writeTimer(s, 'r1', at('09:05:00'));
    expect(readTimer(s, 'r1')?.toISOString()).toBe('2026-11-26T08:05:00.000Z');
    expect(readTimer(s, 'r2')).toBeNull();
    writeTimer(s, 'r1', null);
    expect(readTimer(s, 'r1')).toBeNull();
  });

  it('reads nothing from garbage', () => {
    const s = memory();
    s.m.set(timerKey('r1'), '{not json');
    expect(readTimer(s, 'r1')).toBeNull();
    s.m.set(timerKey('r1'), JSON.stringify({ startedAt: 'ieri' }));
    expect(readTimer(s, 'r1')).toBeNull();
  });

  it('shows the running time', () => {
    expect(elapsedText(0)).toBe('0:00:00');
    expect(elapsedText(3_909_000)).toBe('1:05:09');
  });
});

describe('a timer run fills the worked day', () => {
  const run = { zone, technician: 't1' };

  it('by start and end: today’s day is made, the morning pair first, then the afternoon’s', () => {
    const one = applyTimerRun([], { ...run, mode: 'inizio_fine', start: at('08:59:40'), end: at('10:30:10') });
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      data: '2026-11-26',
      tecnico_id: 't1',
      inizio_mattina: '08:59',
      fine_mattina: '10:31',
    });
    const two = applyTimerRun(one, { ...run, mode: 'inizio_fine', start: at('14:00:00'), end: at('16:00:00') });
    expect(two).toHaveLength(1);
    expect(two[0]).toMatchObject({ inizio_mattina: '08:59', inizio_pomeriggio: '14:00', fine_pomeriggio: '16:00' });
    const three = applyTimerRun(two, { ...run, mode: 'inizio_fine', start: at('16:30:00'), end: at('17:15:00') });
    expect(three[0]).toMatchObject({ inizio_pomeriggio: '14:00', fine_pomeriggio: '17:15' });
  });

  it('a run within one minute still counts a minute', () => {
    const d = applyTimerRun([], { ...run, mode: 'inizio_fine', start: at('09:00:00'), end: at('09:00:00') });
    expect(d[0]).toMatchObject({ inizio_mattina: '09:00', fine_mattina: '09:01' });
  });

  it('leaves other technicians’ days and other days alone', () => {
    const others = [emptyDay('t2', '2026-11-26'), emptyDay('t1', '2026-11-25')];
    const d = applyTimerRun(others, { ...run, mode: 'libero', start: at('09:00:00'), end: at('10:30:00') });
    expect(d).toHaveLength(3);
    expect(d.slice(0, 2)).toEqual(others);
    expect(d[2]).toMatchObject({ data: '2026-11-26', tecnico_id: 't1', totale_ore: '1,5' });
  });

  it('adds to the hours already typed, the Italian way', () => {
    const day = { ...emptyDay('t1', '2026-11-26'), totale_ore: '2,5' };
    const d = applyTimerRun([day], { ...run, mode: 'libero', start: at('09:00:00'), end: at('09:45:00') });
    expect(d[0]!.totale_ore).toBe('3,25');
  });

  it('morning and afternoon: by when the run started', () => {
    const m = applyTimerRun([], { ...run, mode: 'mattina_pomeriggio', start: at('08:00:00'), end: at('10:00:00') });
    const p = applyTimerRun(m, { ...run, mode: 'mattina_pomeriggio', start: at('14:00:00'), end: at('15:30:00') });
    expect(p[0]).toMatchObject({ ore_mattina: '2', ore_pomeriggio: '1,5' });
  });

  it('today is the company zone’s: 23:30 UTC is tomorrow in Rome', () => {
    const d = applyTimerRun([], {
      ...run,
      mode: 'inizio_fine',
      start: new Date('2026-11-26T23:30:00Z'),
      end: new Date('2026-11-26T23:45:00Z'),
    });
    expect(d[0]).toMatchObject({ data: '2026-11-27', inizio_mattina: '00:30', fine_mattina: '00:45' });
  });
});
