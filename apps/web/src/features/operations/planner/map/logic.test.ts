import { describe, expect, it } from 'vitest';
import type { Appointment, TechnicianPosition } from '@fs/contract';
import {
  appointmentWhen,
  boundsOf,
  countWithoutPosition,
  initialRange,
  initials,
  legendTechnicians,
  placesOf,
  scheduleDayLabel,
  technicianColor,
  validPositions,
} from './logic';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const pos = (utenteId: string, minutesAgo: number): TechnicianPosition => ({
  utenteId,
  name: 'Mario',
  surname: 'Rossi',
  username: 'mrossi',
  latitude: 45.46,
  longitude: 9.19,
  accuracyM: 12,
  recordedAt: new Date(NOW - minutesAgo * 60_000).toISOString(),
});

function appt(over: Partial<Appointment> & { lat?: number | null; lng?: number | null }): Appointment {
  const { lat = 45.46, lng = 9.19, ...rest } = over;
  return {
    id: 'a1',
    titolo: 'Manutenzione',
    note: null,
    cliente_id: 'c1',
    cliente: 'Rossi Srl',
    impianto_id: null,
    impianto: null,
    macchinari_ids: [],
    tecnici: [{ id: 't1', nome: 'Mario Rossi', colore: 0 }],
    mansione_id: null,
    mansione: null,
    inizio: '2026-11-25T08:00:00.000Z',
    fine: '2026-11-25T10:30:00.000Z',
    tutto_il_giorno: false,
    giorno_inizio: '20261125',
    giorno_fine: '20261125',
    da_fare: false,
    luogo: { indirizzo: 'Via Roma 1', citta: 'Milano', latitude: lat, longitude: lng },
    rapportino_id: null,
    stato_rapportino: null,
    numero_assistenza: null,
    attivita_data_id: null,
    promemoria_minuti: null,
    promemoria_inviato_at: null,
    ...rest,
  };
}

describe('range choice', () => {
  it('opens on the kept range when it is a map range, else this week', () => {
    expect(initialRange('mese_prossimo')).toBe('mese_prossimo');
    expect(initialRange('prossimi_30')).toBe('prossimi_30');
    expect(initialRange('anno')).toBe('settimana');
    expect(initialRange(null)).toBe('settimana');
    expect(initialRange(undefined)).toBe('settimana');
  });

  it('shows the wire days the Italian way', () => {
    expect(scheduleDayLabel('20261130')).toBe('30/11/2026');
    expect(scheduleDayLabel('bad')).toBe('bad');
  });
});

describe('last positions', () => {
  const items = [pos('old', 31), pos('edge', 30), pos('fresh', 2), pos('future', -10)];

  it('keeps those within the validity minutes, newest first', () => {
    expect(validPositions({ enabled: true, validityMinutes: 30, items }, NOW).map((p) => p.utenteId)).toEqual([
      'fresh',
      'edge',
    ]);
    expect(validPositions({ enabled: true, validityMinutes: 5, items }, NOW).map((p) => p.utenteId)).toEqual(['fresh']);
  });

  it('shows none with the option off, no validity or no answer yet', () => {
    expect(validPositions({ enabled: false, validityMinutes: 30, items }, NOW)).toEqual([]);
    expect(validPositions({ enabled: true, validityMinutes: 0, items }, NOW)).toEqual([]);
    expect(validPositions(undefined, NOW)).toEqual([]);
  });

  it('drops positions that expire while the map stays open', () => {
    const answer = { enabled: true, validityMinutes: 30, items: [pos('fresh', 2)] };
    expect(validPositions(answer, NOW)).toHaveLength(1);
    expect(validPositions(answer, NOW + 29 * 60_000)).toHaveLength(0);
  });

  it('makes initials from the name, else from the username', () => {
    expect(initials(pos('x', 1))).toBe('MR');
    expect(initials({ name: null, surname: ' ', username: 'tecnico1' })).toBe('TE');
  });
});

describe('places and counts', () => {
  it('counts the dated appointments without coordinates (to-dos aside)', () => {
    expect(
      countWithoutPosition([
        appt({ id: 'a' }),
        appt({ id: 'b', lat: null, lng: null }),
        appt({ id: 'c', lat: 45, lng: null }),
        appt({ id: 'd', lat: null, lng: null, da_fare: true }),
      ]),
    ).toBe(2);
  });

  it('gathers appointments at the same coordinates into one place, earliest first', () => {
    const places = placesOf([
      appt({ id: 'late', inizio: '2026-11-26T08:00:00.000Z' }),
      appt({ id: 'elsewhere', lat: 41.9, lng: 12.5 }),
      appt({ id: 'early', inizio: '2026-11-24T08:00:00.000Z' }),
      appt({ id: 'nowhere', lat: null, lng: null }),
    ]);
    expect(places.map((p) => p.items.map((a) => a.id))).toEqual([['early', 'late'], ['elsewhere']]);
    expect(places[1]).toMatchObject({ lat: 41.9, lng: 12.5 });
  });

  it('lists each technician once, by name', () => {
    const t = (id: string, nome: string, colore: number) => ({ id, nome, colore });
    expect(
      legendTechnicians([
        appt({ tecnici: [t('2', 'Zeno Bianchi', 1), t('1', 'Anna Verdi', 0)] }),
        appt({ tecnici: [t('2', 'Zeno Bianchi', 1)] }),
      ]).map((x) => x.nome),
    ).toEqual(['Anna Verdi', 'Zeno Bianchi']);
  });

  it('gives each colour index a colour, wrapping around', () => {
    expect(technicianColor(12)).toBe(technicianColor(0));
    expect(technicianColor(-1)).toBe(technicianColor(11));
    expect(technicianColor(1)).not.toBe(technicianColor(0));
  });
});

describe('appointment time in the company zone', () => {
  it('shows a timed appointment in Europe/Rome (winter: UTC+1; summer: UTC+2)', () => {
    expect(appointmentWhen(appt({}), 'Europe/Rome', 'tutto il giorno')).toBe('25/11/2026 09:00 – 11:30');
    expect(
      appointmentWhen(
        appt({ inizio: '2026-07-01T06:00:00.000Z', fine: '2026-07-02T07:00:00.000Z' }),
        'Europe/Rome',
        'x',
      ),
    ).toBe('01/07/2026 08:00 – 02/07/2026 09:00');
  });

  it('shows the days of an all-day appointment', () => {
    const allDay = { tutto_il_giorno: true, inizio: null, fine: null };
    expect(appointmentWhen(appt(allDay), 'Europe/Rome', 'tutto il giorno')).toBe('25/11/2026 (tutto il giorno)');
    expect(appointmentWhen(appt({ ...allDay, giorno_fine: '20261127' }), 'Europe/Rome', 'tutto il giorno')).toBe(
      '25/11/2026 – 27/11/2026 (tutto il giorno)',
    );
  });
});

describe('boundsOf', () => {
  it('frames the points, widening a single one', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { lat: 45, lng: 9 },
        { lat: 41, lng: 12 },
      ]),
    ).toEqual([
      [41, 9],
      [45, 12],
    ]);
    expect(boundsOf([{ lat: 45, lng: 9 }])).toEqual([
      [44.95, 8.95],
      [45.05, 9.05],
    ]);
  });
});
