import type { ImportStatusItem } from '@fs/contract';
import type { ImportRow } from './repo.js';

export function presentImport(r: ImportRow): ImportStatusItem {
  const done = r.stato === 'completed';
  const pct = r.size > 0 ? Math.floor((100 * r.bytesLetti) / r.size) : 0;
  return {
    id: r.id,
    table: r.tabella,
    status: r.stato,
    fileName: r.fileName,
    size: r.size,
    righeLette: r.righeLette,
    creati: r.creati,
    aggiornati: r.aggiornati,
    scartati: r.scartati,
    // 100 only once the job has finished: the last batch may still be writing when every byte is read.
    percentuale: done ? 100 : Math.min(99, pct),
    errore: r.errore,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
