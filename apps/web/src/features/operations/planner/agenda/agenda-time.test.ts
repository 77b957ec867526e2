import { describe, expect, it } from 'vitest';
import type { Appointment } from '@fs/contract';
import {
  openingDay,
  withToday,
  addDays,
  calendarEvents,
  daysCovered,
  groupByDay,
  mondayOf,
  spanOf,
  step,
  todayIn,
  wallAsUtc,
  wallClock,
} from './agenda-time';
import { directionsUrl, placeOf } from './place';

const ROME = 'Europe/Rome';

function appt(p: Partial<Appointment> & { id: string }): Appointment {
  return {
    titolo: `Intervento ${p.id}`,
    note: null,
    cliente_id: 'c1',
    cliente: 'Bar Centrale',
    impianto_id: null,
    impianto: null,
    macchinari_ids: [],
    tecnici: [{ id: 't1', nome: 'Luca Bianchi', colore: 0 }],
    mansione_id: null,
    mansione: null,
    inizio: null,
    fine: null,
    tutto_il_giorno: false,
    giorno_inizio: null,
    giorno_fine: null,
    da_fare: false,
    luogo: { indirizzo: 'Via Roma 1', citta: 'Torino', latitude: null, longitude: null },
    rapportino_id: null,
    stato_rapportino: null,
    numero_assistenza: null,
    attivita_data_id: null,
    promemoria_minuti: null,
    promemoria_inviato_at: null,
    ...p,
  };
}

describe('days on the clock of Rome', () => {
  it('reads instants on Rome’s clock on both sides of the daylight-saving changes', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST.
    expect(wallClock('2026-03-28T23:30:00Z', ROME)).toEqual({ day: '2026-03-29', time: '00:30' });
    expect(wallClock('2026-03-29T00:59:00Z', ROME)).toEqual({ day: '2026-03-29', time: '01:59' });
    expect(wallClock('2026-03-29T01:00:00Z', ROME)).toEqual({ day: '2026-03-29', time: '03:00' });
    expect(wallClock('2026-03-29T22:30:00Z', ROME)).toEqual({ day: '2026-03-30', time: '00:30' });
    // 25 October 2026: 03:00 CEST becomes 02:00 CET.
    expect(wallClock('2026-10-24T22:30:00Z', ROME)).toEqual({ day: '2026-10-25', time: '00:30' });
    expect(wallClock('2026-10-25T23:30:00Z', ROME)).toEqual({ day: '2026-10-26', time: '00:30' });
  });

  it('finds today in Rome, not in UTC', () => {
    expect(todayIn(ROME, Date.parse('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayIn(ROME, Date.parse('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(todayIn(ROME, Date.parse('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('counts days and weeks (Monday first) without a clock', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(mondayOf('2026-03-29')).toBe('2026-03-23'); // a Sunday
    expect(mondayOf('2026-03-23')).toBe('2026-03-23');
    expect(spanOf('week', '2026-10-25')).toEqual({ first: '2026-10-19', last: '2026-10-25' });
    expect(spanOf('day', '2026-10-25')).toEqual({ first: '2026-10-25', last: '2026-10-25' });
    expect(step('week', '2026-10-25', 1)).toBe('2026-11-01');
    expect(step('day', '2026-10-25', -1)).toBe('2026-10-24');
  });
});

describe('groupByDay', () => {
  it('puts each appointment under its day in Rome across the spring change, all-day ones first', () => {
    const items = [
      // 00:30–01:30 in Rome on Sunday 29 (still CET), though the 28th in UTC.
      appt({ id: 'night', inizio: '2026-03-28T23:30:00Z', fine: '2026-03-29T00:30:00Z' }),
      // 09:00–11:00 CEST on the 29th.
      appt({ id: 'morning', inizio: '2026-03-29T07:00:00Z', fine: '2026-03-29T09:00:00Z' }),
      // Monday 30 at 00:30 CEST, Sunday in UTC.
      appt({ id: 'monday', inizio: '2026-03-29T22:30:00Z', fine: '2026-03-29T23:30:00Z' }),
      appt({
        id: 'allday',
        tutto_il_giorno: true,
        giorno_inizio: '20260329',
        giorno_fine: '20260329',
        inizio: '2026-03-28T23:00:00Z',
        fine: '2026-03-29T22:00:00Z',
      }),
    ];
    const days = groupByDay(items, '2026-03-23', '2026-03-29', ROME);
    expect(days.map((d) => d.day)).toEqual(['2026-03-29']);
    expect(days[0]!.entries.map((e) => [e.appointment.id, e.from, e.to])).toEqual([
      ['allday', null, null],
      ['night', '00:30', '01:30'],
      ['morning', '09:00', '11:00'],
    ]);
    const next = groupByDay(items, '2026-03-30', '2026-04-05', ROME);
    expect(next.map((d) => [d.day, d.entries.map((e) => e.appointment.id)])).toEqual([['2026-03-30', ['monday']]]);
  });

  it('shows a night across the autumn change on both days, with "since" and "until" times', () => {
    // Saturday 24 October 22:00 CEST to Sunday 25 at 06:00 CET (nine hours: the clock goes back).
    const night = appt({ id: 'n', inizio: '2026-10-24T20:00:00Z', fine: '2026-10-25T05:00:00Z' });
    const days = groupByDay([night], '2026-10-19', '2026-10-25', ROME);
    expect(days.map((d) => [d.day, d.entries[0]!.from, d.entries[0]!.to])).toEqual([
      ['2026-10-24', '22:00', null],
      ['2026-10-25', null, '06:00'],
    ]);
  });

  it('does not carry one ending at midnight into the next day, and spreads a multi-day all-day one', () => {
    const evening = appt({ id: 'e', inizio: '2026-10-26T21:00:00Z', fine: '2026-10-26T23:00:00Z' }); // 22:00–24:00 CET
    const fair = appt({ id: 'f', tutto_il_giorno: true, giorno_inizio: '20261026', giorno_fine: '20261028' });
    const todo = appt({ id: 'todo', da_fare: true });
    expect(daysCovered(evening, ROME)).toEqual({ first: '2026-10-26', last: '2026-10-26' });
    expect(daysCovered(todo, ROME)).toBeNull();
    const days = groupByDay([evening, fair, todo], '2026-10-26', '2026-11-01', ROME);
    expect(days.map((d) => [d.day, d.entries.map((e) => e.appointment.id)])).toEqual([
      ['2026-10-26', ['f', 'e']],
      ['2026-10-27', ['f']],
      ['2026-10-28', ['f']],
    ]);
  });
});

describe('calendar events', () => {
  it('writes Rome’s wall clock as UTC, summer and winter; all-day ones end the day after', () => {
    expect(wallAsUtc('2026-07-01T07:00:00Z', ROME)).toBe('2026-07-01T09:00:00Z');
    expect(wallAsUtc('2026-12-01T08:00:00Z', ROME)).toBe('2026-12-01T09:00:00Z');
    const events = calendarEvents(
      [
        appt({ id: 'a', inizio: '2026-10-24T20:00:00Z', fine: '2026-10-25T05:00:00Z' }),
        appt({ id: 'b', tutto_il_giorno: true, giorno_inizio: '20261026', giorno_fine: '20261027' }),
        appt({ id: 'todo', da_fare: true }),
      ],
      ROME,
    );
    expect(events).toEqual([
      {
        id: 'a',
        title: 'Intervento a – Bar Centrale',
        start: '2026-10-24T22:00:00Z',
        end: '2026-10-25T06:00:00Z',
        allDay: false,
      },
      { id: 'b', title: 'Intervento b – Bar Centrale', start: '2026-10-26', end: '2026-10-28', allDay: true },
    ]);
  });
});

describe('place and report', () => {
  it('leads to a plant’s address, else to the coordinates, else to the address', () => {
    const base = 'https://www.google.com/maps/dir/?api=1&destination=';
    const withCoords = { indirizzo: 'Via Roma 1', citta: 'Torino', latitude: 45.07, longitude: 7.68 };
    expect(placeOf(appt({ id: 'x' }))).toBe('Via Roma 1, Torino');
    expect(directionsUrl(appt({ id: 'x', luogo: withCoords }))).toBe(`${base}45.07%2C7.68`);
    expect(directionsUrl(appt({ id: 'x', impianto_id: 'p1', luogo: withCoords }))).toBe(
      `${base}Via%20Roma%201%2C%20Torino`,
    );
    const nowhere = { indirizzo: null, citta: null, latitude: null, longitude: null };
    expect(directionsUrl(appt({ id: 'x', luogo: nowhere }))).toBeNull();
  });
});

describe('the list opens on today', () => {
  const d = (day: string, n = 1) => ({ day, entries: Array.from({ length: n }, () => ({}) as never) });
  it('adds today, empty, among the week’s days when it has nothing', () => {
    const days = [d('2026-03-23'), d('2026-03-29')];
    expect(withToday(days, '2026-03-27', '2026-03-23', '2026-03-29').map((x) => [x.day, x.entries.length])).toEqual([
      ['2026-03-23', 1],
      ['2026-03-27', 0],
      ['2026-03-29', 1],
    ]);
  });
  it('leaves the days alone when today is outside them, already there, or there are none', () => {
    const days = [d('2026-03-23')];
    expect(withToday(days, '2026-04-01', '2026-03-23', '2026-03-29')).toBe(days);
    expect(withToday(days, '2026-03-23', '2026-03-23', '2026-03-29')).toBe(days);
    expect(withToday([], '2026-03-25', '2026-03-23', '2026-03-29')).toEqual([]);
  });
  it('opens on today, else the next day, else the last', () => {
    const days = [d('2026-03-23'), d('2026-03-26')];
    expect(openingDay(days, '2026-03-23')).toBe('2026-03-23');
    expect(openingDay(days, '2026-03-24')).toBe('2026-03-26');
    expect(openingDay(days, '2026-03-28')).toBe('2026-03-26');
    expect(openingDay([], '2026-03-28')).toBeNull();
  });
});
