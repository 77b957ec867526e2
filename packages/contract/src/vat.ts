/**
 * VAT rates (issue 29; decision 0050). An article carries a rate (a percentage with at most two
 * decimals, 0 to 99.99) and, when the rate is 0, the FatturaPA nature code that says why no VAT is
 * charged; the company has a default rate for goods (articles without their own) and one for
 * services (labour, travel, km, allowances and the other non-article lines), kept as the options
 * `aliquote_iva` / `beni` and `servizi`. Amounts stay without VAT everywhere in the product: the
 * rates only travel to the accounting exports (Danea EasyFatt, FatturaPA).
 */

/**
 * The nature codes of FatturaPA 1.2.2 (table "Natura", valid from 2021; the schema's NaturaType
 * without N2, N3 and N6, which the SDI refuses since 2021), with their Italian labels.
 */
export const VAT_NATURES = {
  N1: 'Escluse ex art. 15 del DPR 633/72',
  'N2.1': 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies del DPR 633/72',
  'N2.2': 'Non soggette - altri casi',
  'N3.1': 'Non imponibili - esportazioni',
  'N3.2': 'Non imponibili - cessioni intracomunitarie',
  'N3.3': 'Non imponibili - cessioni verso San Marino',
  'N3.4': "Non imponibili - operazioni assimilate alle cessioni all'esportazione",
  'N3.5': "Non imponibili - a seguito di dichiarazioni d'intento",
  'N3.6': 'Non imponibili - altre operazioni che non concorrono alla formazione del plafond',
  N4: 'Esenti',
  N5: 'Regime del margine / IVA non esposta in fattura',
  'N6.1': 'Inversione contabile - cessione di rottami e altri materiali di recupero',
  'N6.2': 'Inversione contabile - cessione di oro e argento puro',
  'N6.3': 'Inversione contabile - subappalto nel settore edile',
  'N6.4': 'Inversione contabile - cessione di fabbricati',
  'N6.5': 'Inversione contabile - cessione di telefoni cellulari',
  'N6.6': 'Inversione contabile - cessione di prodotti elettronici',
  'N6.7': 'Inversione contabile - prestazioni comparto edile e settori connessi',
  'N6.8': 'Inversione contabile - operazioni settore energetico',
  'N6.9': 'Inversione contabile - altri casi',
  N7: 'IVA assolta in altro stato UE',
} as const;
export type VatNature = keyof typeof VAT_NATURES;
export const VAT_NATURE_CODES = Object.keys(VAT_NATURES) as VatNature[];

export function isVatNature(v: string): v is VatNature {
  return Object.prototype.hasOwnProperty.call(VAT_NATURES, v);
}

/** Highest rate an article may carry (FatturaPA writes at most 3 integer digits; Italian rates are far below). */
export const VAT_RATE_INT_DIGITS = 2;

/** A VAT rate as the product uses it: the percentage with two decimals ("22.00") and the nature of a 0 rate. */
export interface VatRate {
  aliquota: string;
  natura: VatNature | null;
}

/** The field messages of a rate and its nature (Italian; the web translates by code). */
export const VAT_MESSAGES = {
  NATURE_REQUIRED: "Con l'aliquota 0% indicare la natura dell'esenzione (N1-N7)",
  NATURE_FORBIDDEN: "La natura si indica solo con l'aliquota 0%",
  NATURE_INVALID: 'Natura IVA non valida (N1, N2.1, N2.2, N3.1-N3.6, N4, N5, N6.1-N6.9, N7)',
} as const;
export type VatProblem = keyof typeof VAT_MESSAGES;

/** Whether a canonical rate string ("0", "0.00", "22") is zero. */
export const isZeroRate = (rate: string) => !/[1-9]/.test(rate);

/**
 * The problem of a rate and nature pair, or null: a 0 rate needs a nature, any other rate none. A
 * missing rate (the company's default applies) takes no nature either.
 */
export function vatProblem(rate: string | null, nature: string | null): VatProblem | null {
  if (nature !== null && !isVatNature(nature)) return 'NATURE_INVALID';
  if (rate !== null && isZeroRate(rate)) return nature === null ? 'NATURE_REQUIRED' : null;
  return nature === null ? null : 'NATURE_FORBIDDEN';
}

/**
 * The company's default rates are options holding a VAT code: a standard rate ("22", "10", "5",
 * "4") or a nature code (0% with that nature).
 */
export const VAT_STANDARD_RATES = ['22', '10', '5', '4'] as const;
export const VAT_CODES: readonly string[] = [...VAT_STANDARD_RATES, ...VAT_NATURE_CODES];
export const VAT_DEFAULT_CODE = '22';

/** A VAT code of the options as a rate: "10" is 10.00%, "N4" is 0.00% with nature N4. */
export function vatRateOfCode(code: string | null | undefined): VatRate {
  if (code && isVatNature(code)) return { aliquota: '0.00', natura: code };
  const n = code && /^\d{1,2}(\.\d{1,2})?$/.test(code) ? code : VAT_DEFAULT_CODE;
  return { aliquota: Number(n).toFixed(2), natura: null };
}

/** "22%", "5,5%", "0% N4": a rate for people. */
export function vatRateLabel(r: { aliquota: string; natura: string | null }): string {
  const pct = `${r.aliquota.replace(/\.?0+$/, '').replace('.', ',') || '0'}%`;
  return r.natura ? `${pct} ${r.natura}` : pct;
}

/** The FatturaPA 1.2.2 tax regimes of the seller (RegimeFiscale), with short Italian labels; RF01 by default. */
export const TAX_REGIMES = {
  RF01: 'Ordinario',
  RF02: 'Contribuenti minimi',
  RF04: 'Agricoltura e attività connesse e pesca',
  RF05: 'Vendita sali e tabacchi',
  RF06: 'Commercio dei fiammiferi',
  RF07: 'Editoria',
  RF08: 'Gestione di servizi di telefonia pubblica',
  RF09: 'Rivendita di documenti di trasporto pubblico e di sosta',
  RF10: 'Intrattenimenti, giochi e altre attività (DPR 640/72)',
  RF11: 'Agenzie di viaggi e turismo',
  RF12: 'Agriturismo',
  RF13: 'Vendite a domicilio',
  RF14: "Rivendita di beni usati, oggetti d'arte, antiquariato o da collezione",
  RF15: "Agenzie di vendite all'asta",
  RF16: 'IVA per cassa P.A.',
  RF17: 'IVA per cassa',
  RF18: 'Altro',
  RF19: 'Forfettario',
} as const;
export type TaxRegime = keyof typeof TAX_REGIMES;
export const TAX_REGIME_CODES = Object.keys(TAX_REGIMES) as TaxRegime[];
