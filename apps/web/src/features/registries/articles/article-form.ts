import type { TFunction } from 'i18next';
import {
  ARTICLE_MAX,
  parseDecimal,
  VAT_RATE_INT_DIGITS,
  vatProblem,
  type Article,
  type ArticleSave,
} from '@fs/contract';
import { decimalText } from '../../../app/components/DecimalInput';
import { decimalRule } from '../../../app/decimal';

export interface ArticleValues {
  codice: string;
  riferimento_esterno: string;
  descrizione: string;
  unita_misura: string;
  prezzo_vendita: string;
  prezzo_acquisto: string;
  /** Empty: the company's default rate for goods. */
  aliquota_iva: string;
  /** A nature code (N1 ... N7) with a 0% rate, empty otherwise. */
  natura_iva: string;
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
    aliquota_iva: a?.aliquota_iva ? decimalText(a.aliquota_iva.replace(/\.?0+$/, '')) : '',
    natura_iva: a?.natura_iva ?? '',
    note: a?.note ?? '',
  };
}

export function toArticleRequest(v: ArticleValues, id: string | undefined): ArticleSave {
  return { ...(id ? { id } : {}), ...v, natura_iva: v.natura_iva || null };
}

/** The rate as the contract reads it (null when empty or not a number: its own rule says so). */
function rateOf(v: string): string | null {
  if (!v.trim()) return null;
  const r = parseDecimal(v, { decimals: 2, intDigits: VAT_RATE_INT_DIGITS });
  return 'problem' in r ? null : r.value;
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
    aliquota_iva: decimalRule(t, { decimals: 2, intDigits: VAT_RATE_INT_DIGITS }),
    // A 0% rate says why no VAT is charged (its nature); any other rate has none (decision 0050).
    natura_iva: (v: string, values: ArticleValues) => {
      const problem = vatProblem(rateOf(values.aliquota_iva), v || null);
      return problem ? t(`articles.form.vat.${problem}`) : null;
    },
  };
}
