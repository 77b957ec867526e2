import { describe, expect, it } from 'vitest';
import { customFieldValueNormalised, customFieldValueProblem } from './report-config.js';

describe('custom field values', () => {
  it('reads a number typed the Italian way and stores it canonical', () => {
    expect(customFieldValueNormalised('numero', '1,5')).toBe('1.5');
    expect(customFieldValueNormalised('numero', '2.450,75')).toBe('2450.75');
    expect(customFieldValueNormalised('numero', '-0,25')).toBe('-0.25');
    expect(customFieldValueNormalised('numero', '-0')).toBe('0');
    expect(customFieldValueNormalised('numero', '3')).toBe('3');
    // Italian thousands (with a comma, or several groups), and no trailing decimal zeros in the stored value.
    expect(customFieldValueNormalised('numero', '1.200,0')).toBe('1200');
    expect(customFieldValueNormalised('numero', '1.234.567')).toBe('1234567');
    // A field of four decimals reads a single dot before three digits as the API writes a decimal (decision 0022).
    expect(customFieldValueNormalised('numero', '1.200')).toBe('1.2');
    expect(customFieldValueNormalised('numero', '1.234')).toBe('1.234');
    expect(customFieldValueNormalised('numero', '1,250')).toBe('1.25');
    expect(customFieldValueNormalised('numero', '2,0')).toBe('2');
    expect(customFieldValueNormalised('numero', '')).toBe('');
    // What cannot be read stays as typed, and the check names it.
    expect(customFieldValueNormalised('numero', '1,2,3')).toBe('1,2,3');
    expect(customFieldValueProblem('numero', customFieldValueNormalised('numero', '1,2,3'))).toBe('Numero non valido');
    expect(customFieldValueProblem('numero', customFieldValueNormalised('numero', '1,23456'))).toBe(
      'Numero non valido',
    );
    // Other types are left alone.
    expect(customFieldValueNormalised('testo_breve', '1,5')).toBe('1,5');
  });

  it('takes real calendar dates only', () => {
    expect(customFieldValueProblem('data', '2028-02-29')).toBeNull();
    expect(customFieldValueProblem('data', '2026-02-29')).toBe('Data non valida');
    expect(customFieldValueProblem('data', '2026-02-31')).toBe('Data non valida');
    expect(customFieldValueProblem('data', '2026-13-01')).toBe('Data non valida');
    expect(customFieldValueProblem('vero_falso', 'sì')).toBe('Deve essere sì o no');
    expect(customFieldValueProblem('vero_falso', 'false')).toBeNull();
  });
});
