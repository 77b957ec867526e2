import type { TFunction } from 'i18next';
import { ARTICLE_MAX, type Article, type ArticleSave } from '@fs/contract';
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

export function toArticleValues(a: Article | null): ArticleValues {
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

export function toArticleRequest(v: ArticleValues, id: string | undefined): ArticleSave {
  return { ...(id ? { id } : {}), ...v };
}

/** The contract's rules, so mistakes show before sending. */
export function articleValidation(t: TFunction) {
  const required = (max: number) => (v: string) =>
    !v.trim() ? t('articles.form.required') : v.trim().length > max ? t('articles.form.tooLong', { max }) : null;
  const optional = (max: number) => (v: string) => (v.trim().length > max ? t('articles.form.tooLong', { max }) : null);
  const price = decimalRule(t);
  return {
    codice: required(ARTICLE_MAX.codice),
    descrizione: required(ARTICLE_MAX.descrizione),
    riferimento_esterno: optional(ARTICLE_MAX.riferimento_esterno),
    unita_misura: optional(ARTICLE_MAX.unita_misura),
    note: optional(ARTICLE_MAX.note),
    prezzo_vendita: price,
    prezzo_acquisto: price,
  };
}
