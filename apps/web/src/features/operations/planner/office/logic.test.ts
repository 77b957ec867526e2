import { describe, expect, it, vi } from 'vitest';
import type { AppointmentRequest, AppointmentSaveResponse, Appointment, ActivityRangeItem } from '@fs/contract';
import { draftForSlot, draftOf, draftProblems, requestOf, todoOf } from './draft';
import { activityRequest, condenseMonth, dragDuration, moveRequest, summaryEvent, toEvent } from './events';
import { legendOf } from './legend';
import { NO_TECHNICIAN, PALETTE, technicianColor } from './palette';
import { addDays, compactDay, wireRange } from './range';
import { saveConfirming } from './warnings';
import { instantIn, offsetAt, offsetForWall, partsIn } from './zone';

const ROME = 'Europe/Rome';

function appt(over: Partial<Appointment> = {}): Appointment {
  return {
    id: 'a1',
    titolo: 'Manutenzione',
    note: null,
    cliente_id: 'c1',
    cliente: 'Rossi S.r.l.',
    impianto_id: null,
    impianto: null,
    macchinari_ids: [],
    tecnici: [{ id: 't1', nome: 'Mario Rossi', colore: 1 }],
    mansione_id: null,
    mansione: null,
    inizio: '2026-11-23T08:00:00.000Z',
    fine: '2026-11-23T10:00:00.000Z',
    tutto_il_giorno: false,
    giorno_inizio: '20261123',
    giorno_fine: '20261123',
    da_fare: false,
    luogo: { indirizzo: null, citta: null, latitude: null, longitude: null },
    rapportino_id: null,
    stato_rapportino: null,
    numero_assistenza: null,
    attivita_data_id: null,
    promemoria_minuti: null,
    promemoria_inviato_at: null,
    ...over,
  };
}

function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const l = c.map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * l[0]! + 0.7152 * l[1]! + 0.0722 * l[2]!;
}

describe('technician palette', () => {
  it('gives each of the 12 indexes its own colour, wraps larger ones and reads white text at 4.5:1', () => {
    expect(new Set(PALETTE).size).toBe(12);
    expect(technicianColor(0)).toBe(PALETTE[0]);
    expect(technicianColor(13)).toBe(PALETTE[1]);
    expect(technicianColor(-1)).toBe(PALETTE[11]);
    expect(technicianColor(null)).toBe(NO_TECHNICIAN);
    for (const c of [...PALETTE, NO_TECHNICIAN]) expect(1.05 / (luminance(c) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('ranges on the wire', () => {
  it("turns FullCalendar's exclusive end into the inclusive YYYYMMDD range", () => {
    expect(wireRange('2026-10-26T00:00:00+01:00', '2026-12-07T00:00:00+01:00')).toEqual({
      start: '20261026',
      end: '20261206',
    });
    expect(wireRange('2026-11-23', '2026-11-24')).toEqual({ start: '20261123', end: '20261123' });
    expect(compactDay('2026-03-29T02:00:00+02:00')).toBe('20260329');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(() => compactDay('nope')).toThrow();
  });
});

describe("the company's zone without a library", () => {
  it('knows Rome across the daylight-saving changes', () => {
    expect(offsetAt(Date.parse('2026-01-15T12:00:00Z'), ROME)).toBe(60);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), ROME)).toBe(120);
    // 29 March 2026, 03:00 Rome is already summer time; 25 October 10:00 is winter time again.
    expect(offsetForWall([2026, 2, 29, 3, 0, 0, 0], ROME)).toBe(120);
    expect(instantIn('2026-10-25', '10:00', ROME)).toBe('2026-10-25T09:00:00.000Z');
    expect(instantIn('2026-10-24', '10:00', ROME)).toBe('2026-10-24T08:00:00.000Z');
    expect(partsIn('2026-03-29T01:30:00.000Z', ROME)).toEqual({ date: '2026-03-29', time: '03:30' });
    expect(instantIn('', '10:00', ROME)).toBeNull();
  });
});

describe('appointments as calendar events', () => {
  it('maps timed ones by instants, coloured by the first technician', () => {
    const e = toEvent(
      appt({
        tecnici: [
          { id: 't1', nome: 'A', colore: 1 },
          { id: 't2', nome: 'B', colore: 2 },
        ],
      }),
    )!;
    expect(e).toMatchObject({
      id: 'a1',
      start: '2026-11-23T08:00:00.000Z',
      end: '2026-11-23T10:00:00.000Z',
      allDay: false,
    });
    expect(e.title).toBe('Manutenzione · Rossi S.r.l.');
    expect(e.backgroundColor).toBe(PALETTE[1]);
    expect(e.borderColor).toBe(PALETTE[1]);
  });

  it('maps all-day ones by days with an exclusive end, and leaves to-dos off the calendar', () => {
    const e = toEvent(appt({ tutto_il_giorno: true, giorno_inizio: '20261130', giorno_fine: '20261201' }))!;
    expect(e).toMatchObject({ allDay: true, start: '2026-11-30', end: '2026-12-02' });
    expect(toEvent(appt({ da_fare: true, inizio: null, fine: null }))).toBeNull();
    expect(toEvent(appt({ tecnici: [] }))!.backgroundColor).toBe(NO_TECHNICIAN);
  });

  it('moves an appointment keeping its fields, and its length when dropped without an end', () => {
    const moved = moveRequest(appt({ mansione_id: 'm1', note: 'n' }), {
      allDay: false,
      start: new Date('2026-11-25T13:00:00Z'),
      end: null,
      startStr: '2026-11-25T14:00:00+01:00',
      endStr: '',
    });
    expect(moved).toMatchObject({
      id: 'a1',
      cliente_id: 'c1',
      mansione_id: 'm1',
      note: 'n',
      tecnici_ids: ['t1'],
      tutto_il_giorno: false,
      inizio: '2026-11-25T13:00:00.000Z',
      fine: '2026-11-25T15:00:00.000Z',
    });
    const allDay = moveRequest(appt(), {
      allDay: true,
      start: new Date('2026-11-26T23:00:00Z'),
      end: new Date('2026-11-28T23:00:00Z'),
      startStr: '2026-11-27',
      endStr: '2026-11-29',
    });
    expect(allDay).toMatchObject({ tutto_il_giorno: true, data_inizio: '2026-11-27', data_fine: '2026-11-28' });
    expect(allDay.inizio).toBeUndefined();
  });

  it('plans an activity occurrence for its duration with the chosen technicians', () => {
    const item = {
      id: 'occ1',
      nome: 'Controllo semestrale',
      cliente_id: 'c9',
      mansione_id: 'm2',
      durata_minuti: 90,
    } as ActivityRangeItem;
    expect(activityRequest(item, new Date('2026-11-26T08:00:00Z'), ['t1', 't2'])).toEqual({
      titolo: 'Controllo semestrale',
      cliente_id: 'c9',
      mansione_id: 'm2',
      attivita_data_id: 'occ1',
      tecnici_ids: ['t1', 't2'],
      tutto_il_giorno: false,
      inizio: '2026-11-26T08:00:00.000Z',
      fine: '2026-11-26T09:30:00.000Z',
    });
    expect(dragDuration(90)).toBe('01:30');
    expect(dragDuration(2000)).toBe('24:00');
  });
});

describe('the warnings flow (spec 5)', () => {
  const body = { titolo: 'x', cliente_id: 'c', tecnici_ids: ['t'] } as AppointmentRequest;
  const warned: AppointmentSaveResponse = {
    success: false,
    avvisi: [{ codice: 'sovrapposizione', message: 'Il tecnico ha già un appuntamento' }],
  };
  const ok: AppointmentSaveResponse = { success: true, item: appt() };

  it('saves at once without warnings and never asks', async () => {
    const post = vi.fn().mockResolvedValue(ok);
    const ask = vi.fn();
    expect(await saveConfirming(post, body, ask)).toEqual({ saved: true, item: ok.item });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toMatchObject({ conferma: false });
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks with the warnings and sends again with conferma when confirmed', async () => {
    const post = vi.fn().mockResolvedValueOnce(warned).mockResolvedValueOnce(ok);
    const ask = vi.fn().mockResolvedValue(true);
    expect(await saveConfirming(post, body, ask)).toMatchObject({ saved: true });
    expect(ask).toHaveBeenCalledWith(warned.success ? [] : warned.avvisi);
    expect(post.mock.calls[1]![0]).toMatchObject({ ...body, conferma: true });
  });

  it('saves nothing more when declined', async () => {
    const post = vi.fn().mockResolvedValue(warned);
    const out = await saveConfirming(post, body, () => Promise.resolve(false));
    expect(out.saved).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe('the appointment form', () => {
  it('prefills a selected slot on the company clock and builds the request back', () => {
    const d = draftForSlot(
      { startStr: '2026-11-26T10:00:00+01:00', endStr: '2026-11-26T10:30:00+01:00', allDay: false },
      ROME,
      ['t1'],
    );
    expect(d).toMatchObject({ startDate: '2026-11-26', startTime: '10:00', endTime: '10:30', tecnici_ids: ['t1'] });
    expect(draftProblems(d, ROME)).toEqual({ titolo: 'required', cliente: 'required' });
    const full = {
      ...d,
      titolo: ' Visita ',
      cliente: { id: 'c1', nome: 'Rossi' },
      promemoria: '60',
      crea_rapportino: true,
    };
    expect(draftProblems(full, ROME)).toEqual({});
    expect(requestOf(full, ROME)).toMatchObject({
      titolo: 'Visita',
      cliente_id: 'c1',
      tutto_il_giorno: false,
      inizio: '2026-11-26T09:00:00.000Z',
      fine: '2026-11-26T09:30:00.000Z',
      crea_rapportino: true,
      promemoria_minuti: 60,
    });
    expect(draftProblems({ ...full, endTime: '09:00' }, ROME)).toEqual({ endTime: 'endBeforeStart' });
    expect(draftProblems({ ...full, tecnici_ids: [] }, ROME)).toEqual({ tecnici_ids: 'oneTechnician' });
    expect(draftProblems({ ...full, tecnici_ids: [] }, ROME, true)).toEqual({});
  });

  it('selects whole days in month view and edits an existing appointment without asking for a report again', () => {
    const d = draftForSlot({ startStr: '2026-11-26', endStr: '2026-11-28', allDay: true }, ROME);
    expect(d).toMatchObject({ allDay: true, startDate: '2026-11-26', endDate: '2026-11-27' });
    const edit = draftOf(appt({ promemoria_minuti: 30 }), ROME);
    expect(edit).toMatchObject({
      id: 'a1',
      startDate: '2026-11-23',
      startTime: '09:00',
      endTime: '11:00',
      promemoria: '30',
    });
    const req = requestOf(edit, ROME);
    expect(req.id).toBe('a1');
    expect(req).not.toHaveProperty('crea_rapportino');
    expect(todoOf(edit)).toEqual({
      id: 'a1',
      titolo: 'Manutenzione',
      cliente_id: 'c1',
      impianto_id: null,
      macchinari_ids: [],
      mansione_id: null,
      note: null,
      attivita_data_id: null,
      tecnici_ids: ['t1'],
    });
  });
});

describe('the legend', () => {
  it("takes the server's colour from the appointments, the list's order for the others, sorted by name", () => {
    const l = legendOf(
      [appt({ tecnici: [{ id: 't2', nome: 'Zeno', colore: 5 }] })],
      [
        { id: 't2', nome: 'Zeno', indice: 1 },
        { id: 't3', nome: 'Anna', indice: 14 },
      ],
    );
    expect(l).toEqual([
      { id: 't3', nome: 'Anna', colore: 2 },
      { id: 't2', nome: 'Zeno', colore: 5 },
    ]);
  });
});

describe('the month view with thousands of appointments', () => {
  it("keeps each day's first appointments by start and counts the rest; all-day and multi-day ones stay", () => {
    const day = (n: number, h: number, over: Partial<Appointment> = {}) =>
      appt({
        id: `d${n}-${h}`,
        giorno_inizio: `202611${String(n).padStart(2, '0')}`,
        giorno_fine: `202611${String(n).padStart(2, '0')}`,
        inizio: `2026-11-${String(n).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00.000Z`,
        ...over,
      });
    const items = [
      day(2, 15),
      day(2, 9),
      day(2, 12),
      day(2, 8),
      day(2, 10),
      day(3, 9),
      day(2, 7, { tutto_il_giorno: true }),
      day(4, 9, { giorno_fine: '20261105' }),
      day(5, 9, { da_fare: true }),
    ];
    const { shown, more } = condenseMonth(items, 3);
    expect(shown.map((a) => a.id).sort()).toEqual(['d2-10', 'd2-7', 'd2-8', 'd2-9', 'd3-9', 'd4-9'].sort());
    expect(more).toEqual([{ day: '20261102', hidden: 2 }]);
    const chip = summaryEvent(more[0]!, '+2 altri');
    expect(chip).toMatchObject({ start: '2026-11-02', allDay: true, editable: false, title: '+2 altri' });
    expect(chip.extendedProps).toMatchObject({ more: '2026-11-02', ordine: 1 });
  });
});
