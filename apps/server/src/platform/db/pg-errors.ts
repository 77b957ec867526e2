import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors.js';
import * as allTables from './all-tables.js';

/** What the driver says about a failed statement; Drizzle wraps it in `cause`. */
export interface PgError {
  code: string;
  constraint?: string;
  column?: string;
  /** `Key (<columns>)=(<values>) ...`: which columns of which key. */
  detail?: string;
  message: string;
}

/** The PostgreSQL error behind `e` (walking the `cause` chain), or undefined for any other error. */
export function pgError(e: unknown): PgError | undefined {
  for (let err = e as Record<string, unknown> | undefined, depth = 0; err && depth < 5; depth++) {
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) {
      return {
        code: err.code,
        constraint: typeof err.constraint === 'string' ? err.constraint : undefined,
        column: typeof err.column === 'string' ? err.column : undefined,
        detail: typeof err.detail === 'string' ? err.detail : undefined,
        message: typeof err.message === 'string' ? err.message : '',
      };
    }
    err = err.cause as Record<string, unknown> | undefined;
  }
  return undefined;
}

/** The unique index that refused a write (`'unique'` when it has no name), or undefined. */
export function uniqueViolation(e: unknown): string | undefined {
  const err = pgError(e);
  return err?.code === '23505' ? (err.constraint ?? 'unique') : undefined;
}

/**
 * The foreign key that refused a write: 23001 (an ON DELETE RESTRICT key) or 23503 (NO ACTION,
 * or an insert naming a missing or another company's row); undefined for any other error.
 */
export function foreignKeyViolation(e: unknown): string | undefined {
  const err = pgError(e);
  return err && (err.code === '23001' || err.code === '23503') ? (err.constraint ?? '') : undefined;
}

let linkColumns: Map<string, string[]> | undefined;

/** The linking columns (azienda_id left out) of every foreign key of the schema, by constraint name. */
function foreignKeyColumns(): Map<string, string[]> {
  if (linkColumns) return linkColumns;
  linkColumns = new Map();
  for (const table of Object.values(allTables as Record<string, unknown>)) {
    if (!is(table, PgTable)) continue;
    for (const fk of getTableConfig(table).foreignKeys) {
      const cols = fk.reference().columns.map((c) => c.name);
      linkColumns.set(fk.getName(), cols);
    }
  }
  return linkColumns;
}

/**
 * A write that names a row that is not there, or is another company's (the company-scoped keys, decision
 * 0035): the field that named it, as VALIDATION's `fields`; undefined when the key refused a delete (the
 * row is still linked: a conflict) or is unknown. The detail's first parentheses list the key's columns
 * (in any server language): the linking columns for a write, the referenced ones for a delete.
 */
export function missingLinkField(e: unknown): string | undefined {
  const err = pgError(e);
  if (err?.code !== '23503' || !err.constraint) return undefined;
  const cols = foreignKeyColumns().get(err.constraint);
  const named = /\(([^()]*)\)=\(/
    .exec(err.detail ?? '')?.[1]
    ?.split(',')
    .map((c) => c.trim());
  if (!cols || !named || named.join(',') !== cols.join(',')) return undefined;
  return cols.filter((c) => c !== 'azienda_id').join(', ') || undefined;
}

/**
 * The one mapping of PostgreSQL errors that reach the error handler to our errors: what a
 * service did not turn into its own message is still the client's fault (400 / 409), never a 500.
 * Undefined for errors that are the server's (connection lost, syntax, ...).
 */
export function appErrorOfPg(e: unknown): AppError | undefined {
  const err = pgError(e);
  if (!err) return undefined;
  switch (err.code) {
    case '23505':
      return new AppError('CONFLICT', 'Esiste già un elemento con questi dati');
    case '23503': {
      // A link to a row that is not there (or is another company's): the field that named it, 400.
      const field = missingLinkField(e);
      if (field) {
        return new AppError('VALIDATION', `Elemento collegato non trovato: ${field}`, [
          { path: field, message: 'Elemento non trovato' },
        ]);
      }
      return new AppError('CONFLICT', 'Elemento collegato ad altri dati');
    }
    case '23001':
      return new AppError('CONFLICT', 'Elemento collegato ad altri dati');
    case '22001':
      return new AppError('VALIDATION', 'Testo troppo lungo');
    case '22003':
      return new AppError('VALIDATION', 'Numero fuori intervallo');
    case '22P02':
    case '22007':
    case '22008':
      return new AppError('VALIDATION', 'Valore non valido');
    case '22021':
    case '22P05':
      return new AppError('VALIDATION', 'Il testo contiene caratteri non ammessi');
    case '23502':
    case '23514':
      return new AppError('VALIDATION', 'Dati non validi');
    default:
      return undefined;
  }
}
