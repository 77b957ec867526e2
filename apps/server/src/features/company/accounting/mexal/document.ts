import type { DaneaDocumentType } from '@fs/contract';
import type { AccountingDocument, AccountingLine } from '../../../operations/index.js';
import type { MexalRecord } from './client.js';

/**
 * A report as a Mexal document (decision 0052). The company's document type (option danea_tipo_documento, the same
 * the Danea file and Fatture in Cloud use) is one of Mexal's document resources and its "sigla":
 * order → ordini-clienti OC; delivery note and intervention report → movimenti-magazzino BC (bolla di consegna: Mexal
 * has no intervention report, and a BC is what it turns into an invoice later); provisional invoice →
 * preventivi PC (Mexal has no pro-forma document: a customer quote is printed as one); invoice →
 * movimenti-magazzino FT. The numbering section (`sezionale`) is Mexal's series (`serie`, 1 when empty); `numero` 0
 * lets Mexal number it. One line per price line of the report (type R) with its quantity, unit price and VAT
 * (`cod_iva`: the rate as a number, "22", or the FatturaPA nature of a 0% rate, "N4"); a line with no article of its
 * own takes the service article coded after what it prices (ORE, ORE_VIAGGIO, KM, PRANZO, ...), which the company
 * keeps in Mexal as non-stock articles. Every line field is an array of [line index, value] pairs, as Mexal wants.
 */

export interface MexalDocumentKind {
  resource: string;
  sigla: string;
}

export const MEXAL_DOCUMENTS: Record<DaneaDocumentType, MexalDocumentKind> = {
  ordine: { resource: 'documenti/ordini-clienti', sigla: 'OC' },
  ddt: { resource: 'documenti/movimenti-magazzino', sigla: 'BC' },
  proforma: { resource: 'documenti/preventivi', sigla: 'PC' },
  fattura: { resource: 'documenti/movimenti-magazzino', sigla: 'FT' },
  rapporto_intervento: { resource: 'documenti/movimenti-magazzino', sigla: 'BC' },
};

/** The resource a document key (`SIGLA+serie+numero[+conto]`) lives in. */
export function resourceOfKey(key: string): string | null {
  const sigla = key.split('+')[0] ?? '';
  if (sigla === 'OC' || sigla === 'OX') return 'documenti/ordini-clienti';
  if (['PC', 'PF', 'PR', 'PX'].includes(sigla)) return 'documenti/preventivi';
  return /^[A-Z]{2}$/.test(sigla) ? 'documenti/movimenti-magazzino' : null;
}

/** `BC 15/1` for the key `BC+1+15`. */
export function numberOfKey(key: string): string | null {
  const [sigla, serie, numero] = key.split('+');
  return sigla && serie && numero ? `${sigla} ${numero}/${serie}` : null;
}

/** The series Mexal numbers the document in: the `sezionale` as a number from 1 to 999, 1 when empty. */
export function serieOf(sezionale: string | null): number | null {
  if (!sezionale) return 1;
  return /^\d{1,3}$/.test(sezionale) && Number(sezionale) >= 1 ? Number(sezionale) : null;
}

/** `cod_iva`: "22", "5.5", or the nature ("N4") of a 0% rate. */
export function vatCode(vat: AccountingLine['vat']): string {
  if (vat.natura) return vat.natura;
  return vat.aliquota.replace(/\.?0+$/, '') || '0';
}

/** The article code of a line: its own, else the service article of what it prices. */
export function articleCode(line: AccountingLine): string {
  const own = line.code?.trim();
  return own ? own : line.voce.toUpperCase();
}

const byLine = <T>(lines: AccountingLine[], value: (l: AccountingLine) => T): [number, T][] =>
  lines.map((l, i) => [i + 1, value(l)]);

/** The body of the document's POST. */
export function documentBody(
  doc: AccountingDocument,
  kind: MexalDocumentKind,
  serie: number,
  codConto: string,
): MexalRecord {
  const lines = doc.righe;
  return {
    sigla: kind.sigla,
    serie,
    numero: 0,
    cod_conto: codConto,
    data_documento: doc.data.slice(0, 10).replace(/-/g, ''),
    nota: doc.commento.slice(0, 200),
    id_riga: byLine(lines, () => 0),
    tp_riga: byLine(lines, () => 'R'),
    codice_articolo: byLine(lines, articleCode),
    descr_riga: byLine(lines, (l) => l.description.slice(0, 200)),
    quantita: byLine(lines, (l) => Number(l.qty)),
    prezzo: byLine(lines, (l) => Number(l.price)),
    cod_iva: byLine(lines, (l) => vatCode(l.vat)),
  };
}
