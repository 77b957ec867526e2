import { describe, expect, it } from 'vitest';
import { appointmentText } from './FieldPlace';
import { directionsTo, placeText, reportViewFor, telLink } from './report-view';

describe('the report view', () => {
  it('is the field view only on a phone for who has no company-wide write', () => {
    expect(reportViewFor({ phone: true, companyWrite: false })).toBe('field');
    expect(reportViewFor({ phone: true, companyWrite: true })).toBe('office');
    expect(reportViewFor({ phone: false, companyWrite: false })).toBe('office');
    expect(reportViewFor({ phone: false, companyWrite: true })).toBe('office');
  });

  it('links the place and the phone', () => {
    expect(directionsTo('Via Roma 1, Torino')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Via%20Roma%201%2C%20Torino',
    );
    expect(directionsTo('  ')).toBeNull();
    expect(placeText({ indirizzo: 'Via Roma 1', cap: '10121', citta: 'Torino', provincia: 'TO' })).toBe(
      'Via Roma 1, 10121 Torino (TO)',
    );
    expect(placeText({ indirizzo: null, citta: 'Torino' })).toBe('Torino');
    expect(telLink('011 123.45-67')).toBe('tel:0111234567');
    expect(telLink('+39 333 1234567')).toBe('tel:+393331234567');
    expect(telLink('—')).toBeNull();
    expect(telLink(null)).toBeNull();
  });
});

describe('the appointment on the field view', () => {
  const t = (k: string, o?: Record<string, unknown>) => `${k} ${JSON.stringify(o ?? {})}`;
  const base = { id: 'a1', tutto_il_giorno: false, da_fare: false };

  it('reads the day and the times on the company’s clock, the Italian way', () => {
    const a = { ...base, inizio: '2026-11-26T08:00:00.000Z', fine: '2026-11-26T09:30:00.000Z' };
    expect(appointmentText(a, 'Europe/Rome', t)).toBe('reports.field.at {"day":"26/11/2026","time":"09:00–10:30"}');
  });

  it('says a whole day, a to-do and no appointment', () => {
    const day = { ...base, tutto_il_giorno: true, inizio: '2026-11-25T23:00:00.000Z', fine: null };
    expect(appointmentText(day, 'Europe/Rome', t)).toBe('reports.field.allDay {"day":"26/11/2026"}');
    expect(appointmentText({ ...base, da_fare: true, inizio: null, fine: null }, 'Europe/Rome', t)).toBe(
      'reports.field.toPlan {}',
    );
    expect(appointmentText(null, 'Europe/Rome', t)).toBeNull();
  });
});
