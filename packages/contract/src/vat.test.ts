import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, validateImportRow } from './imports-fields.js';
import { OPTION_CATALOGUE } from './options.js';
import { VAT_NATURE_CODES, vatProblem, vatRateLabel, vatRateOfCode } from './vat.js';

describe('VAT rates (decision 0050)', () => {
  it('a 0% rate needs its nature, any other rate none', () => {
    expect(vatProblem('0', null)).toBe('NATURE_REQUIRED');
    expect(vatProblem('0.00', 'N4')).toBeNull();
    expect(vatProblem('22', 'N4')).toBe('NATURE_FORBIDDEN');
    expect(vatProblem(null, 'N4')).toBe('NATURE_FORBIDDEN');
    expect(vatProblem(null, null)).toBeNull();
    expect(vatProblem('0', 'N2')).toBe('NATURE_INVALID');
    expect(VAT_NATURE_CODES).toHaveLength(21);
  });

  it('reads the options’ VAT codes and writes rates for people', () => {
    expect(vatRateOfCode('10')).toEqual({ aliquota: '10.00', natura: null });
    expect(vatRateOfCode('N6.3')).toEqual({ aliquota: '0.00', natura: 'N6.3' });
    expect(vatRateOfCode(undefined)).toEqual({ aliquota: '22.00', natura: null });
    expect(vatRateOfCode('bogus')).toEqual({ aliquota: '22.00', natura: null });
    expect([
      vatRateLabel({ aliquota: '22.00', natura: null }),
      vatRateLabel({ aliquota: '5.50', natura: null }),
    ]).toEqual(['22%', '5,5%']);
    expect(vatRateLabel({ aliquota: '0.00', natura: 'N4' })).toBe('0% N4');
    const defaults = OPTION_CATALOGUE.find((c) => c.category === 'aliquote_iva')!;
    expect([defaults.main.default, defaults.children![0]!.default]).toEqual(['22', '22']);
  });

  it('the CSV import checks the rate and nature of a row together', () => {
    const fields = IMPORT_FIELDS.articoli;
    const row = (cells: Record<string, string>) =>
      validateImportRow(fields, { codice: 'A', descrizione: 'D', ...cells });
    expect(row({ aliquota_iva: '10', natura_iva: '' })).toMatchObject({
      value: { aliquota_iva: '10', natura_iva: null },
      errors: [],
    });
    expect(row({ aliquota_iva: '0', natura_iva: 'n4' }).value.natura_iva).toBe('N4');
    expect(row({ aliquota_iva: '0,00', natura_iva: '' }).errors.map((e) => e.code)).toEqual(['vat']);
    expect(row({ aliquota_iva: '22', natura_iva: 'N4' }).errors[0]!.message).toMatch(/solo con l'aliquota 0%/);
    // The rate column alone clears the nature (a 0% rate there is refused); a nature alone is refused.
    expect(row({ aliquota_iva: '22' }).value).toMatchObject({ aliquota_iva: '22', natura_iva: null });
    expect(row({ aliquota_iva: '0' }).errors.map((e) => e.field)).toEqual(['natura_iva']);
    expect(row({ natura_iva: 'N4' }).errors.map((e) => e.message)).toEqual([
      'natura_iva: serve anche la colonna aliquota_iva',
    ]);
    expect(row({ aliquota_iva: '100', natura_iva: '' }).errors.map((e) => e.field)).toEqual(['aliquota_iva']);
    expect(row({}).errors).toEqual([]);
  });
});
