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

/** Columns that change on every save (or follow the others): not a change a receiver is told about. */
const NOT_NEWS = new Set(['updatedAt', 'createdAt', 'searchText']);

/** Whether a save changed anything of the customer's row (a save of the same form again announces nothing). */
export function customerChanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return Object.keys(after).some((k) => !NOT_NEWS.has(k) && !sameValue(before[k], after[k]));
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : JSON.stringify(a) === JSON.stringify(b);
