import { describe, expect, it } from 'vitest';
import {
  CLIENTI_TABLE,
  checkColumnChoice,
  clienteSaveRequest,
  clientiListQuery,
  defineTable,
  isValidCodiceFiscale,
  isValidMatricola,
  isValidMacchinarioNome,
} from './index.js';

describe('codice fiscale', () => {
  it('accepts personal codes with a right check letter, any case, and omocodia letters', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCodiceFiscale('rssmra85t10a562s')).toBe(true);
    // Omocodia: digits 5 (of 85) -> R and 2 (of A562) -> N, check letter computed by hand.
    expect(isValidCodiceFiscale('RSSMRA8RT10A56NT')).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA8RT10A56NS')).toBe(false);
    expect(isValidCodiceFiscale('VRDLGU80A41H501U')).toBe(true); // a woman: day 41
  });
  it('refuses a wrong check letter, month, day, length or shape', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562T')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85Z10A562S')).toBe(false); // Z is no month
    expect(isValidCodiceFiscale('RSSMRA85T32A562S')).toBe(false); // day 32
    expect(isValidCodiceFiscale('RSSMRA85T10A562')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85T10A56AS')).toBe(false); // letter where a digit goes (not omocodia)
    expect(isValidCodiceFiscale('1SSMRA85T10A562S')).toBe(false);
  });
  it("accepts a company's 11-digit code only with the partita IVA check digit", () => {
    expect(isValidCodiceFiscale('12345670017')).toBe(true);
    expect(isValidCodiceFiscale('12345670018')).toBe(false);
  });
});

describe('customer save request', () => {
  it('normalises empty strings to null, upper-cases codes and reads decimal commas', () => {
    const v = clienteSaveRequest.parse({
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
    expect(clienteSaveRequest.safeParse({ ragione_sociale: 'X', partita_iva: '12345670018' }).success).toBe(false);
    expect(clienteSaveRequest.safeParse({ ragione_sociale: 'X', colore: 'rosso' }).success).toBe(false);
  });
});

describe('machine rules (0029)', () => {
  it('checks name length and matricola characters', () => {
    expect(isValidMacchinarioNome('Caldaia')).toBe(true);
    expect(isValidMacchinarioNome('  ')).toBe(false);
    expect(isValidMacchinarioNome('x'.repeat(121))).toBe(false);
    expect(isValidMatricola('SN-2024/001.A_b 7')).toBe(true);
    expect(isValidMatricola('')).toBe(false);
    expect(isValidMatricola('/ABC')).toBe(false);
    expect(isValidMatricola('AB#1')).toBe(false);
    expect(isValidMatricola('A'.repeat(51))).toBe(false);
  });
});

describe('list infrastructure', () => {
  it('bounds the column choice', () => {
    expect(checkColumnChoice(CLIENTI_TABLE, ['ragione_sociale'])).toBe('min');
    expect(
      checkColumnChoice(
        CLIENTI_TABLE,
        CLIENTI_TABLE.columns.map((c) => c.key),
      ),
    ).toBe('max');
    expect(checkColumnChoice(CLIENTI_TABLE, ['ragione_sociale', 'x'])).toBe('unknown');
    expect(checkColumnChoice(CLIENTI_TABLE, ['citta', 'citta'])).toBe('duplicate');
    expect(checkColumnChoice(CLIENTI_TABLE, ['citta', 'ragione_sociale'])).toBeNull();
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
    expect(clientiListQuery.parse({})).toMatchObject({
      page: 1,
      size: 25,
      sort: 'ragione_sociale',
      dir: 'asc',
      tableInfos: false,
    });
    expect(clientiListQuery.safeParse({ size: '201' }).success).toBe(false);
    expect(clientiListQuery.safeParse({ sort: 'telefono' }).success).toBe(false);
    expect(clientiListQuery.parse({ q: '  ', page: '3' })).toMatchObject({ q: undefined, page: 3 });
  });
});
