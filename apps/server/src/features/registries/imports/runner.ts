import {
  forbiddenCharacter,
  IMPORT_FIELDS,
  validateImportRow,
  withoutForbiddenCharacters,
  type ColumnMapping,
  type RowError,
} from '@fs/contract';
import type { Deps } from '../../../platform/deps.js';
import { readRecords } from './csv.js';
import * as repo from './repo.js';
import type { ValidRow } from '../../../platform/db/bulk-upsert.js';
import { wakeDispatcher } from '../../../platform/events/outbox.js';
import { TARGETS } from './targets.js';
import { csvCellValue } from '../../../platform/http/csv-cell.js';

class Abandoned extends Error {}

/** Rows written per transaction. */
export const BATCH_ROWS = 1000;

/** The mapped cells of a row, by field name (columns beyond the row's end read as empty). */
export function cellsToRaw(cells: string[], mapping: ColumnMapping[]): Record<string, string> {
  const raw: Record<string, string> = {};
  // A cell the product's exports neutralised against formulas ('=..., '+39...) is read as typed.
  for (const m of mapping) raw[m.field] = csvCellValue(cells[m.column] ?? '');
  return raw;
}

/** The row as kept among the rejected ones: a character no text may hold (NUL: text columns refuse it) shown as U+FFFD. */
function storable(cells: string[]): string[] {
  return cells.some((c) => forbiddenCharacter(c)) ? cells.map((c) => withoutForbiddenCharacters(c, '\uFFFD')) : cells;
}

/**
 * The import job: streams the stored file again, validates each row with the
 * form's rules and writes batches of BATCH_ROWS rows, each in one transaction
 * together with its rejected rows and the progress counters. A job restarted
 * after a crash skips the rows already committed. Any failure ends the import
 * as `failed` with its reason; committed batches stay.
 */
export async function runImport(deps: Deps, aziendaId: string, importId: string): Promise<void> {
  const imp = await repo.findImport(deps.db, aziendaId, importId);
  if (!imp || (imp.stato !== 'queued' && imp.stato !== 'running') || !imp.storageKey || !imp.mapping) return;
  const target = TARGETS[imp.tabella];
  const fields = IMPORT_FIELDS[imp.tabella];
  const mapping = imp.mapping;
  const alreadyCommitted = imp.righeLette;
  await repo.markRunning(deps.db, aziendaId, importId);
  let bytes = imp.bytesLetti;
  // The sign of life that tells a slow run from a dead one (repo.failDeadRuns).
  let alive = true;
  const heartbeat = setInterval(
    () => {
      repo.beat(deps.db, aziendaId, importId).then(
        (running) => {
          alive &&= running;
        },
        (err: unknown) => deps.log.warn({ err, importId }, 'import heartbeat not written'),
      );
    },
    Math.max(500, (deps.config.IMPORT_STALE_SEC * 1000) / 6),
  );
  try {
    const { decoder, records } = readRecords(await deps.storage.get(imp.storageKey), imp.encoding, imp.separatore);
    let seen = 0;
    let first = true;
    let valid: ValidRow[] = [];
    let invalid: repo.Rejected[] = [];
    const flush = async () => {
      if (valid.length + invalid.length === 0) return;
      const batchValid = valid;
      const batchInvalid = invalid;
      valid = [];
      invalid = [];
      bytes = Math.max(bytes, decoder.bytes);
      const events = await deps.db.transaction(async (tx) => {
        const r = await target.upsert(tx, aziendaId, batchValid);
        const rejected = [
          ...batchInvalid,
          ...r.rejected.map((x) => ({ riga: x.row.riga, errori: x.errors, valori: storable(x.row.cells) })),
        ];
        await repo.insertRejected(tx, aziendaId, importId, rejected);
        const running = await repo.addProgress(tx, aziendaId, importId, {
          righe: batchValid.length + batchInvalid.length,
          creati: r.created,
          aggiornati: r.updated,
          scartati: rejected.length,
          bytes,
        });
        // Declared dead meanwhile (a stall longer than IMPORT_STALE_SEC): this batch is undone.
        if (!running) throw new Abandoned();
        return r.events ?? 0;
      });
      // The batch announced its records (customer.created, ...): delivered now rather than at the minute's sweep.
      if (events) await wakeDispatcher(deps);
    };
    for await (const rec of records) {
      if (!alive) throw new Abandoned();
      if (first && imp.intestazione) {
        first = false;
        continue;
      }
      first = false;
      seen += 1;
      if (seen <= alreadyCommitted) continue;
      const { value, errors } = validateImportRow(fields, cellsToRaw(rec.cells, mapping));
      if (errors.length > 0)
        invalid.push({ riga: rec.line, errori: errors as RowError[], valori: storable(rec.cells) });
      else valid.push({ riga: rec.line, cells: rec.cells, value });
      if (valid.length + invalid.length >= BATCH_ROWS) await flush();
    }
    await flush();
    await repo.finish(deps.db, aziendaId, importId, { stato: 'completed', bytes: imp.size });
  } catch (err) {
    if (err instanceof Abandoned) {
      deps.log.warn({ importId }, 'import abandoned: it was declared dead while it ran');
      return;
    }
    deps.log.warn({ err, importId }, 'import failed');
    // A malformed file says where; anything else is logged and reported without internals.
    const csvError =
      typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('CSV_');
    const message = csvError
      ? `File CSV non valido: ${(err as Error).message}`
      : 'Errore interno durante la scrittura di un lotto di righe';
    await repo.finish(deps.db, aziendaId, importId, { stato: 'failed', errore: message.slice(0, 1000) });
  } finally {
    clearInterval(heartbeat);
  }
  await deps.storage.remove(imp.storageKey).catch((err) => deps.log.warn({ err }, 'import file not removed'));
}
