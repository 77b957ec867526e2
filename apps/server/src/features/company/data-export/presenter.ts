import type { DataExport, DataExportEntity } from '@fs/contract';
import type { ExportRow } from './repo.js';

export const presentExport = (r: ExportRow): DataExport => ({
  id: r.id,
  formato: r.formato,
  entita: r.entita as DataExportEntity[],
  includiMedia: r.includeMedia,
  stato: r.stato,
  percentuale: r.progresso,
  righe: r.righe,
  fileName: r.fileName,
  size: r.size,
  errore: r.errore,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt.toISOString(),
});
