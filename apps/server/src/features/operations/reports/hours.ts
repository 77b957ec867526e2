import { add, dec, hoursBetween, str, type WorkDayInput, type HoursMode } from '@fs/contract';
import type { z } from 'zod';
import type { workDayInput } from '@fs/contract';
import type { FieldProblem } from '../../../platform/errors.js';

type Giornata = z.output<typeof workDayInput>;

/**
 * The hours of a worked day by the company's hour entry mode (docs/decisions/0020-work-reports.md):
 *   libero              totale_ore as typed; the other hour fields are cleared;
 *   mattina_pomeriggio  ore_mattina + ore_pomeriggio; start and end times are cleared;
 *   inizio_fine         (fine - inizio) of the morning plus of the afternoon; each pair both or neither,
 *                       the end after the start, the afternoon not before the morning's end.
 * Answers the day with totale_ore set, or the problems (paths under `giornate.<i>`).
 */
export function hoursOf(mode: HoursMode, g: Giornata, i: number): { day: Giornata; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const at = (f: string, message: string) => problems.push({ path: `giornate.${i}.${f}`, message });
  let day: Giornata;
  if (mode === 'libero') {
    day = { ...clearTimes(g), ore_mattina: null, ore_pomeriggio: null, totale_ore: g.totale_ore ?? '0' };
  } else if (mode === 'mattina_pomeriggio') {
    day = { ...clearTimes(g), totale_ore: str(add(dec(g.ore_mattina), dec(g.ore_pomeriggio))) };
  } else {
    const pair = (from: 'inizio_mattina' | 'inizio_pomeriggio', to: 'fine_mattina' | 'fine_pomeriggio') => {
      const a = g[from];
      const b = g[to];
      if (!a && !b) return 0n;
      if (!a || !b) {
        at(a ? to : from, 'Indica inizio e fine');
        return 0n;
      }
      if (b <= a) {
        at(to, "La fine deve essere dopo l'inizio");
        return 0n;
      }
      return hoursBetween(a, b);
    };
    const morning = pair('inizio_mattina', 'fine_mattina');
    const afternoon = pair('inizio_pomeriggio', 'fine_pomeriggio');
    if (g.fine_mattina && g.inizio_pomeriggio && g.inizio_pomeriggio < g.fine_mattina) {
      at('inizio_pomeriggio', 'Il pomeriggio non può iniziare prima della fine della mattina');
    }
    day = { ...g, ore_mattina: null, ore_pomeriggio: null, totale_ore: str(add(morning, afternoon)) };
  }
  if (dec(day.totale_ore) > dec('24'))
    at(mode === 'libero' ? 'totale_ore' : 'ore_pomeriggio', 'Al massimo 24 ore al giorno');
  return { day, problems };
}

const clearTimes = (g: Giornata): Giornata => ({
  ...g,
  inizio_mattina: null,
  fine_mattina: null,
  inizio_pomeriggio: null,
  fine_pomeriggio: null,
});

export type { WorkDayInput };
