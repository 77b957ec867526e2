import type { CustomFieldConfig, CustomFieldConfigSaveRequest, CustomFieldType } from '@fs/contract';
import { decimalText } from '../../../app/components/DecimalInput';

/** A stored value of a field as a person writes it: a number the Italian way ("1,25"), the rest as stored. */
export function campoValueText(tipo: CustomFieldType, value: string | null): string {
  if (value === null) return '';
  return tipo === 'numero' ? decimalText(value, false, 4) : value;
}

/** A saved field as its form (and a reorder) sends it back: its values as typed, never re-read differently. */
export function campoBody(campo: CustomFieldConfig): CustomFieldConfigSaveRequest {
  return {
    id: campo.id,
    nome: campo.nome,
    tipo: campo.tipo,
    valore: campoValueText(campo.tipo, campo.valore),
    obbligatorio: campo.obbligatorio,
    abilitazione: campo.abilitazione,
    valore_richiesto: campoValueText(campo.tipo, campo.valore_richiesto),
    posizione: campo.posizione,
    visibilita: campo.visibilita,
    articolo_id: campo.articolo_id,
    scelte: campo.scelte,
  };
}
