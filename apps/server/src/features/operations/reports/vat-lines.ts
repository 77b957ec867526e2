import { isVatNature, vatRateOfCode, type PriceLine, type Prices, type VatRate } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { optionValues } from '../../company/index.js';
import * as repo from './repo.js';

/**
 * The VAT rate of each price line of a report (decision 0050): a material takes its article's rate,
 * a custom field linked to an article that article's, or the company's default for goods when the
 * article has none (or the material no article); every other line (hours, travel hours, km,
 * allowances, call-out fee, flat rate, contract activity) the company's rate for services.
 */

export interface VatDefaults {
  beni: VatRate;
  servizi: VatRate;
}

/** The company's default rates (options aliquote_iva/beni and /servizi; 22% unless changed). */
export async function vatDefaults(deps: Deps, aziendaId: string): Promise<VatDefaults> {
  const [beni, servizi] = await optionValues(deps, aziendaId, [
    ['aliquote_iva', 'beni'],
    ['aliquote_iva', 'servizi'],
  ]);
  return { beni: vatRateOfCode(beni), servizi: vatRateOfCode(servizi) };
}

/** An article's own rate, or null (the default for goods applies). */
export function articleRate(a: { aliquotaIva: string | null; naturaIva: string | null } | undefined): VatRate | null {
  if (!a || a.aliquotaIva === null) return null;
  return {
    aliquota: Number(a.aliquotaIva).toFixed(2),
    natura: a.naturaIva && isVatNature(a.naturaIva) ? a.naturaIva : null,
  };
}

/** The rates of the articles the report's materials name, by article id. */
export async function materialRates(
  db: DbOrTx,
  aziendaId: string,
  materiali: { articoloId: string | null }[],
): Promise<Map<string, VatRate | null>> {
  const ids = [...new Set(materiali.map((m) => m.articoloId).filter((id): id is string => !!id))];
  const rows = await repo.articlesOf(db, aziendaId, ids);
  return new Map(rows.map((a) => [a.id, articleRate(a)]));
}

const GOODS: readonly PriceLine['voce'][] = ['materiale', 'campo'];

/**
 * One rate per line of `prezzi.righe`, in order: the nth material line is the nth material of the
 * report (as the price lines are made), a custom-field line is found by its field's name.
 */
export function lineRates(
  prezzi: Prices,
  materiali: { articoloId: string | null }[],
  articles: Map<string, VatRate | null>,
  campi: Map<string, { vat: VatRate | null; linked: boolean }>,
  defaults: VatDefaults,
): VatRate[] {
  let m = 0;
  return prezzi.righe.map((r) => {
    if (!GOODS.includes(r.voce)) return defaults.servizi;
    if (r.voce === 'materiale') {
      const id = materiali[m++]?.articoloId;
      return (id ? articles.get(id) : null) ?? defaults.beni;
    }
    const c = campi.get(r.descrizione);
    return c?.linked ? (c.vat ?? defaults.beni) : defaults.servizi;
  });
}
