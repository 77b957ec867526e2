import { add, dec, mul, round, str, VAT_NATURES, type Dec, type TaxRegime, type VatRate } from '@fs/contract';
import { xmlFragment } from '../../../platform/xml.js';

/**
 * A FatturaPA 1.2.2 invoice (TD01) as the SDI takes it (decision 0050): the XML of the model below,
 * written with xmlbuilder2 in the order and the shapes of the official schema (FatturaPA_v1.2.2.xsd,
 * checked in the tests). Texts are cut to the schema's lengths and alphabets (Latin-1, or ASCII for
 * codes); amounts are the product's (without VAT), VAT is computed here per rate and nature.
 */

export const FATTURAPA_NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

export interface FpParty {
  denominazione: string;
  /** Without the country prefix; null when the party has only a tax code. */
  partitaIva: string | null;
  codiceFiscale: string | null;
  nazione: string;
  indirizzo: string;
  cap: string;
  comune: string;
  provincia: string | null;
}

export interface FpLine {
  codice: string | null;
  descrizione: string;
  /** Dot decimals as the price lines hold them ("2.50", "30.0", "1"). */
  quantita: string | null;
  unita: string | null;
  prezzo: string;
  totale: string;
  vat: VatRate;
}

export interface FpInvoice {
  /** The 5 characters of the file name, also the ProgressivoInvio. */
  progressivo: string;
  /** FPR12 for businesses and people; FPA12 for a public administration (a 6-character office code). */
  formato: 'FPR12' | 'FPA12';
  codiceDestinatario: string;
  pec: string | null;
  cedente: FpParty & { regime: TaxRegime };
  cessionario: FpParty;
  divisa: string;
  /** YYYY-MM-DD. */
  data: string;
  numero: string;
  causali: string[];
  linee: FpLine[];
}

/** Latin-1 text on one line, at most `max` characters (String<N>LatinType); typographic marks made plain. */
export function latin(s: string, max: number): string {
  const plain = s
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u20ac/g, 'EUR');
  // Control characters become spaces, anything past Latin-1 a question mark; then one line.
  const chars = [...plain].map((ch) => {
    const c = ch.codePointAt(0)!;
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) ? ' ' : c > 0xff ? '?' : ch;
  });
  return [...chars.join('').replace(/\s+/g, ' ').trim()].slice(0, max).join('').trim() || '-';
}

/** ASCII text (String<N>Type: codes, numbers): accents dropped, anything else left out. */
export function ascii(s: string, max: number): string {
  const plain = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0020-\u007e]/g, '')
    .trim();
  return plain.slice(0, max).trim() || '-';
}

/** A decimal with at least 2 and at most 8 decimals (QuantitaType, Amount8DecimalType). */
export function decimal8(v: string): string {
  const [int, frac = ''] = v.split('.');
  return `${int}.${frac.padEnd(2, '0').slice(0, 8)}`;
}

/** A rate as RateType wants it: "22.00". */
const rateText = (r: VatRate) => str(dec(r.aliquota), 2);
const keyOf = (r: VatRate) => `${rateText(r)}|${r.natura ?? ''}`;

export interface Summary {
  vat: VatRate;
  imponibile: string;
  imposta: string;
}

/** DatiRiepilogo: per rate and nature, the sum of the lines and its VAT (rounded to cents, half away from zero). */
export function summaries(linee: FpLine[]): Summary[] {
  const by = new Map<string, { vat: VatRate; sum: Dec }>();
  for (const l of linee) {
    const k = keyOf(l.vat);
    const s = by.get(k) ?? { vat: l.vat, sum: 0n };
    s.sum = add(s.sum, dec(l.totale));
    by.set(k, s);
  }
  return [...by.values()].map(({ vat, sum }) => ({
    vat,
    imponibile: str(sum, 2),
    imposta: str(round(mul(sum, dec(vat.aliquota)) / 100n, 2), 2),
  }));
}

/** The document's total: taxable amounts plus VAT. */
export function totalOf(s: Summary[]): string {
  return str(add(...s.map((x) => add(dec(x.imponibile), dec(x.imposta)))), 2);
}

/** The name the SDI expects: IT, the sender's VAT number, _, the 5-character progressive. */
export const fatturaPaFileName = (partitaIva: string, progressivo: string) => `IT${partitaIva}_${progressivo}.xml`;

type Node = ReturnType<typeof xmlFragment>;

function idFiscale(parent: Node, name: string, paese: string, codice: string) {
  const n = parent.ele(name);
  n.ele('IdPaese').txt(paese);
  n.ele('IdCodice').txt(ascii(codice, 28));
}

function sede(parent: Node, p: FpParty) {
  const s = parent.ele('Sede');
  s.ele('Indirizzo').txt(latin(p.indirizzo, 60));
  s.ele('CAP').txt(p.cap);
  s.ele('Comune').txt(latin(p.comune, 60));
  if (p.provincia) s.ele('Provincia').txt(p.provincia);
  s.ele('Nazione').txt(p.nazione);
}

function anagrafica(parent: Node, p: FpParty) {
  parent.ele('Anagrafica').ele('Denominazione').txt(latin(p.denominazione, 80));
}

function header(root: Node, inv: FpInvoice) {
  const h = root.ele('FatturaElettronicaHeader');
  const t = h.ele('DatiTrasmissione');
  idFiscale(t, 'IdTrasmittente', 'IT', inv.cedente.partitaIva!);
  t.ele('ProgressivoInvio').txt(inv.progressivo);
  t.ele('FormatoTrasmissione').txt(inv.formato);
  t.ele('CodiceDestinatario').txt(inv.codiceDestinatario);
  if (inv.pec) t.ele('PECDestinatario').txt(inv.pec);

  const c = h.ele('CedentePrestatore');
  const cd = c.ele('DatiAnagrafici');
  idFiscale(cd, 'IdFiscaleIVA', 'IT', inv.cedente.partitaIva!);
  if (inv.cedente.codiceFiscale) cd.ele('CodiceFiscale').txt(inv.cedente.codiceFiscale);
  anagrafica(cd, inv.cedente);
  cd.ele('RegimeFiscale').txt(inv.cedente.regime);
  sede(c, inv.cedente);

  const k = h.ele('CessionarioCommittente');
  const kd = k.ele('DatiAnagrafici');
  const cl = inv.cessionario;
  if (cl.partitaIva) idFiscale(kd, 'IdFiscaleIVA', cl.nazione, cl.partitaIva);
  if (cl.codiceFiscale) kd.ele('CodiceFiscale').txt(cl.codiceFiscale);
  anagrafica(kd, cl);
  sede(k, cl);
}

function line(parent: Node, n: number, l: FpLine) {
  const d = parent.ele('DettaglioLinee');
  d.ele('NumeroLinea').txt(String(n));
  if (l.codice) {
    const c = d.ele('CodiceArticolo');
    c.ele('CodiceTipo').txt('INTERNO');
    c.ele('CodiceValore').txt(latin(l.codice, 35));
  }
  d.ele('Descrizione').txt(latin(l.descrizione, 1000));
  if (l.quantita !== null) d.ele('Quantita').txt(decimal8(l.quantita));
  if (l.unita) d.ele('UnitaMisura').txt(ascii(l.unita, 10));
  d.ele('PrezzoUnitario').txt(decimal8(l.prezzo));
  d.ele('PrezzoTotale').txt(decimal8(l.totale));
  d.ele('AliquotaIVA').txt(rateText(l.vat));
  if (l.vat.natura) d.ele('Natura').txt(l.vat.natura);
}

/** The whole file (UTF-8, with its declaration). */
export function fatturaPaXml(inv: FpInvoice): string {
  const f = xmlFragment();
  const root = f.ele('p:FatturaElettronica', {
    versione: inv.formato,
    'xmlns:ds': DS_NS,
    'xmlns:p': FATTURAPA_NS,
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': `${FATTURAPA_NS} Schema_del_file_xml_FatturaPA_v1.2.2.xsd`,
  });
  header(root, inv);
  const body = root.ele('FatturaElettronicaBody');
  const g = body.ele('DatiGenerali').ele('DatiGeneraliDocumento');
  const riepilogo = summaries(inv.linee);
  g.ele('TipoDocumento').txt('TD01');
  g.ele('Divisa').txt(inv.divisa);
  g.ele('Data').txt(inv.data);
  g.ele('Numero').txt(ascii(inv.numero, 20));
  g.ele('ImportoTotaleDocumento').txt(totalOf(riepilogo));
  for (const c of inv.causali) g.ele('Causale').txt(latin(c, 200));
  const beni = body.ele('DatiBeniServizi');
  inv.linee.forEach((l, i) => line(beni, i + 1, l));
  for (const s of riepilogo) {
    const r = beni.ele('DatiRiepilogo');
    r.ele('AliquotaIVA').txt(rateText(s.vat));
    if (s.vat.natura) r.ele('Natura').txt(s.vat.natura);
    r.ele('ImponibileImporto').txt(s.imponibile);
    r.ele('Imposta').txt(s.imposta);
    if (!s.vat.natura) r.ele('EsigibilitaIVA').txt('I');
    else r.ele('RiferimentoNormativo').txt(latin(VAT_NATURES[s.vat.natura], 100));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${f.end({ prettyPrint: true, indent: '  ' })}\n`;
}
