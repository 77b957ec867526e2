import {
  computePrices,
  type CustomFieldType,
  type PriceHandling,
  type Prices,
  type PricingTechnician,
} from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { CampoRow } from '../report-config/repo.js';
import { pricesForReport } from '../contracts/service.js';
import * as repo from './repo.js';
import type { ReportSettings } from './settings.js';

/** What the prices of a report are computed from, as stored (or about to be). */
export interface PricedReport {
  /** The report (a report made from a contract activity's date is charged the contract's activity price). */
  id: string;
  gestione: PriceHandling | null;
  /** The contract the report is on: its prices apply when it enables them. */
  contrattoId: string | null;
  giornate: {
    data: string;
    tecnicoId: string | null;
    totaleOre: string;
    kmViaggio: string;
    oreViaggio: string;
    pranzo: 'S' | 'N';
    cena: 'S' | 'N';
    pernottamento: 'S' | 'N';
    prezzoImpostato: string | null;
  }[];
  materiali: { descrizione: string; quantita: string; importoUnitario: string | null; prezzoNetto: string | null }[];
  campi: { campoId: string; valore: string | null }[];
}

/**
 * The report's prices (report-pricing.ts in the contract): the contract's prices (when it enables
 * them), the technicians' net prices and the linked articles' prices read here.
 */
export async function pricesOf(
  db: DbOrTx,
  aziendaId: string,
  settings: ReportSettings,
  config: CampoRow[],
  r: PricedReport,
): Promise<Prices> {
  const techIds = [...new Set(r.giornate.map((g) => g.tecnicoId).filter((x): x is string => !!x))];
  const linked = config.filter((c) => c.articoloId && r.campi.some((v) => v.campoId === c.id));
  // One after the other: inside a save they share the transaction's connection.
  const contratto = await pricesForReport(db, aziendaId, r.contrattoId);
  const daAttivita = contratto?.attivita_contratto ? await repo.madeFromActivity(db, aziendaId, r.id) : false;
  const users = await repo.usersOf(db, aziendaId, techIds);
  const articles = await repo.articlesOf(
    db,
    aziendaId,
    linked.map((c) => c.articoloId!),
  );
  const tecnici: Record<string, PricingTechnician> = Object.fromEntries(users.map((u) => [u.id, u]));
  const priceOf = new Map(articles.map((a) => [a.id, a.prezzoVendita ?? '0']));
  const values = new Map(r.campi.map((v) => [v.campoId, v.valore]));
  return computePrices({
    valuta: settings.valuta,
    multiTecnico: settings.multiTecnico,
    forfait: settings.forfait,
    minutiMinimi: settings.minutiMinimi,
    gestione: r.gestione,
    contratto,
    daAttivita,
    azienda: settings.azienda,
    trasferta: settings.trasferta,
    tecnici,
    giornate: r.giornate.map((g) => ({
      data: g.data,
      tecnico_id: g.tecnicoId ?? '',
      totale_ore: g.totaleOre,
      km_viaggio: g.kmViaggio,
      ore_viaggio: g.oreViaggio,
      pranzo: g.pranzo,
      cena: g.cena,
      pernottamento: g.pernottamento,
      prezzoImpostato: g.prezzoImpostato,
    })),
    materiali: r.materiali.map((m) => ({
      descrizione: m.descrizione,
      quantita: m.quantita,
      importo_unitario: m.importoUnitario,
      prezzo_netto: m.prezzoNetto,
    })),
    campi: linked.map((c) => ({
      nome: c.nome,
      tipo: c.tipo as CustomFieldType,
      valore: values.get(c.id) ?? null,
      prezzo: priceOf.get(c.articoloId!) ?? '0',
    })),
  });
}
