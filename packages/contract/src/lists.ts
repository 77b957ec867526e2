import { z } from 'zod';
import { searchTerm } from './fields.js';
import { maySeePrices, type PermissionMap } from './permissions.js';

/**
 * Shared list infrastructure (issue 4, "Lists that scale"): server paging, sorting
 * and filtering, `tableInfos` (the column configuration of a table) and the
 * per-user table preference. A table is declared once here with `defineTable`;
 * the server answers its `tableInfos`, validates sort keys and saved columns
 * against it, and the web DataTable renders from it.
 */

export const LIST_MAX_SIZE = 200;
export const LIST_DEFAULT_SIZE = 25;
/** Shortest search term matched anywhere (a trigram needs 3 characters); shorter terms match the start of the name or description. */
export const SEARCH_CONTAINS_MIN_LENGTH = 3;

export interface TableColumnDef {
  /** Wire field of the item shown in the column (ragione_sociale, citta, ...). */
  key: string;
  /** i18n key of the header. */
  label: string;
  /** The server can sort by it (it has an index). */
  sortable: boolean;
  /** Shown (offered, answered, exported) only to a caller with the prices permission (read). */
  prices?: true;
}

export interface TableDef<K extends string = string> {
  /** Table name, the key of its saved preference (clienti, articoli, ...). */
  name: string;
  columns: readonly (TableColumnDef & { key: K })[];
  /** Fewest and most columns a user may show. */
  minColumns: number;
  maxColumns: number;
  /** Columns shown (in order) until the user picks their own. */
  defaultColumns: readonly K[];
  /** Sort when none is asked. */
  defaultSort: K;
}

export function defineTable<const K extends string>(def: TableDef<K>): TableDef<K> {
  if (def.minColumns < 1 || def.maxColumns < def.minColumns || def.maxColumns > def.columns.length) {
    throw new Error(`table ${def.name}: bad column bounds`);
  }
  if (def.defaultColumns.length < def.minColumns || def.defaultColumns.length > def.maxColumns) {
    throw new Error(`table ${def.name}: default columns out of bounds`);
  }
  return def;
}

/** The columns a caller may see: the price columns only with the prices permission (read). */
export function visibleColumns<K extends string>(def: TableDef<K>, permissions: PermissionMap): K[] {
  const prices = maySeePrices(permissions);
  return def.columns.filter((c) => prices || !c.prices).map((c) => c.key);
}

/** `tableInfos` on the wire: the configuration plus the caller's chosen columns. */
export const tableInfosSchema = z.object({
  table: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), sortable: z.boolean() })),
  minColumns: z.number().int(),
  maxColumns: z.number().int(),
  defaultColumns: z.array(z.string()),
  /** The caller's saved choice, or the defaults. */
  selectedColumns: z.array(z.string()),
});
export type TableInfos = z.infer<typeof tableInfosSchema>;

/** Why a column choice is refused: too few, too many, unknown or repeated columns. */
export type ColumnChoiceProblem = 'min' | 'max' | 'unknown' | 'duplicate';

export function checkColumnChoice(def: TableDef, colonne: readonly string[]): ColumnChoiceProblem | null {
  const known = new Set(def.columns.map((c) => c.key));
  if (colonne.some((c) => !known.has(c))) return 'unknown';
  if (new Set(colonne).size !== colonne.length) return 'duplicate';
  if (colonne.length < def.minColumns) return 'min';
  if (colonne.length > def.maxColumns) return 'max';
  return null;
}

/**
 * The total a list answered for the same search and filters, sent back with the next pages so they
 * are not counted again (a page in the back half is still counted: it is read from the end). Only an
 * exact total is sent back, never one answered with `totalePiuDi`.
 */
export const knownTotal = z.coerce.number().int().min(0).max(1_000_000_000).optional();

/**
 * A search counts its hits up to this many: past it the answer says "more than" (`totalePiuDi`) instead of
 * counting (and sorting) thousands of rows nobody pages through. A page past the threshold raises it to the next
 * multiple (page 41 of 25 counts up to 2,000), so every hit stays reachable.
 */
export const LIST_COUNT_THRESHOLD = 1000;

/**
 * The total of a page answer: `totaleElementi` is exact, unless `totalePiuDi` is true: then more rows
 * match than `totaleElementi` (a search past LIST_COUNT_THRESHOLD) and the web writes "more than".
 */
export const listTotalShape = {
  totaleElementi: z.number().int(),
  totalePiuDi: z
    .literal(true)
    .optional()
    .describe('Present (true) when totaleElementi is a lower bound: more rows match than were counted'),
};

/** Query string of every paged list: page from 1, size 1..200, sort key, direction, search. */
export function listQuerySchema<K extends string>(def: TableDef<K>) {
  const sortable = def.columns.filter((c) => c.sortable).map((c) => c.key) as [K, ...K[]];
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(LIST_MAX_SIZE).default(LIST_DEFAULT_SIZE),
    sort: z.enum(sortable).default(def.defaultSort),
    dir: z.enum(['asc', 'desc']).default('asc'),
    /** Contains-search, case aside; at most 100 characters. */
    q: searchTerm,
    /** The total a page of the same search and filters answered: past page 1 the server trusts it rather than count again. */
    totale: knownTotal,
    /** Answer `tableInfos` too (the first load of a table). */
    tableInfos: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  });
}
export type ListQuery<K extends string = string> = {
  page: number;
  size: number;
  sort: K;
  dir: 'asc' | 'desc';
  q?: string;
  totale?: number;
  tableInfos: boolean;
};

/** Body of the per-user table preference: `colonne` null goes back to the defaults. */
export const tablePreferenceRequest = z
  .object({
    tabella: z.string().min(1).max(40),
    colonne: z.array(z.string().min(1).max(60)).max(50).nullable(),
  })
  .strict();
