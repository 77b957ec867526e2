import { describe, expect, it } from 'vitest';
import { appointmentInstant, appointmentParts, appointmentTimeMissing } from './appointment';

const ROME = 'Europe/Rome';

describe("appointment on the company's clock", () => {
  it('turns a date and time into the UTC instant, in winter and in summer', () => {
    expect(appointmentInstant('2026-11-30', '09:30', ROME)).toBe('2026-11-30T08:30:00.000Z');
    expect(appointmentInstant('2026-07-15', '14:00', ROME)).toBe('2026-07-15T12:00:00.000Z');
    // The night the clocks go back (25 October 2026) and forward (29 March 2026).
    expect(appointmentInstant('2026-10-25', '12:00', ROME)).toBe('2026-10-25T11:00:00.000Z');
    expect(appointmentInstant('2026-03-29', '12:00', ROME)).toBe('2026-03-29T10:00:00.000Z');
  });

  it('reads an instant back as the date and time typed, and leaves empty what is empty', () => {
    expect(appointmentParts('2026-11-30T08:30:00.000Z', ROME)).toEqual({ date: '2026-11-30', time: '09:30' });
    expect(appointmentParts('2026-07-15T22:30:00.000Z', ROME)).toEqual({ date: '2026-07-16', time: '00:30' });
    expect(appointmentParts(null, ROME)).toEqual({ date: '', time: '' });
    expect(appointmentInstant('', '10:00', ROME)).toBeNull();
    // A date without its time is no instant: never a silent 08:00.
    expect(appointmentInstant('2026-11-30', '', ROME)).toBeNull();
    expect(appointmentTimeMissing('2026-11-30', '')).toBe(true);
    expect(appointmentTimeMissing('2026-11-30', '08:00')).toBe(false);
    expect(appointmentTimeMissing('', '')).toBe(false);
  });

  it("works on the company's zone it is given, not on Rome's", () => {
    expect(appointmentInstant('2026-11-30', '09:30', 'America/New_York')).toBe('2026-11-30T14:30:00.000Z');
    expect(appointmentParts('2026-11-30T14:30:00.000Z', 'America/New_York')).toEqual({
      date: '2026-11-30',
      time: '09:30',
    });
    expect(appointmentParts('2026-11-30T23:30:00.000Z', 'Asia/Tokyo')).toEqual({ date: '2026-12-01', time: '08:30' });
  });
});
