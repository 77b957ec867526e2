import { checkColumnChoice, visibleColumns, type PermissionMap, type TableDef, type TableInfos } from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';
import { TABLES } from './tables.js';

interface Who {
  aziendaId: string;
  userId: string;
  /** The caller's permissions: the price columns only with the prices permission. */
  permissions: PermissionMap;
}

const MESSAGES = {
  min: 'Numero minimo di colonne raggiunto',
  max: 'Numero massimo di colonne raggiunto',
  unknown: 'Colonna sconosciuta',
  duplicate: 'Colonna ripetuta',
} as const;

function infosOf(def: TableDef, selected: readonly string[] | undefined, who: Who): TableInfos {
  // A saved choice that no longer fits the table (a column removed, bounds changed) falls back to the defaults.
  const usable = selected && checkColumnChoice(def, selected) === null ? selected : def.defaultColumns;
  // Columns the caller may not see (prices without the prices permission) are neither offered nor shown.
  const visible = new Set<string>(visibleColumns(def, who.permissions));
  const seen = (keys: readonly string[]) => keys.filter((k) => visible.has(k));
  return {
    table: def.name,
    columns: def.columns
      .filter((c) => visible.has(c.key))
      .map((c) => ({ key: c.key, label: c.label, sortable: c.sortable })),
    minColumns: def.minColumns,
    maxColumns: Math.min(def.maxColumns, visible.size),
    defaultColumns: seen(def.defaultColumns),
    selectedColumns: seen(usable),
  };
}

/** `tableInfos` of a table for the caller: its configuration and the caller's chosen columns. */
export async function tableInfos(deps: Deps, who: Who, def: TableDef): Promise<TableInfos> {
  return infosOf(def, await repo.findColumns(deps.db, who.aziendaId, who.userId, def.name), who);
}

function tableNamed(name: string): TableDef {
  // Own keys only: `__proto__` or `constructor` name no table.
  const def = Object.hasOwn(TABLES, name) ? TABLES[name] : undefined;
  if (!def) throw notFound('Tabella');
  return def;
}

export async function getTableInfos(deps: Deps, who: Who, name: string): Promise<TableInfos> {
  return tableInfos(deps, who, tableNamed(name));
}

/** Saves the caller's columns (in order) within the table's bounds; null goes back to the defaults. */
export async function savePreference(
  deps: Deps,
  who: Who,
  input: { tabella: string; colonne: string[] | null },
): Promise<TableInfos> {
  const def = tableNamed(input.tabella);
  if (input.colonne === null) {
    await repo.deleteColumns(deps.db, who.aziendaId, who.userId, def.name);
    return infosOf(def, undefined, who);
  }
  const problem = checkColumnChoice(def, input.colonne);
  if (problem) throw new AppError('VALIDATION', MESSAGES[problem], [{ path: 'colonne', message: problem }]);
  await repo.saveColumns(deps.db, who.aziendaId, who.userId, def.name, input.colonne);
  return infosOf(def, input.colonne, who);
}
