import {
  FLAT_RATE_MODES,
  MULTI_TECHNICIAN_MODES,
  HOURS_MODES,
  REPORT_CURRENCIES,
  type FlatRateMode,
  type MultiTechnicianMode,
  type HoursMode,
  type ReportCurrency,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { optionValues } from '../../company/index.js';

/** The company options a report's entry, rules and prices read (one read of the options). */
export interface ReportSettings {
  modalitaOre: HoursMode;
  multiTecnico: MultiTechnicianMode;
  forfait: FlatRateMode;
  valuta: ReportCurrency;
  minutiMinimi: number;
  riapertura: boolean;
  /** Option firma_cliente_obbligatoria: closing needs the customer's signature. */
  firmaObbligatoria: boolean;
  azienda: {
    ora: string;
    ora_viaggio: string;
    km: string;
    pranzo: string;
    cena: string;
    pernottamento: string;
    diritto_chiamata: string;
  };
  trasferta: { importo: string; distanzaMinimaKm: number } | null;
}

const KEYS: [string, string][] = [
  ['rapportini_modalita_ore', 'value'],
  ['rapportini_km_ore_multi_tecnico', 'value'],
  ['rapportini_forfait', 'value'],
  ['valuta', 'value'],
  ['rapportini_ore_minime', 'minuti'],
  ['riapertura_rapportini_chiusi', 'enabled'],
  ['rapportini_prezzi', 'ora_lavoro'],
  ['rapportini_prezzi', 'ora_viaggio'],
  ['rapportini_prezzi', 'km'],
  ['rapportini_prezzi', 'pranzo'],
  ['rapportini_prezzi', 'cena'],
  ['rapportini_prezzi', 'pernottamento'],
  ['rapportini_prezzi', 'diritto_chiamata'],
  ['trasferte', 'enabled'],
  ['trasferte', 'importo_giornaliero'],
  ['trasferte', 'distanza_minima_km'],
  ['firma_cliente_obbligatoria', 'enabled'],
];

const oneOf = <T extends string>(values: readonly T[], v: string | undefined, fallback: T): T =>
  values.includes(v as T) ? (v as T) : fallback;

export async function reportSettings(deps: Deps, aziendaId: string): Promise<ReportSettings> {
  const [
    ore,
    multi,
    forfait,
    valuta,
    minuti,
    riapertura,
    ora,
    viaggio,
    km,
    pranzo,
    cena,
    notte,
    chiamata,
    tr,
    trImp,
    trKm,
    firma,
  ] = await optionValues(deps, aziendaId, KEYS);
  return {
    modalitaOre: oneOf(HOURS_MODES, ore, 'libero'),
    multiTecnico: oneOf(MULTI_TECHNICIAN_MODES, multi, '0'),
    forfait: oneOf(FLAT_RATE_MODES, forfait, 'rapportino'),
    valuta: oneOf(REPORT_CURRENCIES, valuta, 'EUR'),
    minutiMinimi: Number(minuti) || 0,
    riapertura: riapertura === '1',
    firmaObbligatoria: firma === '1',
    azienda: {
      ora: ora ?? '0',
      ora_viaggio: viaggio ?? '0',
      km: km ?? '0',
      pranzo: pranzo ?? '0',
      cena: cena ?? '0',
      pernottamento: notte ?? '0',
      diritto_chiamata: chiamata ?? '0',
    },
    trasferta: tr === '1' ? { importo: trImp ?? '0', distanzaMinimaKm: Number(trKm) || 0 } : null,
  };
}
