import type { TestApp } from './harness.js';

/** An outbox row as the tests read it. */
export interface OutboxRow {
  tipo: string;
  aggregate_id: string;
  azienda_id: string;
  payload: Record<string, unknown>;
}

/** The company's events of `tipo` (`contract.*`: of every contract type; every type when omitted), in the outbox's order. */
export async function eventsOf(t: TestApp, aziendaId: string, tipo?: string): Promise<OutboxRow[]> {
  const r = await t.deps.database.executeSql(
    `select tipo, aggregate_id, azienda_id, payload from outbox_events
     where azienda_id = $1 and ($2::text is null or tipo like $2) order by seq`,
    [aziendaId, tipo?.replace('*', '%') ?? null],
  );
  return r.rows as OutboxRow[];
}

/**
 * Makes the commit of a write to `table` fail when its `column` holds `marker`: a deferred constraint trigger
 * fires at commit, after everything the transaction wrote (its events included), so the whole change rolls back.
 */
export async function failCommitOn(t: TestApp, table: string, column: string, marker: string): Promise<void> {
  const name = `fail_${table}_${column}`;
  await t.deps.database.executeSql(`
    create or replace function ${name}() returns trigger language plpgsql as $$
    begin raise exception 'commit refused by the test'; end $$`);
  await t.deps.database.executeSql(`drop trigger if exists ${name} on ${table}`);
  await t.deps.database.executeSql(`
    create constraint trigger ${name} after insert or update on ${table}
    deferrable initially deferred for each row when (new.${column} = '${marker}') execute function ${name}()`);
}
