import type { AppEvent } from '../../../platform/events/catalog.js';

/** A customer as its events tell it (customer.created, customer.updated: platform/events/catalog.ts). */
export interface CustomerFacts {
  id: string;
  ragioneSociale: string;
  partitaIva: string | null;
  codiceFiscale: string | null;
}

/** The event of a customer saved by hand or by the CSV import, to write in the save's transaction. */
export const customerEvent = (type: 'customer.created' | 'customer.updated', c: CustomerFacts): AppEvent => ({
  type,
  aggregateId: c.id,
  payload: {
    id: c.id,
    ragione_sociale: c.ragioneSociale,
    partita_iva: c.partitaIva || null,
    codice_fiscale: c.codiceFiscale || null,
  },
});
