import { describe, expect, it } from 'vitest';
import { directionsTo, reportViewFor, telLink } from './report-view';

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
    expect(telLink('011 123.45-67')).toBe('tel:0111234567');
    expect(telLink('+39 333 1234567')).toBe('tel:+393331234567');
    expect(telLink('—')).toBeNull();
    expect(telLink(null)).toBeNull();
  });
});
