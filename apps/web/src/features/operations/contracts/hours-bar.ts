import { barraOre } from '@fs/contract';
import { formatDecimal } from '../../../app/numbers';

export type HoursLevel = 'ok' | 'avviso' | 'esaurite';

/** The bar's colour per level: green, orange at the warning threshold (10 hours left), red when exhausted. */
export const HOURS_COLORS: Record<HoursLevel, string> = { ok: 'green', avviso: 'orange', esaurite: 'red' };

export interface HoursBarInfo {
  percent: number;
  level: HoursLevel;
  color: string;
  /** "12,5 / 40 h": hours left of the hours bought. */
  text: string;
  /** The level's key under `contracts.hours` (ok, avviso, esaurite). */
  levelKey: `contracts.hours.${HoursLevel}`;
}

/** What the on-call bar shows; null on a maintenance contract (no hours bought). */
export function hoursBarInfo(
  oreContratto: string | null,
  oreResidue: string | null,
  locale: string,
): HoursBarInfo | null {
  const bar = barraOre(oreContratto, oreResidue);
  if (!bar) return null;
  return {
    percent: bar.percent,
    level: bar.livello,
    color: HOURS_COLORS[bar.livello],
    text: `${formatDecimal(oreResidue, locale)} / ${formatDecimal(oreContratto, locale)} h`,
    levelKey: `contracts.hours.${bar.livello}`,
  };
}
