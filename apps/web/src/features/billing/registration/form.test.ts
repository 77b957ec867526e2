import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../app/api/errors';
import { fieldErrors, initialValues, toInitRequest, validators } from './form';

/** A t() that answers the key and its options, so the test reads which message was chosen. */
const t = ((key: string, o?: Record<string, unknown>) =>
  o ? `${key}:${JSON.stringify(o)}` : key) as unknown as TFunction;
const v = validators(t);

describe('registration form rules', () => {
  it('passwords must match and be long enough', () => {
    expect(v.password('corta')).toBe('register.errors.passwordShort:{"min":8}');
    expect(v.password('abbastanza')).toBeNull();
    expect(v.password_confirm('abbastanzA', { password: 'abbastanza' })).toBe('register.errors.passwordMismatch');
    expect(v.password_confirm('abbastanza', { password: 'abbastanza' })).toBeNull();
    expect(v.password_confirm('', { password: 'abbastanza' })).toBe('common.required');
  });

  it('the VAT number passes its check digit', () => {
    expect(v.partita_iva('12345670017')).toBeNull();
    expect(v.partita_iva('12345670018')).toBe('common.partitaIva.check');
    expect(v.partita_iva('1234567001')).toBe('common.partitaIva.format');
    expect(v.partita_iva(' ')).toBe('common.required');
  });

  it('an empty email is required, a wrong one invalid', () => {
    expect(v.email('')).toBe('common.required');
    expect(v.email('anna@')).toBe('register.errors.email');
    expect(v.email('anna@rossi.it')).toBeNull();
  });

  it('terms must be accepted; lite allows at most 3 technicians', () => {
    expect(v.termini_accettati(false)).toBe('register.errors.terms');
    expect(v.termini_accettati(true)).toBeNull();
    expect(v.tecnici(4, { subscription_type: 'lite' })).toBe('register.errors.liteMax:{"max":3}');
    expect(v.tecnici(3, { subscription_type: 'lite' })).toBeNull();
    expect(v.tecnici(4, { subscription_type: 'premium' })).toBeNull();
    expect(v.tecnici(0, { subscription_type: 'premium' })).toBe('register.errors.tecnici:{"max":50}');
  });

  it('maps refusals to the fields they concern', () => {
    expect(fieldErrors(t, new ApiError(409, '0010', 'x'))).toEqual({ email: 'register.errors.emailUsed' });
    expect(fieldErrors(t, new ApiError(409, 'CONFLICT', 'x'))).toEqual({ partita_iva: 'register.errors.pivaUsed' });
    const validation = new ApiError(400, 'VALIDATION', 'x', [
      { path: 'password_confirm', message: 'Le password non coincidono' },
      { path: 'cap', message: 'troppo lungo' },
      { path: 'partita_iva', message: 'La cifra di controllo della partita IVA non è corretta' },
      { path: 'email', message: 'Campo obbligatorio' },
    ]);
    expect(fieldErrors(t, validation)).toEqual({
      password_confirm: 'register.errors.passwordMismatch',
      cap: 'register.errors.invalid',
      partita_iva: 'common.partitaIva.check',
      email: 'common.required',
    });
  });

  it('sends trimmed values, the province in capitals and the interface language', () => {
    const body = toInitRequest(
      { ...initialValues, email: ' a@b.it ', provincia: 'bo', partita_iva: ' 12345670017 ' },
      'FR',
    );
    expect(body).toMatchObject({
      email: 'a@b.it',
      provincia: 'BO',
      partita_iva: '12345670017',
      lingua: 'FR',
      nazione: 'IT',
    });
    expect(toInitRequest(initialValues, 'PT').lingua).toBe('IT');
  });
});
