import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { esportazioni } from '../../../platform/db/schema-data-export.js';

export type ExportRow = typeof esportazioni.$inferSelect;
export type NewExport = typeof esportazioni.$inferInsert;

export async function insertExport(db: DbOrTx, row: NewExport): Promise<ExportRow> {
  const [r] = await db.insert(esportazioni).values(row).returning();
  return r!;
}

export async function findExport(db: DbOrTx, aziendaId: string, id: string): Promise<ExportRow | undefined> {
  const [r] = await db
    .select()
    .from(esportazioni)
    .where(and(eq(esportazioni.aziendaId, aziendaId), eq(esportazioni.id, id)));
  return r;
}

/** A user's exports not yet expired, newest first. */
export async function userExports(db: DbOrTx, aziendaId: string, utenteId: string, now: Date, limit = 20) {
  return db
    .select()
    .from(esportazioni)
    .where(
      and(
        eq(esportazioni.aziendaId, aziendaId),
        eq(esportazioni.utenteId, utenteId),
        sql`${esportazioni.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .orderBy(desc(esportazioni.createdAt))
    .limit(limit);
}

export async function hasActiveExport(db: DbOrTx, aziendaId: string, utenteId: string): Promise<boolean> {
  const r = await db
    .select({ id: esportazioni.id })
    .from(esportazioni)
    .where(
      and(
        eq(esportazioni.aziendaId, aziendaId),
        eq(esportazioni.utenteId, utenteId),
        inArray(esportazioni.stato, ['queued', 'running']),
      ),
    )
    .limit(1);
  return r.length > 0;
}

/** Marks the export running (again, after a restart: its progress starts over). */
export async function markRunning(db: DbOrTx, aziendaId: string, id: string): Promise<void> {
  await db
    .update(esportazioni)
    .set({ stato: 'running', progresso: 0, righe: 0, startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(esportazioni.aziendaId, aziendaId), eq(esportazioni.id, id)));
}

export async function progress(db: DbOrTx, aziendaId: string, id: string, progresso: number, righe: number) {
  await db
    .update(esportazioni)
    .set({ progresso, righe, heartbeatAt: sql`now()` })
    .where(and(eq(esportazioni.aziendaId, aziendaId), eq(esportazioni.id, id)));
}

export async function complete(
  db: DbOrTx,
  aziendaId: string,
  id: string,
  file: { fileName: string; storageKey: string; size: number; righe: number; expiresAt: Date },
) {
  await db
    .update(esportazioni)
    .set({ ...file, stato: 'completed', progresso: 100, finishedAt: sql`now()`, errore: null })
    .where(and(eq(esportazioni.aziendaId, aziendaId), eq(esportazioni.id, id)));
}

export async function fail(db: DbOrTx, aziendaId: string, id: string, errore: string) {
  await db
    .update(esportazioni)
    .set({ stato: 'failed', errore, finishedAt: sql`now()` })
    .where(and(eq(esportazioni.aziendaId, aziendaId), eq(esportazioni.id, id)));
}

/** Running exports whose job stopped beating (its process died): ended as failed. */
export async function failDeadRuns(db: DbOrTx, aziendaId: string, staleSec: number, errore: string) {
  await db
    .update(esportazioni)
    .set({ stato: 'failed', errore, finishedAt: sql`now()` })
    .where(
      and(
        eq(esportazioni.aziendaId, aziendaId),
        eq(esportazioni.stato, 'running'),
        sql`${esportazioni.heartbeatAt} < now() - make_interval(secs => ${staleSec})`,
      ),
    );
}

/** Expired exports of every company, removed; answers their files' keys. */
export async function deleteExpired(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .delete(esportazioni)
    .where(lt(esportazioni.expiresAt, now))
    .returning({ key: esportazioni.storageKey });
  return rows.map((r) => r.key).filter((k): k is string => !!k);
}

// ---- Reading the company's tables, whatever they are (the export's files) ----

export interface TableColumn {
  name: string;
  /** information_schema data_type (`numeric`, `date`, `timestamp with time zone`, `ARRAY`, ...). */
  type: string;
}

/** A table's stored columns in their order (generated columns left out) and its primary key's columns. */
export async function tableShape(db: DbOrTx, table: string): Promise<{ columns: TableColumn[]; key: string[] }> {
  const cols = await db.execute(sql`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`);
  const key = await db.execute(sql`
    select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = to_regclass(${table}) and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`);
  return {
    columns: (cols.rows as unknown as TableColumn[]).map((c) => ({ name: c.name, type: c.type })),
    key: (key.rows as { name: string }[]).map((k) => k.name),
  };
}

export async function countRows(db: DbOrTx, table: string, aziendaId: string): Promise<number> {
  const r = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where azienda_id = ${aziendaId}`,
  );
  return Number((r.rows[0] as { n: number }).n);
}

/** A column as text the export writes: instants in UTC ISO 8601, arrays and JSON as JSON. */
function asText(c: TableColumn): SQL {
  const col = sql.identifier(c.name);
  if (c.type === 'timestamp with time zone')
    return sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  if (c.type === 'ARRAY') return sql`to_json(${col})::text`;
  return sql`${col}::text`;
}

/**
 * One batch of a company's rows in key order after `after` (the last row's key values), each as an
 * array of texts in the columns' order (keyset paging: every batch costs the same, whatever the table's size).
 */
export async function rowsAfter(
  db: DbOrTx,
  table: string,
  aziendaId: string,
  columns: readonly TableColumn[],
  key: readonly string[],
  after: readonly string[] | null,
  limit: number,
): Promise<{ cells: (string | null)[]; key: string[] }[]> {
  const keyCols = sql.join(
    key.map((k) => sql.identifier(k)),
    sql`, `,
  );
  // Aliased by position: a key column is selected twice (as written, and as text for the next batch).
  const select = sql.join(
    [
      ...columns.map((c, i) => sql`${asText(c)} as ${sql.identifier(`c${i}`)}`),
      ...key.map((k, i) => sql`${sql.identifier(k)}::text as ${sql.identifier(`k${i}`)}`),
    ],
    sql`, `,
  );
  const past = after
    ? sql`and (${keyCols}) > (${sql.join(
        after.map((v, i) => sql`cast(${v} as ${sql.raw(keyTypeCast(columns, key[i]!))})`),
        sql`, `,
      )})`
    : sql``;
  const r = await db.execute(
    sql`select ${select} from ${sql.identifier(table)} where azienda_id = ${aziendaId} ${past} order by ${keyCols} limit ${limit}`,
  );
  return (r.rows as Record<string, string | null>[]).map((row) => ({
    cells: columns.map((_, i) => row[`c${i}`] ?? null),
    key: key.map((_, i) => row[`k${i}`] as string),
  }));
}

function keyTypeCast(columns: readonly TableColumn[], name: string): string {
  const t = columns.find((c) => c.name === name)?.type ?? 'text';
  return /^[a-z ]+$/.test(t) ? t : 'text';
}

/** The company's media files in id order after `after`. */
export async function mediaAfter(db: DbOrTx, aziendaId: string, after: string | null, limit: number) {
  const r = await db.execute(sql`
    select id::text as id, section, owner_id, filename, content_type, size::text as size, storage_key
    from media where azienda_id = ${aziendaId} ${after ? sql`and id > ${after}::uuid` : sql``}
    order by id limit ${limit}`);
  return r.rows as {
    id: string;
    section: string;
    owner_id: string;
    filename: string;
    content_type: string;
    size: string;
    storage_key: string;
  }[];
}

export async function countMedia(db: DbOrTx, aziendaId: string): Promise<number> {
  const r = await db.execute(sql`select count(*)::int as n from media where azienda_id = ${aziendaId}`);
  return Number((r.rows[0] as { n: number }).n);
}

/** Where to mail the requester: address, name, language (null when the user is gone or has no address). */
export async function requester(db: DbOrTx, aziendaId: string, utenteId: string) {
  const r = await db.execute(sql`
    select email, coalesce(nullif(trim(concat_ws(' ', name, surname)), ''), username) as name, lingua
    from utenti where azienda_id = ${aziendaId} and id = ${utenteId} and status = 'ACTIVE'`);
  const u = r.rows[0] as { email: string | null; name: string; lingua: string } | undefined;
  return u?.email ? { email: u.email, name: u.name, lingua: u.lingua } : null;
}

/** Every stored file of the company's exports (the storage recalculation keeps them). */
export async function exportKeys(db: DbOrTx, aziendaId: string): Promise<string[]> {
  const r = await db
    .select({ key: esportazioni.storageKey })
    .from(esportazioni)
    .where(and(eq(esportazioni.aziendaId, aziendaId), sql`${esportazioni.storageKey} is not null`));
  return r.map((x) => x.key!);
}

export async function beat(db: DbOrTx, aziendaId: string, id: string): Promise<void> {
  await db
    .update(esportazioni)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(esportazioni.aziendaId, aziendaId), eq(esportazioni.id, id)));
}

export async function companyTimezone(db: DbOrTx, aziendaId: string): Promise<string> {
  const r = await db.execute(sql`select timezone from aziende where id = ${aziendaId}`);
  return (r.rows[0] as { timezone: string } | undefined)?.timezone ?? 'Europe/Rome';
}
