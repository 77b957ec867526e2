import { describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '../../../../app/i18n';
import { rec } from '../record.fixture';
import { dayPositions } from './DayPositions';

await i18nReady;

const fix = (latitude: number, fixAt: string, stale = false) => ({
  latitude,
  longitude: 9.19,
  accuracyM: 12,
  fixAt,
  stale,
});

describe("a day's positions on the map", () => {
  it('places every valid entry and exit fix, titled with who, what and when; stale ones are only counted', () => {
    const names = new Map([['u1', 'Tito Tempo']]);
    const work = rec({
      posizioneStart: fix(45.1, '2026-11-26T07:02:00Z'),
      posizioneEnd: fix(45.2, '2026-11-26T11:30:00Z', true),
    });
    const travel = rec({ tipo: 'ANDATA', posizioneStart: null, posizioneEnd: fix(45.3, '2026-11-26T12:00:00Z') });
    const { positions, titles, stale } = dayPositions([work, travel], names, 'Europe/Rome', i18n.t);
    expect(positions.map((p) => [p.utenteId, p.latitude, p.recordedAt])).toEqual([
      ['u1', 45.1, '2026-11-26T07:02:00Z'],
      ['u1', 45.3, '2026-11-26T12:00:00Z'],
    ]);
    expect(titles).toEqual(['Tito Tempo: inizio Lavoro alle 08:03', 'Tito Tempo: fine Viaggio di andata alle 12:31']);
    expect(stale).toBe(1);
  });
});
