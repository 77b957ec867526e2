import { checkColumnChoice, visibleColumns, type TableDef, type TableInfos } from '@fs/contract';
import { userOf, type CompanyContext } from '../../../platform/context.js';
import { ownIdOf } from '../../../platform/auth/principal.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';
import { TABLES } from './tables.js';

const MESSAGES = {
  min: 'Numero minimo di colonne raggiunto',
  max: 'Numero massimo di colonne raggiunto',
  unknown: 'Colonna sconosciuta',
  duplicate: 'Colonna ripetuta',
} as const;

function infosOf(def: TableDef, selected: readonly string[] | undefined, ctx: CompanyContext): TableInfos {
  // A saved choice that no longer fits the table (a column removed, bounds changed) falls back to the defaults.
  const usable = selected && checkColumnChoice(def, selected) === null ? selected : def.defaultColumns;
  // Columns the caller may not see (prices without the prices permission) are neither offered nor shown.
  const visible = new Set<string>(visibleColumns(def, ctx.principal.permissions));
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

/**
 * `tableInfos` of a table for the caller: its configuration and the caller's chosen columns (a
 * principal that is no user has chosen none: the defaults). The price columns only with the
 * prices permission.
 */
export async function tableInfos(ctx: CompanyContext, def: TableDef): Promise<TableInfos> {
  return infosOf(def, await repo.findColumns(ctx.db, ctx.company.id, ownIdOf(ctx.principal), def.name), ctx);
}

function tableNamed(name: string): TableDef {
  // Own keys only: `__proto__` or `constructor` name no table.
  const def = Object.hasOwn(TABLES, name) ? TABLES[name] : undefined;
  if (!def) throw notFound('Tabella');
  return def;
}

export async function getTableInfos(ctx: CompanyContext, name: string): Promise<TableInfos> {
  return tableInfos(ctx, tableNamed(name));
}

/**
 * Saves the caller's columns (in order) within the table's bounds; null goes back to the defaults.
 * A preference is a signed-in user's own.
 */
export async function savePreference(
  ctx: CompanyContext,
  input: { tabella: string; colonne: string[] | null },
): Promise<TableInfos> {
  const { userId } = userOf(ctx);
  const def = tableNamed(input.tabella);
  if (input.colonne === null) {
    await repo.deleteColumns(ctx.db, ctx.company.id, userId, def.name);
    return infosOf(def, undefined, ctx);
  }
  const problem = checkColumnChoice(def, input.colonne);
  if (problem) throw new AppError('VALIDATION', MESSAGES[problem], [{ path: 'colonne', message: problem }]);
  await repo.saveColumns(ctx.db, ctx.company.id, userId, def.name, input.colonne);
  return infosOf(def, input.colonne, ctx);
}
