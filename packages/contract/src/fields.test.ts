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
