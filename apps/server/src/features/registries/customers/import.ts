import type { ColumnSpec, TableSpec } from '../../../platform/db/bulk-upsert.js';
import { assertRoom, lockCompany, recordAllowance } from '../../../platform/limits.js';
import { writeEvents } from '../../../platform/events/outbox.js';
import { customerEvent } from './events.js';
import * as repo from './repo.js';

/** Address columns: a change moves the customer, so the manual save re-places it. */
export const ADDRESS_KEYS = ['indirizzo', 'citta', 'provincia', 'cap', 'nazione'] as const;

const text = (column: string): ColumnSpec => ({ column, type: 'text' });

/**
 * How the CSV import writes customers, with the manual save's rules: the same limit rule
 * (0013 while the company holds more than it may, 0006 past the limit) under the same company
 * lock, the same identifying keys, and stale coordinates cleared when the address changes
 * (the import does not geocode; the map shows the customer again once it is placed).
 */
export const customersImport: TableSpec = {
  table: 'clienti',
  columns: {
    ...Object.fromEntries(
      [
        'codice',
        'ragione_sociale',
        'partita_iva',
        'codice_fiscale',
        'telefono',
        'cellulare',
        'email',
        'pec',
        'codice_destinatario',
        'indirizzo',
        'citta',
        'provincia',
        'cap',
        'note',
      ].map((c) => [c, text(c)]),
    ),
    km_viaggio: { column: 'km_viaggio', type: 'numeric' },
    ore_viaggio: { column: 'ore_viaggio', type: 'numeric' },
  },
  keys: ['codice', 'partita_iva', 'codice_fiscale'],
  // A row without registry id, VAT or tax code is the customer of the same name, address and city.
  fallback: ['ragione_sociale', 'indirizzo', 'citta'],
  // A new customer without a registry id gets the next one, as in the form.
  generated: { field: 'codice', values: (tx, aziendaId, n) => repo.nextRegistryIds(tx, aziendaId, n) },
  touch: 'updated_at',
  allowed: (tx, aziendaId) => recordAllowance(tx, aziendaId, 'customers'),
  counted: (tx, aziendaId) => repo.countClienti(tx, aziendaId),
  assertRoom: (used, allowed, adding) => assertRoom('customers', used, allowed, adding),
  lock: async (tx, aziendaId) => {
    await lockCompany(tx, aziendaId);
  },
  dependents: [{ when: [...ADDRESS_KEYS], clear: ['latitude', 'longitude'] }],
  // customer.created / customer.updated per record, in the batch's transaction, in one statement.
  announce: {
    columns: ['ragione_sociale', 'partita_iva', 'codice_fiscale'],
    async write(tx, aziendaId, created, updated) {
      const facts = (r: Record<string, unknown>) => ({
        id: r.id as string,
        ragioneSociale: r.ragione_sociale as string,
        partitaIva: (r.partita_iva as string | null) ?? null,
        codiceFiscale: (r.codice_fiscale as string | null) ?? null,
      });
      const events = [
        ...created.map((r) => customerEvent('customer.created', facts(r))),
        ...updated.map((r) => customerEvent('customer.updated', facts(r))),
      ];
      await writeEvents(tx, aziendaId, events);
      return events.length;
    },
  },
};
