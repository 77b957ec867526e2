import type { TFunction } from 'i18next';
import { ARTICOLI_MAX, type Articolo, type ArticoloSave } from '@fs/contract';
import { decimalText } from '../../../app/components/DecimalInput';
import { decimalRule } from '../../../app/decimal';

export interface ArticleValues {
  codice: string;
  riferimento_esterno: string;
  descrizione: string;
  unita_misura: string;
  prezzo_vendita: string;
  prezzo_acquisto: string;
  note: string;
}

export function toArticleValues(a: Articolo | null): ArticleValues {
  return {
    codice: a?.codice ?? '',
    riferimento_esterno: a?.riferimento_esterno ?? '',
    descrizione: a?.descrizione ?? '',
    unita_misura: a?.unita_misura ?? '',
    prezzo_vendita: decimalText(a?.prezzo_vendita, true),
    prezzo_acquisto: decimalText(a?.prezzo_acquisto, true),
    note: a?.note ?? '',
  };
}

export function toArticleRequest(v: ArticleValues, id: string | undefined): ArticoloSave {
  return { ...(id ? { id } : {}), ...v };
}

/** The contract's rules, so mistakes show before sending. */
export function articleValidation(t: TFunction) {
  const required = (max: number) => (v: string) =>
    !v.trim() ? t('articles.form.required') : v.trim().length > max ? t('articles.form.tooLong', { max }) : null;
  const optional = (max: number) => (v: string) => (v.trim().length > max ? t('articles.form.tooLong', { max }) : null);
  const price = decimalRule(t);
  return {
    codice: required(ARTICOLI_MAX.codice),
    descrizione: required(ARTICOLI_MAX.descrizione),
    riferimento_esterno: optional(ARTICOLI_MAX.riferimento_esterno),
    unita_misura: optional(ARTICOLI_MAX.unita_misura),
    note: optional(ARTICOLI_MAX.note),
    prezzo_vendita: price,
    prezzo_acquisto: price,
  };
}
