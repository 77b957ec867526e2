import { describe, expect, it } from 'vitest';
import { zoneCity } from './zone-name';

describe('zoneCity', () => {
  it('names the city of the zone in the interface language', () => {
    expect(zoneCity('Europe/Rome', 'it')).toBe('Roma');
    expect(zoneCity('Europe/Rome', 'en')).toBe('Rome');
    expect(zoneCity('Europe/Rome', 'de-DE')).toBe('Rom');
  });

  it('falls back to the IANA city with spaces', () => {
    expect(zoneCity('America/New_York', 'it')).toBe('New York');
    expect(zoneCity('America/Argentina/Buenos_Aires', 'en')).toBe('Buenos Aires');
    expect(zoneCity('UTC', 'it')).toBe('UTC');
  });
});
