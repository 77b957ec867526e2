import type { ImportTable } from '@fs/contract';
import { bulkTarget, type ImportTarget } from '../../../platform/db/bulk-upsert.js';
import { articlesImport } from '../articles/import.js';
import { customersImport } from '../customers/import.js';

/** Each table is written with its owning feature's rules (one write path per entity). */
export const TARGETS: Record<ImportTable, ImportTarget> = {
  clienti: bulkTarget(customersImport),
  articoli: bulkTarget(articlesImport),
};
