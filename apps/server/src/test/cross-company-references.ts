import type { Database } from '../platform/db/client.js';

/** A row whose link names a row of another company. */
export interface CrossedReference {
  /** The foreign key that the link belongs to. */
  constraint: string;
  table: string;
  /** The linking columns (without azienda_id). */
  columns: string[];
  /** Their values in the row. */
  values: unknown[];
  /** The row's company and the company of the row it names. */
  company: string;
  referencedTable: string;
  referencedCompany: string;
}

interface LinkRow {
  constraint: string;
  table: string;
  referenced: string;
  columns: string[];
  refColumns: string[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Walks every foreign key of `schema` whose two tables both carry `azienda_id` (read from the catalog, so a
 * table added tomorrow is walked too) and answers each row whose link names a row of another company;
 * an empty list means the data is clean. The company-scoped keys (migration 0029, decision 0035) make such
 * a row impossible, so this is the check that they hold and that none is missing: the cross-company sweep
 * runs it at its end, and it finds a planted crossed row where a key is absent (its own test). At most 20
 * rows per key are answered.
 */
export async function crossCompanyReferences(
  database: Database,
  opts: { schema?: string } = {},
): Promise<CrossedReference[]> {
  const schema = opts.schema ?? 'public';
  const cols = (rel: string, keys: string) =>
    `array(select a.attname::text from unnest(${keys}) with ordinality k(n, i)
       join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.n order by k.i)`;
  const links = (
    await database.executeSql(
      `select con.conname as "constraint", c.relname as "table", f.relname as referenced,
         ${cols('con.conrelid', 'con.conkey')} as columns, ${cols('con.confrelid', 'con.confkey')} as "refColumns"
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_class f on f.oid = con.confrelid
       where con.contype = 'f' and c.relnamespace = $1::regnamespace
         and exists (select 1 from pg_attribute a where a.attrelid = con.conrelid and a.attname = 'azienda_id' and not a.attisdropped)
         and exists (select 1 from pg_attribute a where a.attrelid = con.confrelid and a.attname = 'azienda_id' and not a.attisdropped)
       order by 2, 1`,
      [schema],
    )
  ).rows as LinkRow[];
  const found: CrossedReference[] = [];
  for (const link of links) {
    // The link proper: the key's columns other than the company's (a composite key pairs azienda_id with
    // azienda_id; joining on the rest finds a row of any company with that id).
    const pairs = link.columns
      .map((c, i) => [c, link.refColumns[i]!] as const)
      .filter(([c, r]) => !(c === 'azienda_id' && r === 'azienda_id'));
    if (pairs.length === 0) continue;
    const on = pairs.map(([c, r]) => `t.${ident(r)} = r.${ident(c)}`).join(' and ');
    const rows = (
      await database.executeSql(
        `select r.azienda_id as company, t.azienda_id as "referencedCompany",
           json_build_array(${pairs.map(([c]) => `r.${ident(c)}`).join(', ')}) as "values"
         from ${ident(schema)}.${ident(link.table)} r
         join ${ident(schema)}.${ident(link.referenced)} t on ${on}
         where t.azienda_id is distinct from r.azienda_id
         limit 20`,
      )
    ).rows as { company: string; referencedCompany: string; values: unknown[] }[];
    for (const r of rows) {
      found.push({
        constraint: link.constraint,
        table: link.table,
        columns: pairs.map(([c]) => c),
        values: r.values,
        company: r.company,
        referencedTable: link.referenced,
        referencedCompany: r.referencedCompany,
      });
    }
  }
  return found;
}
