import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { customerValidation, toCustomerRequest, toCustomerValues } from './customer-form';

const t = ((k: string) => k) as unknown as TFunction;

describe('customer form', () => {
  it('checks VAT and tax code digits, e-mail and decimals only when filled', () => {
    const v = customerValidation(t);
    expect(v.ragione_sociale(' ')).toBe('common.required');
    expect(v.partita_iva('')).toBeNull();
    expect(v.partita_iva('12345670018')).toBe('common.partitaIva.check');
    expect(v.partita_iva('1234567001')).toBe('common.partitaIva.format');
    expect(v.partita_iva('12345670017')).toBeNull();
    expect(v.codice_fiscale('RSSMRA85T10A562S')).toBeNull();
    expect(v.codice_fiscale('RSSMRA85T10A562X')).toBe('customers.form.invalidCf');
    expect(v.km_viaggio('12,50')).toBeNull();
    expect(v.km_viaggio('1.200')).toBeNull(); // Italian thousands: twelve hundred km
    expect(v.km_viaggio('12.5')).toBeNull(); // a dot before no group of three is the decimal mark
    expect(v.km_viaggio('12.5055')).toBe('common.decimal.decimals');
    expect(v.km_viaggio('12,505')).toBe('common.decimal.decimals');
    expect(v.km_viaggio('-3')).toBe('common.decimal.negative');
    expect(v.km_viaggio('1.234.567')).toBe('common.decimal.too_large');
    // A customer of the API shows its decimals the Italian way in the form.
    expect(toCustomerValues({ km_viaggio: '24.50', ore_viaggio: '1.25' } as never)).toMatchObject({
      km_viaggio: '24,5',
      ore_viaggio: '1,25',
    });
    expect(v.km_viaggio('12a')).toBe('common.decimal.invalid');
    expect(v.email('a@b')).toBe('customers.form.invalidEmail');
  });
  it('round-trips a customer into a save request', () => {
    const values = toCustomerValues(null);
    expect(values.nazione).toBe('IT');
    expect(toCustomerRequest({ ...values, ragione_sociale: 'Rossi' }, 'id-1')).toMatchObject({
      id: 'id-1',
      ragione_sociale: 'Rossi',
    });
  });
});
