import { sql, type SQL } from 'drizzle-orm';
import type { ImportValue, RowError } from '@fs/contract';
import { AppError } from '../errors.js';
import type { Tx } from './client.js';
import { codeKey } from '../duplicates.js';

export interface ValidRow {
  riga: number;
  cells: string[];
  value: Record<string, ImportValue>;
}

export interface UpsertResult {
  created: number;
  updated: number;
  /** Events the batch wrote to the outbox (`TableSpec.announce`): the dispatcher is woken after the commit. */
  events?: number;
  rejected: { row: ValidRow; errors: RowError[] }[];
}

export interface ImportTarget {
  upsert(tx: Tx, aziendaId: string, rows: ValidRow[]): Promise<UpsertResult>;
}

/** How an import field lands in its table: the column and its SQL type. */
export interface ColumnSpec {
  column: string;
  type: 'text' | 'numeric';
}

export interface TableSpec {
  table: string;
  columns: Record<string, ColumnSpec>;
  /** Fields that identify an existing record (same value → overwrite), compared as codes (case and spaces aside). */
  keys: string[];
  /**
   * For a row with no key value at all: the fields that identify it instead (the customers' name,
   * address and city), compared folded (case, accents and spaces aside). A re-imported file then
   * updates the records it made rather than making them again; a row matching two records is
   * rejected as ambiguous.
   */
  fallback?: string[];
  /** A field new records get when the file leaves it empty (the customers' registry id), `n` at a time. */
  generated?: { field: string; values(tx: Tx, aziendaId: string, n: number): Promise<string[]> };
  /** A timestamp column set to now() on update. */
  touch?: string;
  /** Extra condition on existing rows (e.g. not deleted). */
  liveCondition?: string;
  /** Records the company may hold; null means no limit. */
  allowed(tx: Tx, aziendaId: string): Promise<number | null>;
  /** Records the company holds now (what the limit counts). */
  counted(tx: Tx, aziendaId: string): Promise<number>;
  /**
   * The owning feature's limit rule, the one its manual save applies: throws an AppError when a
   * company holding `used` of `allowed` records may not save (`adding` 0) or add `adding` more.
   */
  assertRoom(used: number, allowed: number, adding: number): void;
  /** Serialises the batch with the manual saves' limit check. */
  lock(tx: Tx, aziendaId: string): Promise<void>;
  /**
   * Columns that lose their value when one of the `when` columns changes on an update
   * (e.g. a customer's coordinates when its address changes), as the manual save does.
   */
  dependents?: { when: string[]; clear: string[] }[];
  /**
   * The owning feature's events for the records the batch created and updated, written in the batch's
   * transaction: `columns` are read back from the written rows (with `id`), `write` answers how many events.
   */
  announce?: {
    columns: string[];
    write(
      tx: Tx,
      aziendaId: string,
      created: Record<string, unknown>[],
      updated: Record<string, unknown>[],
    ): Promise<number>;
  };
}

/** The rows of a raw statement (node-postgres and PGlite answer them alike, under `rows`). */
const rowsOf = (r: unknown): Record<string, unknown>[] =>
  ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[])) as Record<string, unknown>[];

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);

/**
 * Bulk upsert of one batch: one query finds the existing records sharing a key,
 * rows are matched in order (a later row of the file overwrites an earlier one),
 * then one INSERT ... SELECT and one UPDATE ... FROM over jsonb_to_recordset.
 * A row matching two different records is rejected; new records past the
 * plan's limit are rejected with 0006. Empty cells leave stored values as they are.
 */
export function bulkTarget(spec: TableSpec): ImportTarget {
  return {
    async upsert(tx, aziendaId, rows) {
      const result: UpsertResult = { created: 0, updated: 0, rejected: [] };
      if (rows.length === 0) return result;
      await spec.lock(tx, aziendaId);
      const mapped = Object.keys(spec.columns).filter((f) => f in rows[0]!.value);
      const keys = spec.keys.filter((k) => mapped.includes(k));

      // Existing records sharing any key value.
      const byKey = new Map<string, Map<string, string>>(keys.map((k) => [k, new Map()]));
      if (keys.length > 0) {
        const conds = keys.map((k) => {
          const vals = [...new Set(rows.map((r) => r.value[k]).filter((v): v is string => !!v))];
          return sql`fs_key(${ident(spec.columns[k]!.column)}) in (select fs_key(x) from jsonb_array_elements_text(${JSON.stringify(vals)}::jsonb) as x)`;
        });
        const found = await tx.execute(sql`
          select id::text as id, ${sql.join(
            keys.map((k) => sql`${ident(spec.columns[k]!.column)}::text as ${ident(k)}`),
            sql`, `,
          )}
          from ${ident(spec.table)}
          where azienda_id = ${aziendaId} and (${sql.join(conds, sql` or `)})
          ${spec.liveCondition ? sql.raw(`and ${spec.liveCondition}`) : sql``}`);
        for (const r of found.rows as Record<string, string | null>[]) {
          for (const k of keys) if (r[k]) byKey.get(k)!.set(codeKey(r[k]!), r.id!);
        }
      }

      // Rows without any key value: matched on the fallback fields, folded by the database.
      const byFallback = new Map<ValidRow, string[]>();
      const fb = spec.fallback?.filter((f) => mapped.includes(f)) ?? [];
      const keyless = fb.length ? rows.filter((r) => keys.every((k) => !r.value[k])) : [];
      if (keyless.length > 0) {
        const fold = (col: SQL) => sql`fs_fold(regexp_replace(coalesce(${col}, ''), '\\s+', ' ', 'g'))`;
        const found = await tx.execute(sql`
          select v.i, t.id::text as id
          from jsonb_to_recordset(${JSON.stringify(
            keyless.map((r, i) => ({ i, ...Object.fromEntries(fb.map((f) => [f, r.value[f] ?? null])) })),
          )}::jsonb) as v(i int, ${sql.join(
            fb.map((f) => sql`${ident(f)} text`),
            sql`, `,
          )})
          join ${ident(spec.table)} t on t.azienda_id = ${aziendaId}
            and ${sql.join(
              fb.map((f) => sql`${fold(sql`t.${ident(spec.columns[f]!.column)}`)} = ${fold(sql`v.${ident(f)}`)}`),
              sql` and `,
            )}`);
        for (const r of found.rows as { i: number; id: string }[]) {
          const row = keyless[r.i]!;
          byFallback.set(row, [...(byFallback.get(row) ?? []), r.id]);
        }
      }
      const fallbackKey = (row: ValidRow) =>
        fb
          .map((f) =>
            String(row.value[f] ?? '')
              .normalize('NFD')
              .replace(/\p{M}/gu, '')
              .toLowerCase()
              .replace(/\s+/g, ' ')
              .trim(),
          )
          .join('|');
      const newByFallback = new Map<string, string>();

      // Match in file order; a new record gets a provisional id so later rows of the batch update it.
      // Each row counts once: the first row of a new record as created, a row hitting a record as updated.
      const updates = new Map<string, Record<string, ImportValue>>();
      const inserts = new Map<string, { rows: ValidRow[]; value: Record<string, ImportValue> }>();
      let provisional = 0;
      let updatedRows = 0;
      for (const row of rows) {
        const ids = new Set<string>();
        for (const k of keys) {
          const v = row.value[k];
          const id = v ? byKey.get(k)!.get(codeKey(v)) : undefined;
          if (id) ids.add(id);
        }
        const isKeyless = keyless.length > 0 && keys.every((k) => !row.value[k]);
        if (isKeyless) {
          for (const id of byFallback.get(row) ?? []) ids.add(id);
          const earlier = ids.size === 0 ? newByFallback.get(fallbackKey(row)) : undefined;
          if (earlier) ids.add(earlier);
        }
        if (ids.size > 1) {
          result.rejected.push({
            row,
            errors: [
              { field: null, code: 'ambiguous', message: 'I valori chiave indicano record diversi già presenti' },
            ],
          });
          continue;
        }
        const id = [...ids][0] ?? `new:${provisional++}`;
        if (isKeyless && id.startsWith('new:')) newByFallback.set(fallbackKey(row), id);
        const isNew = id.startsWith('new:');
        const pending = isNew ? inserts.get(id) : undefined;
        const merged = { ...((isNew ? pending?.value : updates.get(id)) ?? {}) };
        for (const f of mapped)
          if (row.value[f] !== null || !(f in merged)) merged[f] = row.value[f] ?? merged[f] ?? null;
        if (isNew) inserts.set(id, { rows: [...(pending?.rows ?? []), row], value: merged });
        else updates.set(id, merged);
        if (!isNew || pending) updatedRows += 1;
        for (const k of keys) if (merged[k]) byKey.get(k)!.set(codeKey(merged[k]!), id);
      }

      // Plan limit, the owning feature's rule: a company holding more than it may (slots given up)
      // saves nothing; new records beyond what it may hold are refused (with the rows that repeated them).
      let newRows = [...inserts.values()];
      const allowed = await spec.allowed(tx, aziendaId);
      const used = allowed === null ? 0 : await spec.counted(tx, aziendaId);
      const frozen = allowed === null ? undefined : refusal(() => spec.assertRoom(used, allowed, 0));
      if (frozen) {
        result.rejected.push(
          ...rows.filter((r) => !result.rejected.some((x) => x.row === r)).map((row) => ({ row, errors: [frozen] })),
        );
        return result;
      }
      if (allowed !== null && newRows.length > 0) {
        const room = Math.max(0, allowed - used);
        // Refused as once the room is taken: the company then holds all it may.
        const full = refusal(() => spec.assertRoom(allowed, allowed, 1))!;
        for (const n of newRows.slice(room)) {
          updatedRows -= n.rows.length - 1;
          for (const row of n.rows) result.rejected.push({ row, errors: [full] });
        }
        newRows = newRows.slice(0, room);
      }
      result.updated = updatedRows;

      const gen = spec.generated;
      if (gen && newRows.length > 0) {
        const empty = newRows.filter((n) => !n.value[gen.field]);
        const values = await gen.values(tx, aziendaId, empty.length);
        empty.forEach((n, i) => (n.value[gen.field] = values[i]!));
      }
      const fieldsOf = (withGenerated: boolean) =>
        gen && withGenerated && !mapped.includes(gen.field) ? [...mapped, gen.field] : mapped;
      const recordType = (fields: string[], withId: boolean) =>
        sql.join(
          [
            ...(withId ? [sql`id uuid`] : []),
            ...fields.map((f) => sql`${ident(spec.columns[f]!.column)} ${sql.raw(spec.columns[f]!.type)}`),
          ],
          sql`, `,
        );
      const json = (fields: string[], items: { id?: string; value: Record<string, ImportValue> }[]) =>
        JSON.stringify(
          items.map((i) => ({
            ...(i.id ? { id: i.id } : {}),
            ...Object.fromEntries(fields.map((f) => [spec.columns[f]!.column, i.value[f] ?? null])),
          })),
        );

      const announce = spec.announce;
      const returning = (alias: string) =>
        announce
          ? sql` returning ${sql.join(
              ['id', ...announce.columns].map((c) => sql`${sql.raw(alias)}${ident(c)}`),
              sql`, `,
            )}`
          : sql``;
      let created: Record<string, unknown>[] = [];
      let updated: Record<string, unknown>[] = [];
      if (newRows.length > 0) {
        const fields = fieldsOf(true);
        const cols = fields.map((f) => spec.columns[f]!);
        const r = await tx.execute(sql`
          insert into ${ident(spec.table)} (azienda_id, ${sql.join(
            cols.map((c) => ident(c.column)),
            sql`, `,
          )})
          select ${aziendaId}::uuid, ${sql.join(
            cols.map((c) => sql`v.${ident(c.column)}`),
            sql`, `,
          )}
          from jsonb_to_recordset(${json(fields, newRows)}::jsonb) as v(${recordType(fields, false)})${returning('')}`);
        result.created = newRows.length;
        created = rowsOf(r);
      }
      if (updates.size > 0) {
        const cols = mapped.map((f) => spec.columns[f]!);
        const sets: SQL[] = cols.map(
          (c) => sql`${ident(c.column)} = coalesce(v.${ident(c.column)}, t.${ident(c.column)})`,
        );
        for (const d of spec.dependents ?? []) {
          const watched = d.when.filter((w) => cols.some((c) => c.column === w));
          if (watched.length === 0) continue;
          const changed = sql.join(
            watched.map((w) => sql`coalesce(v.${ident(w)}, t.${ident(w)}) is distinct from t.${ident(w)}`),
            sql` or `,
          );
          for (const c of d.clear) sets.push(sql`${ident(c)} = case when ${changed} then null else t.${ident(c)} end`);
        }
        if (spec.touch) sets.push(sql`${ident(spec.touch)} = now()`);
        const r = await tx.execute(sql`
          update ${ident(spec.table)} as t set ${sql.join(sets, sql`, `)}
          from jsonb_to_recordset(${json(
            mapped,
            [...updates].map(([id, value]) => ({ id, value })),
          )}::jsonb) as v(${recordType(mapped, true)})
          where t.id = v.id and t.azienda_id = ${aziendaId}${returning('t.')}`);
        updated = rowsOf(r);
      }
      if (announce) result.events = await announce.write(tx, aziendaId, created, updated);
      return result;
    },
  };
}

/** The error a rule throws, as a row error; undefined when the rule passes. */
function refusal(rule: () => void): RowError | undefined {
  try {
    rule();
    return undefined;
  } catch (e) {
    if (e instanceof AppError) return { field: null, code: e.code, message: e.message };
    throw e;
  }
}
