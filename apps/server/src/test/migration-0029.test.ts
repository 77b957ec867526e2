import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, seedDemoIfEmpty } from '../demo/seed.js';
import { seedSampleContracts } from '../demo/sample-contracts.js';
import { seedSampleReports } from '../demo/sample-reports.js';
import { seedSampleSchedule } from '../demo/sample-schedule.js';
import { crossCompanyReferences } from './cross-company-references.js';
import { createCompany } from './factories.js';
import { freshDatabase } from './fresh-database.js';
import { startTestApp, type TestApp } from './harness.js';
import type { Database } from '../platform/db/client.js';

/**
 * Migration 0029 (company-scoped keys, decision 0035) on a copy of the demo company: a database migrated
 * to 0028, seeded as the server seeds the demo (with a second company beside it), then migrated. A crossed
 * link makes the migration refuse, naming the table and column, and change nothing; on clean data it keeps
 * every row as it was and leaves no link between company tables without the company in its key.
 */

const OUTBOX_0030_COLUMNS = {
  add: `alter table outbox_events add column seq bigint generated always as identity,
          add column txid xid8 not null default pg_current_xact_id(), add column version integer not null default 1`,
  drop: 'alter table outbox_events drop column seq, drop column txid, drop column version',
};

/** The contracts' announced end (migration 0040), which today's code writes when it saves a contract. */
const CONTRACTS_0040_COLUMNS = {
  add: 'alter table contratti add column fine_annunciata date',
  drop: 'alter table contratti drop column fine_annunciata',
};

/** The report days' customer and the links' closing day (0041), the VAT and invoice counter columns (0042). */
const COLUMNS_0041_0042 = {
  add: [
    'alter table rapportini_giornate add column cliente_id uuid',
    'alter table rapportini_tecnici add column chiuso_giorno date',
    'alter table articoli add column aliquota_iva numeric(5, 2), add column natura_iva text',
    'alter table aziende add column fatturapa_progressivo integer not null default 0',
  ],
  drop: [
    'alter table rapportini_giornate drop column cliente_id',
    'alter table rapportini_tecnici drop column chiuso_giorno',
    'alter table articoli drop column aliquota_iva, drop column natura_iva',
    'alter table aziende drop column fatturapa_progressivo',
  ],
};

/** The subscribers' positions (migration 0030), which a start writes for every subscriber (the webhooks' fan-out). */
const POSITIONS_0030_TABLE = {
  add: `create table event_subscriber_positions (subscriber text primary key, last_txid xid8 not null,
          last_seq bigint not null, failures integer not null default 0, last_error text,
          updated_at timestamp with time zone not null default now())`,
  drop: 'drop table event_subscriber_positions',
};

let fresh: { database: Database; drop(): Promise<void> };
let t: TestApp | undefined;
let demoId: string;
let other: Awaited<ReturnType<typeof createCompany>>;
beforeAll(async () => {
  fresh = await freshDatabase();
  await fresh.database.migrate({ until: '0028_storage_removals' });
  // Today's code writes the outbox's ordering columns (migration 0030) when it closes a report, the contracts'
  // announced end (0040) when it saves one, the subscribers' positions (0030) at start, the report days' customer
  // and the VAT columns (0041, 0042): they are lent to the 0028 schema for the seeding, then taken away again.
  await fresh.database.executeSql(OUTBOX_0030_COLUMNS.add);
  await fresh.database.executeSql(CONTRACTS_0040_COLUMNS.add);
  await fresh.database.executeSql(POSITIONS_0030_TABLE.add);
  for (const q of COLUMNS_0041_0042.add) await fresh.database.executeSql(q);
  t = await startTestApp({}, { database: fresh.database, migrated: false });
  expect(await seedDemoIfEmpty(t.deps.db, { sample: true })).toBe(true);
  const demo = await fresh.database.executeSql('select id from aziende where partita_iva = $1', [DEMO.piva]);
  demoId = (demo.rows[0] as { id: string }).id;
  await seedSampleContracts(t.deps, demoId);
  await seedSampleReports(t.deps, demoId);
  await seedSampleSchedule(t.deps, demoId);
  other = await createCompany(t);
  await t.close();
  t = undefined;
  await fresh.database.executeSql(OUTBOX_0030_COLUMNS.drop);
  await fresh.database.executeSql(CONTRACTS_0040_COLUMNS.drop);
  await fresh.database.executeSql(POSITIONS_0030_TABLE.drop);
  for (const q of COLUMNS_0041_0042.drop) await fresh.database.executeSql(q);
}, 600_000);
afterAll(async () => {
  await t?.close();
  await fresh?.drop();
});

const sql = async (text: string, values?: unknown[]) => (await fresh.database.executeSql(text, values)).rows;

/** Every row of every table of the schema, as a count and a digest per table. */
async function contents(): Promise<Record<string, string>> {
  const tables = await sql(
    `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { relname } of tables as { relname: string }[]) {
    const [r] = await sql(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${relname}" x`,
    );
    out[relname] = `${r.n} ${r.digest}`;
  }
  return out;
}

/** The foreign keys between two company tables that leave azienda_id out (the catalog query of 0029). */
async function linksWithoutCompany(): Promise<string[]> {
  const rows = await sql(`select c.conname from pg_constraint c
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'azienda_id')
      and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'azienda_id')
      and not exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'azienda_id'
                        and a.attnum = any (c.conkey))
    order by 1`);
  return rows.map((r) => r.conname as string);
}

const applied = async () => (await sql('select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n as number;

describe('migration 0029 on a copy of the demo company', () => {
  it('refuses while a row links another company, naming table and column, and changes nothing', async () => {
    expect((await linksWithoutCompany()).length).toBe(33);
    // A user of the demo company in the other company's permission group: possible before 0029.
    const [group] = await sql(`insert into gruppi (azienda_id, name) values ($1, 'Esterni') returning id`, [
      other.company.id,
    ]);
    const [user] = await sql(`select id from utenti where azienda_id = $1 and username = 'mario.rossi'`, [demoId]);
    await sql('update utenti set gruppo_id = $1 where id = $2', [group.id, user.id]);
    expect(await crossCompanyReferences(fresh.database)).toEqual([
      {
        constraint: 'utenti_gruppo_id_gruppi_id_fk',
        table: 'utenti',
        columns: ['gruppo_id'],
        values: [group.id],
        company: demoId,
        referencedTable: 'gruppi',
        referencedCompany: other.company.id,
      },
    ]);
    const before = await contents();
    const migrations = await applied();

    const refused = await fresh.database.migrate({ until: '0029_company_keys' }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(refused).toBeInstanceOf(Error);
    const message = `${refused!.message} ${String((refused as { cause?: { message?: string } }).cause?.message)}`;
    expect(message).toMatch(
      /migration 0029: utenti\.gruppo_id links 1 row\(s\) of "gruppi" belonging to another company/,
    );
    expect(await applied()).toBe(migrations);
    expect(await contents()).toEqual(before);
    expect((await linksWithoutCompany()).length).toBe(33);

    await sql('update utenti set gruppo_id = null where id = $1', [user.id]);
    await sql('delete from gruppi where id = $1', [group.id]);
  });

  it('keeps every row of the demo data and puts the company in every key', async () => {
    const [reports] = await sql('select count(*)::int as n from rapportini where azienda_id = $1', [demoId]);
    const [appointments] = await sql('select count(*)::int as n from appuntamenti where azienda_id = $1', [demoId]);
    expect(reports.n).toBeGreaterThan(50);
    expect(appointments.n).toBeGreaterThan(0);
    expect(await crossCompanyReferences(fresh.database)).toEqual([]);
    const before = await contents();
    const migrations = await applied();

    await fresh.database.migrate({ until: '0029_company_keys' });

    expect(await applied()).toBe(migrations + 1);
    expect(await contents()).toEqual(before);
    expect(await linksWithoutCompany()).toEqual([]);
    expect(await crossCompanyReferences(fresh.database)).toEqual([]);
    // The keys hold: the demo's report cannot take the other company's customer as its billing customer.
    const [customer] = await sql(
      `insert into clienti (azienda_id, ragione_sociale) values ($1, 'Altro') returning id`,
      [other.company.id],
    );
    const crossed = await sql(
      `update rapportini set cliente_fatturazione_id = $1 where id = (select id from rapportini where azienda_id = $2 limit 1)`,
      [customer.id, demoId],
    ).then(
      () => undefined,
      (e: unknown) => e as { code?: string; constraint?: string },
    );
    expect([crossed?.code, crossed?.constraint]).toEqual(['23503', 'rapportini_cliente_fatturazione_fk']);
  });
});
