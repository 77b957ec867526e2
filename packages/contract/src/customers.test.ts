import { describe, expect, it } from 'vitest';
import {
  CUSTOMERS_TABLE,
  checkColumnChoice,
  customerSaveRequest,
  customersListQuery,
  defineTable,
  isValidTaxCode,
  isValidSerialNumber,
  isValidMachineName,
} from './index.js';

describe('codice fiscale', () => {
  it('accepts personal codes with a right check letter, any case, and omocodia letters', () => {
    expect(isValidTaxCode('RSSMRA85T10A562S')).toBe(true);
    expect(isValidTaxCode('rssmra85t10a562s')).toBe(true);
    // Omocodia: digits 5 (of 85) -> R and 2 (of A562) -> N, check letter computed by hand.
    expect(isValidTaxCode('RSSMRA8RT10A56NT')).toBe(true);
    expect(isValidTaxCode('RSSMRA8RT10A56NS')).toBe(false);
    expect(isValidTaxCode('VRDLGU80A41H501U')).toBe(true); // a woman: day 41
  });
  it('refuses a wrong check letter, month, day, length or shape', () => {
    expect(isValidTaxCode('RSSMRA85T10A562T')).toBe(false);
    expect(isValidTaxCode('RSSMRA85Z10A562S')).toBe(false); // Z is no month
    expect(isValidTaxCode('RSSMRA85T32A562S')).toBe(false); // day 32
    expect(isValidTaxCode('RSSMRA85T10A562')).toBe(false);
    expect(isValidTaxCode('RSSMRA85T10A56AS')).toBe(false); // letter where a digit goes (not omocodia)
    expect(isValidTaxCode('1SSMRA85T10A562S')).toBe(false);
  });
  it("accepts a company's 11-digit code only with the partita IVA check digit", () => {
    expect(isValidTaxCode('12345670017')).toBe(true);
    expect(isValidTaxCode('12345670018')).toBe(false);
  });
});

describe('customer save request', () => {
  it('normalises empty strings to null, upper-cases codes and reads decimal commas', () => {
    const v = customerSaveRequest.parse({
      ragione_sociale: ' Rossi ',
      codice_fiscale: 'rssmra85t10a562s',
      provincia: 'mi',
      telefono: '',
      km_viaggio: '12,5',
    });
    expect(v).toMatchObject({
      ragione_sociale: 'Rossi',
      codice_fiscale: 'RSSMRA85T10A562S',
      provincia: 'MI',
      telefono: null,
      km_viaggio: '12.5',
      nazione: 'IT',
      partita_iva: null,
    });
  });
  it('refuses bad VAT numbers and unknown fields', () => {
    expect(customerSaveRequest.safeParse({ ragione_sociale: 'X', partita_iva: '12345670018' }).success).toBe(false);
    expect(customerSaveRequest.safeParse({ ragione_sociale: 'X', colore: 'rosso' }).success).toBe(false);
  });
});

describe('machine rules (0029)', () => {
  it('checks name length and matricola characters', () => {
    expect(isValidMachineName('Caldaia')).toBe(true);
    expect(isValidMachineName('  ')).toBe(false);
    expect(isValidMachineName('x'.repeat(121))).toBe(false);
    expect(isValidSerialNumber('SN-2024/001.A_b 7')).toBe(true);
    expect(isValidSerialNumber('')).toBe(false);
    expect(isValidSerialNumber('/ABC')).toBe(false);
    expect(isValidSerialNumber('AB#1')).toBe(false);
    expect(isValidSerialNumber('A'.repeat(51))).toBe(false);
  });
});

describe('list infrastructure', () => {
  it('bounds the column choice', () => {
    expect(checkColumnChoice(CUSTOMERS_TABLE, ['ragione_sociale'])).toBe('min');
    expect(
      checkColumnChoice(
        CUSTOMERS_TABLE,
        CUSTOMERS_TABLE.columns.map((c) => c.key),
      ),
    ).toBe('max');
    expect(checkColumnChoice(CUSTOMERS_TABLE, ['ragione_sociale', 'x'])).toBe('unknown');
    expect(checkColumnChoice(CUSTOMERS_TABLE, ['citta', 'citta'])).toBe('duplicate');
    expect(checkColumnChoice(CUSTOMERS_TABLE, ['citta', 'ragione_sociale'])).toBeNull();
  });
  it('refuses a table whose defaults break its own bounds', () => {
    expect(() =>
      defineTable({
        name: 'x',
        columns: [{ key: 'a', label: 'a', sortable: true }],
        minColumns: 2,
        maxColumns: 1,
        defaultColumns: ['a'],
        defaultSort: 'a',
      }),
    ).toThrow();
  });
  it('parses the list query: defaults, size at most 200, sortable keys only', () => {
    expect(customersListQuery.parse({})).toMatchObject({
      page: 1,
      size: 25,
      sort: 'ragione_sociale',
      dir: 'asc',
      tableInfos: false,
    });
    expect(customersListQuery.safeParse({ size: '201' }).success).toBe(false);
    expect(customersListQuery.safeParse({ sort: 'telefono' }).success).toBe(false);
    expect(customersListQuery.parse({ q: '  ', page: '3' })).toMatchObject({ q: undefined, page: 3 });
  });
});
