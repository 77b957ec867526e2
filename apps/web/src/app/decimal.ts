import type { TFunction } from 'i18next';
import { parseDecimal } from '@fs/contract';

/**
 * The form rule of every decimal field (prices, km, hours): empty passes, otherwise the value is
 * read as the server reads it (`2.450,00`, `1.200`, `2450,5`, `2450.5`; decision 0022) and a
 * mistake names its reason (negative, too many decimals, too large, not a number).
 */
export function decimalRule(t: TFunction, opts: { decimals?: number; intDigits?: number } = {}) {
  return (v: string): string | null => {
    if (v.trim() === '') return null;
    const r = parseDecimal(v, opts);
    if (!('problem' in r)) return null;
    return r.problem === 'decimals'
      ? t('common.decimal.decimals', { count: opts.decimals ?? 2 })
      : t(`common.decimal.${r.problem}`);
  };
}
