import { describe, expect, it } from 'vitest';
import { campoValueNormalised, campoValueProblem } from './report-config.js';

describe('custom field values', () => {
  it('reads a number typed the Italian way and stores it canonical', () => {
    expect(campoValueNormalised('numero', '1,5')).toBe('1.5');
    expect(campoValueNormalised('numero', '2.450,75')).toBe('2450.75');
    expect(campoValueNormalised('numero', '-0,25')).toBe('-0.25');
    expect(campoValueNormalised('numero', '-0')).toBe('0');
    expect(campoValueNormalised('numero', '3')).toBe('3');
    // Italian thousands (with a comma, or several groups), and no trailing decimal zeros in the stored value.
    expect(campoValueNormalised('numero', '1.200,0')).toBe('1200');
    expect(campoValueNormalised('numero', '1.234.567')).toBe('1234567');
    // A field of four decimals reads a single dot before three digits as the API writes a decimal (decision 0022).
    expect(campoValueNormalised('numero', '1.200')).toBe('1.2');
    expect(campoValueNormalised('numero', '1.234')).toBe('1.234');
    expect(campoValueNormalised('numero', '1,250')).toBe('1.25');
    expect(campoValueNormalised('numero', '2,0')).toBe('2');
    expect(campoValueNormalised('numero', '')).toBe('');
    // What cannot be read stays as typed, and the check names it.
    expect(campoValueNormalised('numero', '1,2,3')).toBe('1,2,3');
    expect(campoValueProblem('numero', campoValueNormalised('numero', '1,2,3'))).toBe('Numero non valido');
    expect(campoValueProblem('numero', campoValueNormalised('numero', '1,23456'))).toBe('Numero non valido');
    // Other types are left alone.
    expect(campoValueNormalised('testo_breve', '1,5')).toBe('1,5');
  });

  it('takes real calendar dates only', () => {
    expect(campoValueProblem('data', '2028-02-29')).toBeNull();
    expect(campoValueProblem('data', '2026-02-29')).toBe('Data non valida');
    expect(campoValueProblem('data', '2026-02-31')).toBe('Data non valida');
    expect(campoValueProblem('data', '2026-13-01')).toBe('Data non valida');
    expect(campoValueProblem('vero_falso', 'sì')).toBe('Deve essere sì o no');
    expect(campoValueProblem('vero_falso', 'false')).toBeNull();
  });
});
