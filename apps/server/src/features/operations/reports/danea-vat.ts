import { VAT_NATURES, vatRateLabel, type VatNature, type VatRate } from '@fs/contract';

/**
 * A row's VAT as Danea EasyFatt's `VatCode` element (decision 0050): the text is the code of the
 * program's "Categorie Iva" table, the attributes describe it (Perc, Class, Description). A taxable
 * rate is coded by its percentage ("22", "10", "5.5") with Class "Imponibile"; a 0% rate by its
 * FatturaPA nature ("N4"), Perc "0", the EasyFatt class the nature belongs to and the nature's label.
 */
export interface DaneaVat {
  code: string;
  perc: string;
  class: string;
  description: string;
}

/** EasyFatt's VAT classes (Imponibile, Non imponibile, Intra-UE, Extra-UE, Esente, Escluso, Fuori campo, ...). */
function classOf(n: VatNature): string {
  if (n === 'N1') return 'Escluso';
  if (n.startsWith('N2')) return 'Fuori campo';
  if (n === 'N3.1') return 'Extra-UE';
  if (n === 'N3.2') return 'Intra-UE';
  if (n.startsWith('N3')) return 'Non imponibile';
  if (n === 'N4') return 'Esente';
  if (n.startsWith('N6')) return 'Rev. charge';
  return 'Iva non esposta'; // N5 margin scheme, N7 VAT paid in another EU state
}

const percOf = (aliquota: string) => aliquota.replace(/\.?0+$/, '') || '0';

export function daneaVat(r: VatRate): DaneaVat {
  if (r.natura) {
    return {
      code: r.natura,
      perc: '0',
      class: classOf(r.natura),
      description: `${r.natura} - ${VAT_NATURES[r.natura]}`,
    };
  }
  const perc = percOf(r.aliquota);
  return { code: perc, perc, class: 'Imponibile', description: `Imponibile ${vatRateLabel(r)}` };
}
