import { add, dec, type Dec, div, max, mul, round, str } from './money.js';
import type { CustomFieldType } from './report-config.js';
import type { PriceHandling, FlatRateMode, MultiTechnicianMode, Prices, PriceLine, ReportCurrency } from './reports.js';

/**
 * The prices of a work report (issue 11; rules in docs/decisions/0020-work-reports.md), computed
 * on the server from, in order: the report's own set prices (gestionePrezziIntervento), the
 * contract's prices when the report is on a contract with abilitaPrezziContratto, the
 * technician's net prices (hours, travel hours, km), the company's defaults. Exact decimals
 * (money.ts); each line rounded to cents, the total the sum of the lines; amounts without VAT.
 */

type Amount = string | null | undefined;

/** Unit prices a level may set (null: not set, the next level decides). */
export interface PriceSet {
  ora: Amount;
  ora_viaggio: Amount;
  km: Amount;
  pranzo?: Amount;
  cena?: Amount;
  pernottamento?: Amount;
  trasferta?: Amount;
  diritto_chiamata?: Amount;
  importo_forfait?: Amount;
  /** The contract's discount on material, percent (0-100), off every material line's price. */
  materiale?: Amount;
  /** The contract's price of one of its activities, charged on a report made from an activity date. */
  attivita_contratto?: Amount;
}

export interface PricingTechnician {
  nome: string;
  netPriceTecnico: Amount;
  netPriceOreViaggio: Amount;
  netPriceKm: Amount;
}

export interface PricingInput {
  valuta: ReportCurrency;
  multiTecnico: MultiTechnicianMode;
  forfait: FlatRateMode;
  /** Minutes charged at least for a worked day with hours (option rapportini_ore_minime). */
  minutiMinimi: number;
  gestione: PriceHandling | null;
  /** The contract's prices, only when the report is on a contract with abilitaPrezziContratto. */
  contratto: PriceSet | null;
  /** The report was made from a contract activity's date (its price, when the contract sets one, is charged). */
  daAttivita?: boolean;
  azienda: Required<Omit<PriceSet, 'importo_forfait' | 'trasferta' | 'materiale' | 'attivita_contratto'>>;
  /** The daily allowance when the paid option is on: amount per day travelling at least `distanzaMinimaKm`. */
  trasferta: { importo: string; distanzaMinimaKm: number } | null;
  tecnici: Record<string, PricingTechnician>;
  giornate: {
    data: string;
    tecnico_id: string;
    totale_ore: string;
    km_viaggio: string;
    ore_viaggio: string;
    pranzo: 'S' | 'N';
    cena: 'S' | 'N';
    pernottamento: 'S' | 'N';
    prezzoImpostato: string | null;
  }[];
  materiali: { descrizione: string; quantita: string; importo_unitario: string | null; prezzo_netto: string | null }[];
  /** Custom fields with an invoicing link: the linked article's price. */
  campi: { nome: string; tipo: CustomFieldType; valore: string | null; prezzo: string }[];
}

type Origine = PriceLine['origine'];
type Kind = 'ora' | 'ora_viaggio' | 'km';

const GESTIONE_KEY = { ora: 'prezzo_ora', ora_viaggio: 'prezzo_ora_viaggio', km: 'prezzo_km' } as const;
const TECNICO_KEY = { ora: 'netPriceTecnico', ora_viaggio: 'netPriceOreViaggio', km: 'netPriceKm' } as const;

const isSet = (v: Amount): v is string => v !== null && v !== undefined && v !== '';

/** The unit price of hours, travel hours or km for one technician, and where it came from. */
function rateOf(input: PricingInput, kind: Kind, tecnicoId: string): { price: Dec; origine: Origine } {
  const own = input.gestione?.[GESTIONE_KEY[kind]];
  if (isSet(own)) return { price: dec(own), origine: 'rapportino' };
  const contract = input.contratto?.[kind];
  if (isSet(contract)) return { price: dec(contract), origine: 'contratto' };
  const tech = input.tecnici[tecnicoId]?.[TECNICO_KEY[kind]];
  if (isSet(tech)) return { price: dec(tech), origine: 'tecnico' };
  return { price: dec(input.azienda[kind]), origine: 'azienda' };
}

/** A price set by the report, else the contract, else the company (meals, overnight, fee). */
function flatOf(
  input: PricingInput,
  kind: 'pranzo' | 'cena' | 'pernottamento' | 'diritto_chiamata',
): { price: Dec; origine: Origine } {
  const own = kind === 'diritto_chiamata' ? input.gestione?.diritto_chiamata : undefined;
  if (isSet(own)) return { price: dec(own), origine: 'rapportino' };
  const contract = input.contratto?.[kind];
  if (isSet(contract)) return { price: dec(contract), origine: 'contratto' };
  return { price: dec(input.azienda[kind]), origine: 'azienda' };
}

const line = (
  voce: PriceLine['voce'],
  descrizione: string,
  quantita: Dec,
  prezzo: Dec,
  origine: Origine,
  qtyDecimals = 2,
): PriceLine & { amount: Dec } => {
  const amount = round(mul(quantita, prezzo));
  return {
    voce,
    descrizione,
    quantita: str(quantita, qtyDecimals),
    prezzo_unitario: str(prezzo),
    importo: str(amount),
    origine,
    amount,
  };
};

/** Accumulates quantities per (voce, who, unit price, origin) so a line per technician and rate is shown. */
class Lines {
  private readonly map = new Map<
    string,
    { voce: PriceLine['voce']; desc: string; qty: Dec; price: Dec; origine: Origine; qd: number }
  >();
  add(voce: PriceLine['voce'], desc: string, qty: Dec, rate: { price: Dec; origine: Origine }, qd = 2) {
    if (qty === 0n) return;
    const key = `${voce}|${desc}|${rate.price}|${rate.origine}`;
    const cur = this.map.get(key);
    if (cur) cur.qty += qty;
    else this.map.set(key, { voce, desc, qty, price: rate.price, origine: rate.origine, qd });
  }
  all() {
    return [...this.map.values()].map((l) => line(l.voce, l.desc, l.qty, l.price, l.origine, l.qd));
  }
}

/** The trip of each date charged once in modes 1 and 2: the row with the most km, then the most travel hours. */
function tripOfDate(rows: PricingInput['giornate']): Map<string, PricingInput['giornate'][number]> {
  const out = new Map<string, PricingInput['giornate'][number]>();
  for (const r of rows) {
    const cur = out.get(r.data);
    const better =
      !cur ||
      dec(r.km_viaggio) > dec(cur.km_viaggio) ||
      (dec(r.km_viaggio) === dec(cur.km_viaggio) && dec(r.ore_viaggio) > dec(cur.ore_viaggio));
    if (better) out.set(r.data, r);
  }
  return out;
}

/** Work, travel, meals, allowance and fee: what a lump sum replaces. */
function labourLines(input: PricingInput): (PriceLine & { amount: Dec })[] {
  const lines = new Lines();
  const minimum = dec(String(input.minutiMinimi)) / 60n;
  const nome = (id: string) => input.tecnici[id]?.nome ?? '';
  const fixed: (PriceLine & { amount: Dec })[] = [];
  for (const g of input.giornate) {
    if (isSet(g.prezzoImpostato)) {
      fixed.push(line('ore', `${nome(g.tecnico_id)} ${g.data}`, dec('1'), dec(g.prezzoImpostato), 'riga'));
    } else {
      const h = dec(g.totale_ore);
      const charged = h > 0n ? max(h, minimum) : 0n;
      lines.add('ore', nome(g.tecnico_id), charged, rateOf(input, 'ora', g.tecnico_id));
    }
  }
  const trips = tripOfDate(input.giornate);
  for (const g of input.giornate) {
    const isTrip = trips.get(g.data) === g;
    const kmCounts = input.multiTecnico === '0' || isTrip;
    const hoursCount = input.multiTecnico !== '1' || isTrip;
    if (kmCounts) lines.add('km', nome(g.tecnico_id), dec(g.km_viaggio), rateOf(input, 'km', g.tecnico_id), 1);
    if (hoursCount) {
      lines.add('ore_viaggio', nome(g.tecnico_id), dec(g.ore_viaggio), rateOf(input, 'ora_viaggio', g.tecnico_id));
    }
  }
  for (const kind of ['pranzo', 'cena', 'pernottamento'] as const) {
    const n = input.giornate.filter((g) => g[kind] === 'S').length;
    lines.add(kind, '', dec(String(n)), flatOf(input, kind), 0);
  }
  if (input.trasferta) {
    const min = dec(String(input.trasferta.distanzaMinimaKm));
    const days = input.giornate.filter((g) => dec(g.km_viaggio) > 0n && dec(g.km_viaggio) >= min).length;
    const contract = input.contratto?.trasferta;
    const rate = isSet(contract)
      ? { price: dec(contract), origine: 'contratto' as const }
      : { price: dec(input.trasferta.importo), origine: 'azienda' as const };
    lines.add('trasferta', '', dec(String(days)), rate, 0);
  }
  const fee = flatOf(input, 'diritto_chiamata');
  const feeLine = fee.price > 0n ? [line('diritto_chiamata', '', dec('1'), fee.price, fee.origine, 0)] : [];
  return [...lines.all(), ...fixed, ...feeLine];
}

/** Whether the report is priced as a lump sum (option Yes always, or set in the report). */
export function isFlatRate(mode: FlatRateMode, gestione: PriceHandling | null): boolean {
  return mode === 'si' || (mode === 'rapportino' && gestione?.forfait === true);
}

/** A filled custom field's quantity: its number, or 1 when a non-numeric field is filled ("false" is not filled). */
export function customFieldQuantity(tipo: CustomFieldType, valore: string | null): Dec {
  if (valore === null || valore.trim() === '') return 0n;
  if (tipo === 'numero') return /^-?\d+(\.\d+)?$/.test(valore) ? dec(valore) : 0n;
  if (tipo === 'vero_falso') return valore === 'true' ? dec('1') : 0n;
  return dec('1');
}

export function computePrices(input: PricingInput): Prices {
  const forfait = isFlatRate(input.forfait, input.gestione);
  const righe: (PriceLine & { amount: Dec })[] = [];
  if (forfait) {
    const own = input.gestione?.importo_forfait;
    const contract = input.contratto?.importo_forfait;
    const amount = isSet(own) ? dec(own) : isSet(contract) ? dec(contract) : 0n;
    righe.push(
      line('forfait', '', dec('1'), amount, isSet(own) ? 'rapportino' : isSet(contract) ? 'contratto' : 'azienda', 0),
    );
  } else {
    righe.push(...labourLines(input));
    const activity = input.contratto?.attivita_contratto;
    if (input.daAttivita && isSet(activity)) {
      righe.push(line('attivita_contratto', '', dec('1'), dec(activity), 'contratto', 0));
    }
  }
  const discount = input.contratto?.materiale;
  for (const m of input.materiali) {
    const price = isSet(m.prezzo_netto) ? m.prezzo_netto : m.importo_unitario;
    if (isSet(discount) && dec(discount) > 0n) {
      // The contract's discount on material: off the line's price, rounded to cents.
      const unit = round(mul(dec(price), div(dec('100') - dec(discount), dec('100'))), 2);
      righe.push(line('materiale', m.descrizione, dec(m.quantita), unit, 'contratto', 3));
    } else {
      righe.push(line('materiale', m.descrizione, dec(m.quantita), dec(price), 'riga', 3));
    }
  }
  for (const c of input.campi) {
    const q = customFieldQuantity(c.tipo, c.valore);
    if (q !== 0n) righe.push(line('campo', c.nome, q, dec(c.prezzo), 'articolo'));
  }
  const totale = add(...righe.map((r) => r.amount));
  return {
    valuta: input.valuta,
    forfait,
    righe: righe.map(({ amount: _amount, ...r }) => r),
    totale: str(totale),
  };
}
