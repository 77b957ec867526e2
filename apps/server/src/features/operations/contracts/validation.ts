import { CONTRACT_MAX, type ContractInputParsed } from '@fs/contract';
import type { FieldProblem } from '../../../platform/errors.js';

/** The checks of a contract's own fields (no database): period, on-call hours, renewal months. */

export const CONTRACT_MESSAGES = {
  fineprimaInizio: "La data di fine non può precedere quella d'inizio",
  periodoLungo: `Il periodo del contratto è al massimo di ${CONTRACT_MAX.anni} anni`,
  oreChiamata: 'Un contratto a chiamata richiede le ore acquistate (più di zero)',
  tipoFisso: 'Il tipo di contratto non si cambia dopo la creazione',
  attivitaSuModifica: 'Le attività si modificano dalla scheda del contratto',
  identificativoUsato: 'Identificativo già usato',
  clienteConRapportini: 'Il contratto ha rapportini: il cliente non si cambia',
  impianto: 'Impianto non trovato per questo cliente',
  macchinario: 'Macchinario non trovato sugli impianti del contratto',
  mansione: 'Mansione non trovata',
  conRapportini: 'Il contratto ha rapportini e non si elimina: terminarlo in anticipo (cessazione) per chiuderlo',
  cessaPrimaInizio: "La data di cessazione non può precedere l'inizio del contratto",
} as const;

const parts = (d: string) => d.split('-').map(Number) as [number, number, number];

/** `date` plus whole years (29 February falls on 28 February). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y + years, m - 1, d));
  if (t.getUTCMonth() !== m - 1) t.setUTCDate(0);
  return t.toISOString().slice(0, 10);
}

/** Whole months from `start` to the day after `end` (a contract from 1/1 to 31/12 lasts 12), at least 1. */
export function wholeMonths(start: string, end: string): number {
  const next = new Date(`${end}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const [y1, m1, d1] = parts(start);
  const [y2, m2, d2] = [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return Math.max(1, Math.min(120, months));
}

/** Problems of the contract's own fields; `old`: the stored contract on an update. */
export function ownFieldProblems(input: ContractInputParsed, old: { tipo: string } | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const at = (path: string, message: string) => problems.push({ path, message });
  if (old && old.tipo !== input.tipo) at('tipo', CONTRACT_MESSAGES.tipoFisso);
  if (old && input.attivita !== undefined) at('attivita', CONTRACT_MESSAGES.attivitaSuModifica);
  if (input.data_fine < input.data_inizio) at('data_fine', CONTRACT_MESSAGES.fineprimaInizio);
  else if (input.data_fine > addYears(input.data_inizio, CONTRACT_MAX.anni))
    at('data_fine', CONTRACT_MESSAGES.periodoLungo);
  if (input.tipo === 'chiamata' && !(Number(input.ore_contratto ?? 0) > 0))
    at('ore_contratto', CONTRACT_MESSAGES.oreChiamata);
  return problems;
}
