import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMigrationTag, latestSnapshot, schemaSnapshot, snapshotDifferences } from '../../cli/db-snapshot.js';
import { freshDatabase } from '../../test/fresh-database.js';
import { schemaDifferences, schemaFromCatalog, schemaFromDrizzle } from '../../test/schema-truth.js';
import type { Database } from './client.js';

/**
 * One schema truth (decision 0013): the SQL migrations are what runs, the Drizzle schema is their copy,
 * and the drizzle-kit snapshot is the copy of the copy. An empty database migrated from nothing must have
 * exactly the tables, columns (type, nullability, default), primary keys, indexes, unique keys and foreign
 * keys (with their columns and delete rule) that the schema files declare, and the newest snapshot must
 * describe the schema files.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
let fresh: { database: Database; drop(): Promise<void> };
beforeAll(async () => {
  fresh = await freshDatabase();
  await fresh.database.migrate();
});
afterAll(() => fresh?.drop());

describe('the Drizzle schema and the migrated database', () => {
  it('have the same tables, columns, keys and indexes', async () => {
    const drizzle = schemaFromDrizzle();
    const catalog = await schemaFromCatalog(fresh.database);
    expect(catalog.filter((l) => l.startsWith('table ')).length).toBeGreaterThan(60);
    expect(catalog.filter((l) => l.startsWith('foreign key ')).length).toBeGreaterThan(100);
    expect(schemaDifferences(drizzle, catalog)).toEqual({ onlyInDatabase: [], onlyInDrizzle: [] });
  });

  it('tells a difference when there is one (an index or a key the schema files do not know)', async () => {
    await fresh.database.executeSql('create index schema_truth_probe_idx on clienti (azienda_id, cap)');
    try {
      const d = schemaDifferences(schemaFromDrizzle(), await schemaFromCatalog(fresh.database));
      expect(d.onlyInDatabase).toEqual(['index schema_truth_probe_idx on clienti btree (azienda_id, cap)']);
      expect(d.onlyInDrizzle).toEqual([]);
    } finally {
      await fresh.database.executeSql('drop index schema_truth_probe_idx');
    }
    await fresh.database.executeSql('alter table rapportini drop constraint rapportini_contratto_fk');
    await fresh.database.executeSql(
      'alter table rapportini add constraint rapportini_contratto_fk foreign key (contratto_id) references contratti (id) on delete set null',
    );
    const d = schemaDifferences(schemaFromDrizzle(), await schemaFromCatalog(fresh.database));
    expect(d).toEqual({
      onlyInDatabase: [
        'foreign key rapportini_contratto_fk: rapportini (contratto_id) -> contratti (id) on delete set null',
      ],
      onlyInDrizzle: [
        'foreign key rapportini_contratto_fk: rapportini (azienda_id, contratto_id) -> contratti (azienda_id, id) on delete set null',
      ],
    });
  });

  it('reads every schema file (all-tables.ts re-exports each one)', () => {
    const files = readdirSync(here).filter((f) => /^schema(-[a-z-]+)?\.ts$/.test(f));
    const index = readFileSync(path.join(here, 'all-tables.ts'), 'utf8');
    for (const f of files) expect(index).toContain(`export * from './${f.replace(/\.ts$/, '.js')}';`);
  });
});

describe('the drizzle-kit snapshot', () => {
  it('is the one of the last migration and describes the schema files (npm run db:snapshot)', () => {
    const { file, snapshot } = latestSnapshot();
    expect(file).toBe(`${lastMigrationTag().slice(0, 4)}_snapshot.json`);
    expect(snapshotDifferences(schemaSnapshot(snapshot.prevId), snapshot)).toEqual([]);
  });
});
