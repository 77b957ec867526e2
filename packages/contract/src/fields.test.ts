import { describe, expect, it } from 'vitest';
import { parseDecimal } from './fields.js';

describe('parseDecimal', () => {
  it.each([
    ['2.450,00', '2450.00'],
    ['2450,5', '2450.5'],
    ['2450.5', '2450.5'],
    ['2 450,5', '2450.5'],
    ['1.234.567', '1234567'],
    [',5', '0.5'],
    ['0035', '35'],
    [12.5, '12.5'],
    ['-0', '0'],
  ])('reads %s as %s', (input, value) => {
    expect(parseDecimal(input)).toEqual({ value });
  });

  it.each([
    ['1.234', 'decimals'], // a single dot is the decimal mark: never read silently as 1234
    ['12,345', 'decimals'],
    ['-5', 'negative'],
    ['1,2,3', 'invalid'],
    ['12.', 'invalid'],
    ['1.23.4', 'invalid'],
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
    ['de-CH', "2'450.50", '2450.50'],
  ])('%s writes %j: read as %s', (_, shown, value) => {
    expect(parseDecimal(shown)).toEqual({ value });
  });

  it.each([
    ['en', '2,450.00', 'invalid'], // the comma is the decimal mark: "450.00" after it is no number
    ['en', '1,234,567.89', 'invalid'],
    ['en', '2,450', 'decimals'], // read as 2,450 (three decimals), refused by a two-decimal field
    ['it', '2.450', 'decimals'], // a lone dot is a decimal mark: 2.450, never silently 2450
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
    for (const bad of ['2,450.00', '2.450', '-5', 'dieci'])
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
    expect(optionValueProblem(money, '12.345')).toBe('al massimo 2 decimali');
    expect(optionValueProblem(money, '-3')).toBe('deve essere zero o più');
    expect(optionValueProblem(money, 'venti')).toBe('importo non valido (es. 25,00)');
    expect(storedOptionValue(money, '1.250,5')).toBe('1250.50');
    expect(storedOptionValue(money, '25')).toBe('25.00');
    expect(storedOptionValue({ kind: 'text', max: 10 }, 'a,b')).toBe('a,b');
  });
});

describe('the search and text helpers, shared by every schema', () => {
  it('the article search (as you type and filtered) and the customer picker read the search term the same way', async () => {
    const { articoliFilteredQuery, articoliResearchRequest, clientiRefsQuery } = await import('./index.js');
    expect(articoliFilteredQuery.parse({ q: '  valvola ' }).q).toBe('valvola');
    expect(articoliFilteredQuery.parse({ q: '   ' }).q).toBeUndefined();
    expect(clientiRefsQuery.parse({ q: '' }).q).toBeUndefined();
    expect(articoliResearchRequest.parse({ q: ' ART1 ' }).q).toBe('ART1');
    for (const bad of ['   ', 'x'.repeat(101)])
      expect(articoliResearchRequest.safeParse({ q: bad }).success).toBe(false);
    expect(articoliFilteredQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(clientiRefsQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });

  it("the company's optional texts are those of every other form: empty or missing is null", async () => {
    const { aziendaUpdateRequest } = await import('./index.js');
    const company = {
      ragione_sociale: 'Azienda',
      partita_iva: '01234567897',
      mailPrincipale: 'a@b.it',
      timezone: 'Europe/Rome',
    };
    const parsed = aziendaUpdateRequest.parse({ ...company, telefono: '  ', citta: ' Torino ' });
    expect(parsed).toMatchObject({ telefono: null, citta: 'Torino', codice_fiscale: null, cap: null });
    const long = aziendaUpdateRequest.safeParse({ ...company, cap: '12345678901' });
    expect(long.success || long.error.issues[0]!.message).toBe('Al massimo 10 caratteri');
  });
});
