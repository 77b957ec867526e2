import type { DaneaDocumentType, VatRate } from '@fs/contract';
import type { AccountingDocument } from '../../../operations/index.js';
import { AccountingExportError } from '../exporter.js';

/**
 * A completed report as a Fatture in Cloud issued document (decision 0051): the type of the option, the customer's
 * entity, one line per price line of the report at its price and VAT type, the numbering section, and an internal
 * subject naming the report, by which a retry finds the document an earlier try made.
 */

export const FIC_TYPE: Record<DaneaDocumentType, string> = {
  ordine: 'order',
  ddt: 'delivery_note',
  proforma: 'proforma',
  fattura: 'invoice',
  rapporto_intervento: 'work_report',
};

/** The internal subject (not printed) that names the report in Fatture in Cloud. */
export const subjectOf = (reportId: string) => `rapportino:${reportId}`;

export interface FicVatType {
  id?: number;
  value?: number;
  ei_type?: unknown;
  is_disabled?: boolean;
}

/** The VAT type of a rate: the same percentage and, for an exempt rate, the same nature (ei_type). */
export function vatTypeOf(types: FicVatType[], rate: VatRate): number | null {
  const value = Number(rate.aliquota);
  const match = types.find(
    (t) =>
      typeof t.id === 'number' &&
      !t.is_disabled &&
      Number(t.value) === value &&
      (rate.natura === null
        ? value > 0 || !t.ei_type
        : String(t.ei_type ?? '').toUpperCase() === rate.natura.toUpperCase()),
  );
  return match?.id ?? null;
}

const label = (r: VatRate) => (r.natura ? `${Number(r.aliquota)}% ${r.natura}` : `${Number(r.aliquota)}%`);

export interface FicEntity {
  id: number;
  name: string;
  vat_number?: string;
  tax_code?: string;
}

export function issuedDocument(
  doc: AccountingDocument,
  entity: FicEntity,
  vatTypes: FicVatType[],
  date: string,
): Record<string, unknown> {
  const missing = new Map<string, VatRate>();
  const items = doc.righe.map((r) => {
    const vat = vatTypeOf(vatTypes, r.vat);
    if (vat === null) missing.set(label(r.vat), r.vat);
    return {
      ...(r.code ? { code: r.code } : {}),
      name: r.description.slice(0, 300),
      qty: Number(r.qty),
      ...(r.um ? { measure: r.um } : {}),
      net_price: Number(r.price),
      vat: { id: vat ?? 0 },
    };
  });
  if (missing.size) {
    throw new AccountingExportError(
      `Aliquote IVA non presenti in Fatture in Cloud: ${[...missing.keys()].join(', ')}. Aggiungerle nelle impostazioni di Fatture in Cloud e riprovare`,
      'FIC_VAT_MISSING',
      false,
    );
  }
  const type = FIC_TYPE[doc.tipo];
  return {
    type,
    entity,
    date,
    // Fatture in Cloud numbers delivery notes in one series: no section for them.
    ...(doc.numbering && type !== 'delivery_note' ? { numeration: doc.numbering } : {}),
    subject: subjectOf(doc.reportId),
    visible_subject: `Rapportino n. ${doc.numero}`,
    notes: doc.commento,
    items_list: items,
  };
}

/** The document's total without VAT, in cents (the report's and Fatture in Cloud's are compared so). */
export const cents = (v: string | number | undefined | null) => Math.round(Number(v ?? 0) * 100);
