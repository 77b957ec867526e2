import { CHECKLIST_ITEM_TYPES, type ChecklistItem, type JobRole, type ChecklistItemType } from '@fs/contract';
import type { ControlloRow, HolderRow, MansioneRow } from './repo.js';

export function toControllo(c: ControlloRow): ChecklistItem {
  return {
    id: c.id,
    mansioneId: c.mansioneId,
    nome_campo: c.nomeCampo,
    descrizione: c.descrizione,
    tipo_campo: (CHECKLIST_ITEM_TYPES as readonly string[]).includes(c.tipoCampo)
      ? (c.tipoCampo as ChecklistItemType)
      : 'text',
    obbligatorio: c.obbligatorio,
    valori: c.valori,
    ordine: c.ordine,
  };
}

export function toMansione(m: MansioneRow, checks: ControlloRow[], holders: HolderRow[]): JobRole {
  return {
    id: m.id,
    nome: m.nome,
    descrizione: m.descrizione,
    controlli: checks.map(toControllo),
    utenti: holders.map((h) => ({ id: h.id, name: h.name, surname: h.surname, username: h.username })),
  };
}
