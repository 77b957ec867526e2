import { describe, expect, it } from 'vitest';
import { addWorkingHours, localParts } from './working-hours.js';

const ROME = 'Europe/Rome';
/** A Rome wall-clock time as an instant (offsets written out, so the test does not use the code under test). */
const rome = (iso: string) => new Date(iso);

describe('addWorkingHours (Mon-Fri 9:00-18:00, company time zone)', () => {
  it('adds plainly inside a working day', () => {
    // Wednesday 2025-03-12 10:00 Rome (UTC+1) -> 13:00
    expect(addWorkingHours(rome('2025-03-12T10:00:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-12T12:00:00.000Z');
  });

  it('ends exactly at closing time when the hours fit', () => {
    expect(addWorkingHours(rome('2025-03-12T15:00:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-12T17:00:00.000Z');
  });

  it('Friday 17:00 carries two hours over the weekend to Monday 11:00', () => {
    // Friday 2025-03-14 17:00 -> Monday 2025-03-17 11:00 (Rome, UTC+1)
    expect(addWorkingHours(rome('2025-03-14T17:00:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-17T10:00:00.000Z');
  });

  it('a request on Saturday or Sunday counts from Monday 9:00', () => {
    expect(addWorkingHours(rome('2025-03-15T11:30:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-17T11:00:00.000Z');
    expect(addWorkingHours(rome('2025-03-16T23:59:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-17T11:00:00.000Z');
  });

  it('before 9:00 counts from 9:00 the same day', () => {
    expect(addWorkingHours(rome('2025-03-12T07:15:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-12T11:00:00.000Z');
    expect(addWorkingHours(rome('2025-03-12T00:00:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-12T11:00:00.000Z');
  });

  it('at or after 18:00 counts from 9:00 the next working day', () => {
    expect(addWorkingHours(rome('2025-03-12T18:00:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-13T11:00:00.000Z');
    expect(addWorkingHours(rome('2025-03-14T19:00:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-17T11:00:00.000Z');
  });

  it('uses the company time zone, not the server one', () => {
    // 16:00 in New York (UTC-4 in May) = 22:00 Rome: still 2 working hours left in New York that day.
    const start = new Date('2025-05-14T16:00:00-04:00');
    expect(addWorkingHours(start, 3, 'America/New_York').toISOString()).toBe('2025-05-15T14:00:00.000Z');
    expect(addWorkingHours(start, 3, ROME).toISOString()).toBe('2025-05-15T10:00:00.000Z');
  });

  it('crosses a daylight-saving change on the local clock', () => {
    // Friday 2025-03-28 17:00 (UTC+1) -> Monday 2025-03-31 11:00 (UTC+2, after the spring change)
    expect(addWorkingHours(rome('2025-03-28T17:00:00+01:00'), 3, ROME).toISOString()).toBe('2025-03-31T09:00:00.000Z');
  });

  it('keeps seconds and spans several days for longer windows', () => {
    // Thursday 16:30:15 + 12 h = 1.5 h Thu + 9 h Fri + 1.5 h Mon -> Monday 10:30:15
    expect(addWorkingHours(rome('2025-03-13T16:30:15+01:00'), 12, ROME).toISOString()).toBe('2025-03-17T09:30:15.000Z');
  });

  it('reads the local wall clock and weekday', () => {
    const p = localParts(Date.parse('2025-03-14T16:00:00Z'), ROME);
    expect(p).toMatchObject({ y: 2025, m: 3, d: 14, weekday: 5, ms: 17 * 3_600_000 });
  });
});
