import type { ColumnSpec, TableSpec } from '../../../platform/db/bulk-upsert.js';
import { assertRoom, lockCompany, recordAllowance } from '../../../platform/limits.js';
import * as repo from './repo.js';

const text = (column: string): ColumnSpec => ({ column, type: 'text' });

/**
 * How the CSV import writes articles, with the manual save's rules: the same limit rule
 * (0013 while the company holds more than it may, 0006 past the limit) under the same company
 * lock, and the same identifying keys (code, external reference).
 */
export const articlesImport: TableSpec = {
  table: 'articoli',
  columns: {
    ...Object.fromEntries(
      ['codice', 'riferimento_esterno', 'descrizione', 'unita_misura', 'note'].map((c) => [c, text(c)]),
    ),
    prezzo_vendita: { column: 'prezzo_vendita', type: 'numeric' },
    prezzo_acquisto: { column: 'prezzo_acquisto', type: 'numeric' },
    aliquota_iva: { column: 'aliquota_iva', type: 'numeric' },
    natura_iva: text('natura_iva'),
  },
  keys: ['codice', 'riferimento_esterno'],
  touch: 'updated_at',
  allowed: (tx, aziendaId) => recordAllowance(tx, aziendaId, 'items'),
  counted: (tx, aziendaId) => repo.count(tx, aziendaId),
  assertRoom: (used, allowed, adding) => assertRoom('items', used, allowed, adding),
  lock: async (tx, aziendaId) => {
    await lockCompany(tx, aziendaId);
  },
};
