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
