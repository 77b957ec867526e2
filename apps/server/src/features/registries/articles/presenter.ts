import type { Articolo } from '@fs/contract';
import type { ArticoloRow } from './repo.js';

export function toArticolo(r: ArticoloRow): Articolo {
  return {
    id: r.id,
    codice: r.codice,
    riferimento_esterno: r.riferimentoEsterno,
    descrizione: r.descrizione,
    unita_misura: r.unitaMisura,
    prezzo_vendita: r.prezzoVendita,
    prezzo_acquisto: r.prezzoAcquisto,
    note: r.note,
  };
}
