import { describe, expect, it } from 'vitest';
import { decimalField, parseDecimal } from './fields.js';

describe('parseDecimal', () => {
  it.each([
    ['2.450,00', '2450.00'],
    ['2450,5', '2450.5'],
    ['2450.5', '2450.5'],
    ['2 450,5', '2450.5'],
    ['1.234.567', '1234567'],
    // Italian thousands: dots in groups of exactly three digits, with or without a comma after them.
    ['1.200', '1200'],
    ['12.345', '12345'],
    ['1.200,5', '1200.5'],
    // A dot that groups no thousands is the decimal mark (a phone's "." key, an English 2.5).
    ['2.5', '2.5'],
    ['12.50', '12.50'],
    ['0.50', '0.50'],
    [',5', '0.5'],
    ['0035', '35'],
    [12.5, '12.5'],
    // A JSON number is a number: its dot is always the decimal mark.
    [0.45, '0.45'],
    [1200, '1200'],
    ['-0', '0'],
  ])('reads %s as %s', (input, value) => {
    expect(parseDecimal(input)).toEqual({ value });
  });

  it.each([
    ['12,345', 'decimals'],
    ['1.2345', 'decimals'], // a dot before four digits groups nothing: 1,2345, too many decimals here
    ['-5', 'negative'],
    ['1,2,3', 'invalid'],
    ['12.', 'invalid'],
    ['1.23.4', 'invalid'],
    ['1.20.000', 'invalid'],
    ['1.2000,5', 'invalid'], // before a comma, dots only group thousands
    ['12.34,5.6', 'invalid'],
    ['abc', 'invalid'],
    ['12345678901', 'too_large'],
  ])('refuses %s (%s)', (input, problem) => {
    expect(parseDecimal(input)).toEqual({ problem });
  });
});

describe('parseDecimal and the five interface languages (decision 0022)', () => {
  // How it, es, de, fr and en write 2450.5 and 1234567.89 (Intl, thousands grouped), and what is read.
  it.each([
    ['it', '2.450,50', '2450.50'],
    ['es', '2.450,50', '2450.50'],
    ['de', '2.450,50', '2450.50'],
    ['fr', '2\u202f450,50', '2450.50'],
    ['fr', '1\u202f234\u202f567,89', '1234567.89'],
    ['it', '1.234.567,89', '1234567.89'],
    ['en', '999.99', '999.99'],
    ['it', '2.450', '2450'], // Italian, Spanish and German group 2450 so: it is 2450
    ['de-CH', "2'450.50", '2450.50'],
  ])('%s writes %j: read as %s', (_, shown, value) => {
    expect(parseDecimal(shown)).toEqual({ value });
  });

  it.each([
    ['en', '2,450.00', 'invalid'], // the comma is the decimal mark: "450.00" after it is no number
    ['en', '1,234,567.89', 'invalid'],
    ['en', '2,450', 'decimals'], // read as 2,450 (three decimals), refused by a two-decimal field
  ])('%s writes %j: refused (%s), never read as another number', (_, shown, problem) => {
    expect(parseDecimal(shown)).toEqual({ problem });
  });
});

describe('CSV import decimals', () => {
  it('are read by the same rule as the forms', async () => {
    const { IMPORT_FIELDS, validateImportRow } = await import('./imports-fields.js');
    const row = (prezzo_vendita: string) =>
      validateImportRow(IMPORT_FIELDS.articoli, { codice: 'A1', descrizione: 'Vite', prezzo_vendita });
    expect(row('1.234,50').value.prezzo_vendita).toBe('1234.50');
    expect(row('1 234,5').value.prezzo_vendita).toBe('1234.5');
    expect(row('12.5').value.prezzo_vendita).toBe('12.5');
    expect(row('1.200').value.prezzo_vendita).toBe('1200');
    for (const bad of ['2,450.00', '1.2345', '-5', 'dieci'])
      expect(
        row(bad).errors.map((e) => e.code),
        bad,
      ).toEqual(['number']);
  });
});

describe('money options', () => {
  it('are read the Italian way and stored with a dot and cents', async () => {
    const { optionValueProblem, storedOptionValue } = await import('./options.js');
    const money = { kind: 'money' } as const;
    expect(optionValueProblem(money, '1.250,50')).toBeNull();
    expect(optionValueProblem(money, '25')).toBeNull();
    expect(optionValueProblem(money, '12,345')).toBe('al massimo 2 decimali');
    expect(optionValueProblem(money, '1.250')).toBeNull();
    expect(storedOptionValue(money, '1.250')).toBe('1250.00');
    expect(optionValueProblem(money, '-3')).toBe('deve essere zero o più');
    expect(optionValueProblem(money, 'venti')).toBe('importo non valido (es. 25,00)');
    expect(storedOptionValue(money, '1.250,5')).toBe('1250.50');
    expect(storedOptionValue(money, '25')).toBe('25.00');
    expect(storedOptionValue({ kind: 'text', max: 10 }, 'a,b')).toBe('a,b');
  });
});

describe('the search and text helpers, shared by every schema', () => {
  it('the article search (as you type and filtered) and the customer picker read the search term the same way', async () => {
    const { articlesFilteredQuery, articlesResearchRequest, customerRefsQuery } = await import('./index.js');
    expect(articlesFilteredQuery.parse({ q: '  valvola ' }).q).toBe('valvola');
    expect(articlesFilteredQuery.parse({ q: '   ' }).q).toBeUndefined();
    expect(customerRefsQuery.parse({ q: '' }).q).toBeUndefined();
    expect(articlesResearchRequest.parse({ q: ' ART1 ' }).q).toBe('ART1');
    for (const bad of ['   ', 'x'.repeat(101)])
      expect(articlesResearchRequest.safeParse({ q: bad }).success).toBe(false);
    expect(articlesFilteredQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(customerRefsQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });

  it("the company's optional texts are those of every other form: empty or missing is null", async () => {
    const { companyUpdateRequest } = await import('./index.js');
    const company = {
      ragione_sociale: 'Azienda',
      partita_iva: '01234567897',
      mailPrincipale: 'a@b.it',
      timezone: 'Europe/Rome',
    };
    const parsed = companyUpdateRequest.parse({ ...company, telefono: '  ', citta: ' Torino ' });
    expect(parsed).toMatchObject({ telefono: null, citta: 'Torino', codice_fiscale: null, cap: null });
    const long = companyUpdateRequest.safeParse({ ...company, cap: '12345678901' });
    expect(long.success || long.error.issues[0]!.message).toBe('Al massimo 10 caratteri');
  });
});

describe('decimalField (every decimal of every route)', () => {
  const km = decimalField({ decimals: 1, intDigits: 5 });
  it('reads Italian thousands and a decimal comma, as the web field does', () => {
    expect(km.parse('1.200')).toBe('1200');
    expect(km.parse('24,5')).toBe('24.5');
    expect(km.parse('2.5')).toBe('2.5');
    expect(km.parse(24.5)).toBe('24.5');
    expect(km.parse('')).toBeNull();
    // A leading zero groups no thousands: 0,500 in a three-decimal field.
    expect(decimalField({ decimals: 3 }).parse('0.500')).toBe('0.500');
    // A JSON number's dot is its decimal mark, three digits after it or not.
    expect(decimalField({ decimals: 3 }).parse(1.234)).toBe('1.234');
    // In a field of three decimals a single dot before three digits is the API's own decimal ("2.000" pieces):
    // what the API answers, sent back, keeps its value; several groups still group thousands.
    expect(decimalField({ decimals: 3 }).parse('1.234')).toBe('1.234');
    expect(decimalField({ decimals: 3, intDigits: 7 }).parse('2.000')).toBe('2.000');
    expect(decimalField({ decimals: 3, intDigits: 7 }).parse('1.234.567')).toBe('1234567');
    expect(decimalField({ decimals: 3 }).parse('1.200,5')).toBe('1200.5');
    // Every field's canonical answer reads back as itself.
    for (const [decimals, text] of [
      [1, '24.0'],
      [2, '12.50'],
      [2, '1200.00'],
      [3, '0.500'],
      [3, '2.000'],
      [4, '1.2500'],
    ] as const)
      expect(decimalField({ decimals }).parse(text), text).toBe(text);
  });

  it('refuses what does not fit, naming the problem', () => {
    const r = km.safeParse('1.25');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: 'Al massimo 1 decimale', params: { problem: 'decimals' } });
    expect(decimalField().safeParse(1.234).error?.issues[0]?.message).toBe('Al massimo 2 decimali');
  });
});
