import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { articleValidation, toArticleRequest, toArticleValues } from './article-form';

const t = ((key: string, o?: Record<string, unknown>) =>
  o ? `${key}:${JSON.stringify(o)}` : key) as unknown as TFunction;

describe('article form', () => {
  const v = articleValidation(t);

  it('asks for code and description, bounds the lengths, checks prices with at most 2 decimals', () => {
    expect(v.codice('  ')).toBe('articles.form.required');
    expect(v.codice('A'.repeat(51))).toBe('articles.form.tooLong:{"max":50}');
    expect(v.codice('VITE-M6')).toBeNull();
    expect(v.descrizione('')).toBe('articles.form.required');
    expect(v.unita_misura('x'.repeat(21))).toBe('articles.form.tooLong:{"max":20}');
    expect(v.prezzo_vendita('')).toBeNull();
    expect(v.prezzo_vendita('0,35')).toBeNull();
    expect(v.prezzo_vendita('12.5')).toBeNull();
    expect(v.prezzo_vendita('0,355')).toBe('common.decimal.decimals:{"count":2}');
    expect(v.prezzo_vendita('2.450,00')).toBeNull();
    expect(v.prezzo_acquisto('-1')).toBe('common.decimal.negative');
  });

  it('asks for the nature of a 0% rate and refuses one with any other rate', () => {
    const values = (aliquota_iva: string, natura_iva: string) => ({
      ...toArticleValues(null),
      aliquota_iva,
      natura_iva,
    });
    expect(v.natura_iva('', values('0', ''))).toBe('articles.form.vat.NATURE_REQUIRED');
    expect(v.natura_iva('N4', values('0,00', 'N4'))).toBeNull();
    expect(v.natura_iva('N4', values('22', 'N4'))).toBe('articles.form.vat.NATURE_FORBIDDEN');
    expect(v.natura_iva('N4', values('', 'N4'))).toBe('articles.form.vat.NATURE_FORBIDDEN');
    expect(v.natura_iva('', values('5,5', ''))).toBeNull();
    expect(v.aliquota_iva('100')).toBe('common.decimal.too_large');
    expect(v.aliquota_iva('4,123')).toBe('common.decimal.decimals:{"count":2}');
  });

  it('round-trips an article and sends the id only when editing', () => {
    const values = toArticleValues({
      id: 'a1',
      codice: 'C',
      riferimento_esterno: null,
      descrizione: 'D',
      unita_misura: 'pz',
      prezzo_vendita: '1.50',
      prezzo_acquisto: null,
      aliquota_iva: '10.00',
      natura_iva: null,
      note: null,
    });
    expect(values).toEqual({
      codice: 'C',
      riferimento_esterno: '',
      descrizione: 'D',
      unita_misura: 'pz',
      prezzo_vendita: '1,50', // the API's "1.50", the Italian way
      prezzo_acquisto: '',
      aliquota_iva: '10',
      natura_iva: '',
      note: '',
    });
    expect(toArticleRequest(values, 'a1')).toMatchObject({ aliquota_iva: '10', natura_iva: null });
    expect(toArticleRequest(values, 'a1')).toMatchObject({ id: 'a1', codice: 'C' });
    expect(toArticleRequest(values, undefined)).not.toHaveProperty('id');
  });
});
