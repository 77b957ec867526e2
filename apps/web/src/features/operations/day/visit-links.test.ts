import { describe, expect, it } from 'vitest';
import type { DayVisit } from '@fs/contract';
import { addressText, navigateUrl, reportPath, telUrl, visitsBySection } from './visit-links';

const place: DayVisit['luogo'] = {
  indirizzo: 'Via Roma 1',
  citta: 'Torino',
  provincia: 'TO',
  cap: '10121',
  latitude: null,
  longitude: null,
};

function visit(over: Partial<DayVisit>): DayVisit {
  return {
    sezione: 'oggi',
    appuntamento_id: 'a',
    titolo: null,
    inizio: null,
    fine: null,
    tutto_il_giorno: false,
    rapportino_id: null,
    numero_assistenza: null,
    stato_rapportino: null,
    rapportino_creabile: true,
    cliente_id: 'c',
    cliente: 'Bar Centrale',
    luogo: place,
    impianto: null,
    telefono: null,
    mansione: null,
    richiesta: null,
    note: null,
    ...over,
  };
}

describe('the technician’s day: order', () => {
  it('puts today in start order (all day first), then tomorrow, then the reports without a date as given', () => {
    const items = [
      visit({ appuntamento_id: 'late', inizio: '2026-11-26T14:30:00Z' }),
      visit({ sezione: 'senza_data', appuntamento_id: null, rapportino_id: 'r2' }),
      visit({ sezione: 'domani', appuntamento_id: 'tomorrow', inizio: '2026-11-27T08:00:00Z' }),
      visit({ appuntamento_id: 'early', inizio: '2026-11-26T08:00:00Z' }),
      visit({ appuntamento_id: 'allday', tutto_il_giorno: true, inizio: '2026-11-25T23:00:00Z' }),
      visit({ sezione: 'senza_data', appuntamento_id: null, rapportino_id: 'r1' }),
      visit({ appuntamento_id: 'mid', inizio: '2026-11-26T09:00:00Z', cliente: 'Z' }),
      visit({ appuntamento_id: 'mid-a', inizio: '2026-11-26T09:00:00Z', cliente: 'A' }),
    ];
    const sections = visitsBySection(items);
    expect(sections.map((s) => s.section)).toEqual(['oggi', 'domani', 'senza_data']);
    expect(sections[0]!.visits.map((v) => v.appuntamento_id)).toEqual(['allday', 'early', 'mid-a', 'mid', 'late']);
    expect(sections[1]!.visits.map((v) => v.appuntamento_id)).toEqual(['tomorrow']);
    expect(sections[2]!.visits.map((v) => v.rapportino_id)).toEqual(['r2', 'r1']);
  });

  it('keeps every section, empty when it has nothing', () => {
    expect(visitsBySection([]).map((s) => s.visits.length)).toEqual([0, 0, 0]);
  });
});

describe('the technician’s day: links', () => {
  it('writes the address with postcode and province', () => {
    expect(addressText(place)).toBe('Via Roma 1, 10121 Torino (TO)');
    expect(addressText({ ...place, indirizzo: null, cap: null })).toBe('Torino (TO)');
    expect(addressText({ ...place, indirizzo: ' ', cap: null, citta: null, provincia: null })).toBeNull();
  });

  it('navigates to the coordinates when known, else to the encoded address', () => {
    expect(navigateUrl(visit({ luogo: { ...place, latitude: 45.07, longitude: 7.68 } }))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=45.07%2C7.68',
    );
    expect(navigateUrl(visit({}))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Via%20Roma%201%2C%2010121%20Torino%20(TO)',
    );
  });

  it('navigates to a plant by its address (the coordinates are the customer’s)', () => {
    expect(navigateUrl(visit({ impianto: 'Centrale termica', luogo: { ...place, latitude: 45, longitude: 7 } }))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Via%20Roma%201%2C%2010121%20Torino%20(TO)',
    );
  });

  it('has no navigation without a place', () => {
    const nowhere = { indirizzo: null, citta: null, provincia: null, cap: null, latitude: null, longitude: null };
    expect(navigateUrl(visit({ luogo: nowhere }))).toBeNull();
  });

  it('calls the digits of the phone, keeping an international +', () => {
    expect(telUrl('+39 011 123 4567')).toBe('tel:+390111234567');
    expect(telUrl('011/123.45.67')).toBe('tel:0111234567');
    expect(telUrl('n.d.')).toBeNull();
    expect(telUrl(null)).toBeNull();
  });

  it('opens the report on the report page', () => {
    expect(reportPath('r7')).toBe('/interventions/r7');
  });
});
