import { maySeePrices, type StatsRange } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import type { Span } from './daily-repo.js';
import { checkRange } from './range.js';

/** What every statistics call starts from: the checked range as a span of company days, and whether money shows. */
export interface StatsScope {
  aziendaId: string;
  span: Span;
  /** Revenue is shown (prezzi read), else every money figure is null. */
  prices: boolean;
}

export function scopeOf(ctx: CompanyContext, range: StatsRange): StatsScope {
  checkRange(range);
  return {
    aziendaId: ctx.company.id,
    span: { from: range.startDate, to: range.endDate, timeZone: ctx.company.timezone },
    prices: maySeePrices(ctx.principal.permissions),
  };
}

/** Hours, km and money as numbers with at most 2 decimals (sums of 2-decimal columns, kept exact). */
export const round2 = (v: number): number => Math.round(v * 100) / 100;

/** Money, or null without the prices permission. */
export const moneyOf = (scope: StatsScope, v: number): number | null => (scope.prices ? round2(v) : null);

/** Clocked minutes as hours (2 decimals). */
export const hoursOfMinutes = (m: number): number => round2(m / 60);
