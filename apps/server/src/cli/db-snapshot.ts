import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson } from 'drizzle-kit/api';
import * as allTables from '../platform/db/all-tables.js';

/**
 * The drizzle-kit snapshot of the Drizzle schema, written as `migrations/meta/<last migration>_snapshot.json`
 * (decision 0013): after a hand-written migration and the matching change to the schema files,
 * `npm run db:snapshot -w apps/server` brings the snapshot up to date, so that `drizzle-kit generate` diffs
 * from the schema as it is. The schema-truth test fails while the snapshot is behind the schema.
 */

export const META = path.join(path.dirname(fileURLToPath(import.meta.url)), '../platform/db/migrations/meta');

type Snapshot = ReturnType<typeof generateDrizzleJson>;

/** The newest snapshot file and its content (drizzle-kit reads the last one in name order). */
export function latestSnapshot(): { file: string; snapshot: Snapshot } {
  const files = readdirSync(META)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort();
  const file = files.at(-1)!;
  return { file, snapshot: JSON.parse(readFileSync(path.join(META, file), 'utf8')) as Snapshot };
}

/** The tag of the last migration in the journal (e.g. `0029_company_keys`). */
export function lastMigrationTag(): string {
  const journal = JSON.parse(readFileSync(path.join(META, '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)!.tag;
}

/** The snapshot of the schema files as they are now (ids left to the caller). */
export function schemaSnapshot(prevId: string): Snapshot {
  return generateDrizzleJson(allTables as Record<string, unknown>, prevId);
}

/** JSON with the keys of every object sorted (the order of the tables follows the order of the imports). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    // A key set to undefined is absent from the written file.
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * What a snapshot says, without its chain ids, per part (each table, the enums, ...): two snapshots that
 * describe the same schema have the same shape.
 */
export function snapshotShape(s: Snapshot): Record<string, string> {
  const { id: _id, prevId: _prev, tables, ...rest } = s;
  const shape: Record<string, string> = {};
  for (const [name, table] of Object.entries(tables)) shape[name] = canonical(table);
  for (const [name, part] of Object.entries(rest)) shape[`(${name})`] = canonical(part);
  return shape;
}

/** The parts (tables, ...) on which two snapshots differ. */
export function snapshotDifferences(a: Snapshot, b: Snapshot): string[] {
  const x = snapshotShape(a);
  const y = snapshotShape(b);
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => x[k] !== y[k]).sort();
}

function main() {
  const { file, snapshot: previous } = latestSnapshot();
  const prefix = lastMigrationTag().slice(0, 4);
  const target = `${prefix}_snapshot.json`;
  // Rewriting the newest snapshot keeps its place in the chain; a new one follows it.
  const prevId = target === file ? previous.prevId : previous.id;
  const next = schemaSnapshot(prevId);
  if (target === file) next.id = previous.id;
  if (snapshotDifferences(next, previous).length === 0) {
    console.log(`${file} is up to date`);
    return;
  }
  writeFileSync(path.join(META, target), JSON.stringify(next, null, 2) + '\n');
  console.log(`wrote ${target}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
