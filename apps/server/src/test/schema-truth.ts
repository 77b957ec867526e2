import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../platform/db/client.js';
import * as allTables from '../platform/db/all-tables.js';

/**
 * The schema as two lists of lines, one from the Drizzle tables and one from a migrated database's
 * catalog, written the same way so that a difference is a line found on one side only:
 *
 *   table <t>
 *   column <t>.<c> <type> [not null] [default | generated]
 *   primary key <t> (<cols>)
 *   index <name> on <t> [unique] <method> (<cols>; an expression is `expr`) [partial]
 *   unique <name> on <t> (<cols>)
 *   foreign key [<name>: ]<t> (<cols>) -> <t2> (<cols>) on delete <action>   (named unless to aziende)
 *
 * Defaults are compared as present or absent (their SQL text is written differently by the two
 * sides); CHECK constraints, triggers and functions live in the SQL only (decision 0013). The
 * `SET NULL (<column>)` form of a composite key's delete rule is written `set null` on both sides
 * (Drizzle cannot say which column; the migration does).
 */
export type SchemaLines = string[];

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

/** The Drizzle tables declared in the schema files. */
export function drizzleTables(): PgTable[] {
  return Object.values(allTables as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));
}

/**
 * A foreign key's name, compared for the links between company rows (the error handler names the field
 * of a refused link by it, pg-errors.ts); the keys to `aziende` keep the names their migration gave them.
 */
const fkName = (name: string, target: string) => (target === 'aziende' ? '' : `${name}: `);

const normType = (t: string) => t.replace(/,\s+/g, ',').toLowerCase();

export function schemaFromDrizzle(tables: PgTable[] = drizzleTables()): SchemaLines {
  const lines: string[] = [];
  for (const table of tables) {
    const cfg = getTableConfig(table);
    const t = cfg.name;
    lines.push(`table ${t}`);
    for (const c of cfg.columns) {
      const filled = c.generated ? ' generated' : c.default !== undefined ? ' default' : '';
      lines.push(`column ${t}.${c.name} ${normType(c.getSQLType())}${c.notNull ? ' not null' : ''}${filled}`);
      if (c.primary) lines.push(`primary key ${t} (${c.name})`);
      if (c.isUnique) lines.push(`unique ${c.uniqueName ?? `${t}_${c.name}_unique`} on ${t} (${c.name})`);
    }
    for (const pk of cfg.primaryKeys) lines.push(`primary key ${t} (${pk.columns.map((c) => c.name).join(', ')})`);
    for (const u of cfg.uniqueConstraints) {
      lines.push(`unique ${u.getName()} on ${t} (${u.columns.map((c) => c.name).join(', ')})`);
    }
    for (const idx of cfg.indexes) {
      const c = idx.config;
      const cols = c.columns.map((col) => (is(col, SQL) ? 'expr' : ((col as PgColumn).name ?? 'expr'))).join(', ');
      lines.push(
        `index ${c.name} on ${t}${c.unique ? ' unique' : ''} ${c.method ?? 'btree'} (${cols})${c.where ? ' partial' : ''}`,
      );
    }
    for (const fk of cfg.foreignKeys) {
      const ref = fk.reference();
      const target = getTableConfig(ref.foreignTable).name;
      lines.push(
        `foreign key ${fkName(fk.getName(), target)}${t} (${ref.columns.map((c) => c.name).join(', ')}) -> ${target} (${ref.foreignColumns
          .map((c) => c.name)
          .join(', ')}) on delete ${fk.onDelete ?? 'no action'}`,
      );
    }
  }
  return lines.sort();
}

/** The same lines read from the catalog of a migrated database (schema `public`). */
export async function schemaFromCatalog(database: Database): Promise<SchemaLines> {
  const q = async (text: string) => (await database.executeSql(text)).rows as Record<string, any>[];
  const lines: string[] = [];
  const tables = await q(`select c.relname as t from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`);
  for (const r of tables) lines.push(`table ${r.t}`);
  const columns = await q(`select c.relname as t, a.attname as c, format_type(a.atttypid, a.atttypmod) as type,
      a.attnotnull as nn, d.adbin is not null as def, a.attgenerated <> '' as gen
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`);
  for (const r of columns) {
    const filled = r.gen ? ' generated' : r.def ? ' default' : '';
    lines.push(`column ${r.t}.${r.c} ${normType(r.type)}${r.nn ? ' not null' : ''}${filled}`);
  }
  const keyCols = (rel: string, keys: string) =>
    `(select string_agg(a.attname, ', ' order by k.i) from unnest(${keys}) with ordinality k(n, i)
       join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.n)`;
  const constraints = await q(`select con.contype as kind, con.conname as name, c.relname as t,
      ${keyCols('con.conrelid', 'con.conkey')} as cols, f.relname as ft, ${keyCols('con.confrelid', 'con.confkey')} as fcols,
      con.confdeltype as del
    from pg_constraint con join pg_class c on c.oid = con.conrelid left join pg_class f on f.oid = con.confrelid
    where c.relnamespace = 'public'::regnamespace and con.contype in ('p', 'u', 'f')`);
  for (const r of constraints) {
    if (r.kind === 'p') lines.push(`primary key ${r.t} (${r.cols})`);
    else if (r.kind === 'u') lines.push(`unique ${r.name} on ${r.t} (${r.cols})`);
    else
      lines.push(
        `foreign key ${fkName(r.name, r.ft)}${r.t} (${r.cols}) -> ${r.ft} (${r.fcols}) on delete ${ON_DELETE[r.del]}`,
      );
  }
  // Indexes that back a primary key or a unique constraint are those constraints, above.
  const indexes = await q(`select i.relname as name, c.relname as t, x.indisunique as uq, am.amname as method,
      (select string_agg(coalesce(a.attname, 'expr'), ', ' order by k.i)
         from unnest(x.indkey::int2[]) with ordinality k(n, i)
         left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n and k.n > 0
         where k.i <= x.indnkeyatts) as cols,
      x.indpred is not null as partial
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
    join pg_am am on am.oid = i.relam
    where c.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint con where con.conindid = x.indexrelid and con.contype in ('p', 'u'))`);
  for (const r of indexes) {
    lines.push(
      `index ${r.name} on ${r.t}${r.uq ? ' unique' : ''} ${r.method} (${r.cols})${r.partial ? ' partial' : ''}`,
    );
  }
  return lines.sort();
}

/** The lines found on one side only. */
export function schemaDifferences(drizzle: SchemaLines, catalog: SchemaLines) {
  const d = new Set(drizzle);
  const c = new Set(catalog);
  return {
    onlyInDatabase: catalog.filter((l) => !d.has(l)),
    onlyInDrizzle: drizzle.filter((l) => !c.has(l)),
  };
}
