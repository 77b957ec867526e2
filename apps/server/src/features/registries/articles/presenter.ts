import type { Article } from '@fs/contract';
import type { ArticoloRow } from './repo.js';

/** An article as answered; its prices only to a caller who may see prices (`seePrices`), null otherwise. */
export function toArticolo(r: ArticoloRow, seePrices: boolean): Article {
  return {
    id: r.id,
    codice: r.codice,
    riferimento_esterno: r.riferimentoEsterno,
    descrizione: r.descrizione,
    unita_misura: r.unitaMisura,
    prezzo_vendita: seePrices ? r.prezzoVendita : null,
    prezzo_acquisto: seePrices ? r.prezzoAcquisto : null,
    aliquota_iva: r.aliquotaIva,
    natura_iva: r.naturaIva,
    note: r.note,
  };
}
