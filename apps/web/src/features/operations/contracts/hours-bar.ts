import { hoursBar } from '@fs/contract';
import { formatDecimal } from '../../../app/numbers';

export type HoursLevel = 'ok' | 'avviso' | 'esaurite';

/** The bar's colour per level: green, orange at the warning threshold (10 hours left), red when exhausted. */
export const HOURS_COLORS: Record<HoursLevel, string> = { ok: 'green', avviso: 'orange', esaurite: 'red' };
/** The level's note beside the bar: the same hues, dark enough to read on white (4.5:1). */
const NOTE_COLORS: Record<HoursLevel, string> = {
  ok: 'dimmed',
  avviso: 'var(--mantine-color-orange-light-color)',
  esaurite: 'red.7',
};

export interface HoursBarInfo {
  /** Share of the hours bought already used: the bar fills as they are used. */
  percent: number;
  level: HoursLevel;
  color: string;
  textColor: string;
  /** Hours used, bought and left, written in the interface's language ("31,5", "40", "8,5"). */
  used: string;
  total: string;
  left: string;
  /** The level's key under `contracts.hours` (ok, avviso, esaurite). */
  levelKey: `contracts.hours.${HoursLevel}`;
}

/**
 * What the on-call bar shows; null on a maintenance contract (no hours bought). The hours used are
 * the closed reports' (`oreUsate`, more than bought when the package is overrun) when known, else
 * bought less left.
 */
export function hoursBarInfo(
  oreContratto: string | null,
  oreResidue: string | null,
  locale: string,
  oreUsate?: string | null,
): HoursBarInfo | null {
  const bar = hoursBar(oreContratto, oreResidue);
  if (!bar || oreContratto === null || oreResidue === null) return null;
  // In cents: no float residue ("31,5", never "31,499999").
  const cents =
    oreUsate !== null && oreUsate !== undefined
      ? Math.round(Number(oreUsate) * 100)
      : Math.max(0, Math.round(Number(oreContratto) * 100) - Math.round(Number(oreResidue) * 100));
  return {
    percent: bar.percent,
    level: bar.livello,
    color: HOURS_COLORS[bar.livello],
    textColor: NOTE_COLORS[bar.livello],
    used: formatDecimal((cents / 100).toFixed(2), locale),
    total: formatDecimal(oreContratto, locale),
    left: formatDecimal(oreResidue, locale),
    levelKey: `contracts.hours.${bar.livello}`,
  };
}
