import { TIPI_CONTROLLO, type Controllo, type Mansione, type TipoControllo } from '@fs/contract';
import type { ControlloRow, HolderRow, MansioneRow } from './repo.js';

export function toControllo(c: ControlloRow): Controllo {
  return {
    id: c.id,
    mansioneId: c.mansioneId,
    nome_campo: c.nomeCampo,
    descrizione: c.descrizione,
    tipo_campo: (TIPI_CONTROLLO as readonly string[]).includes(c.tipoCampo) ? (c.tipoCampo as TipoControllo) : 'text',
    obbligatorio: c.obbligatorio,
    valori: c.valori,
    ordine: c.ordine,
  };
}

export function toMansione(m: MansioneRow, checks: ControlloRow[], holders: HolderRow[]): Mansione {
  return {
    id: m.id,
    nome: m.nome,
    descrizione: m.descrizione,
    controlli: checks.map(toControllo),
    utenti: holders.map((h) => ({ id: h.id, name: h.name, surname: h.surname, username: h.username })),
  };
}
