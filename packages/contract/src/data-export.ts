import { z } from 'zod';

/**
 * Data export (issue 27, decision 0047): the company's data, whole or by entity, as CSV files in a zip
 * or one XLSX workbook, built by a job, kept DATA_EXPORT_KEEP_DAYS days, downloadable by its requester.
 */
export const DATA_EXPORT_ENTITIES = [
  'clienti',
  'impianti',
  'macchinari',
  'articoli',
  'mansioni',
  'rapportini',
  'contratti',
  'appuntamenti',
  'timbrature',
] as const;
export type DataExportEntity = (typeof DATA_EXPORT_ENTITIES)[number];

export const DATA_EXPORT_FORMATS = ['CSV_ZIP', 'XLSX'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a finished export stays downloadable. */
export const DATA_EXPORT_KEEP_DAYS = 7;

export const startDataExportRequest = z
  .object({
    formato: z.enum(DATA_EXPORT_FORMATS),
    entita: z
      .array(z.enum(DATA_EXPORT_ENTITIES))
      .min(1)
      .max(DATA_EXPORT_ENTITIES.length)
      .refine((a) => new Set(a).size === a.length, 'entità ripetuta'),
    includiMedia: z.boolean().default(false),
  })
  .strict();
export type StartDataExportRequest = z.infer<typeof startDataExportRequest>;

export const dataExportSchema = z.object({
  id: z.uuid(),
  formato: z.enum(DATA_EXPORT_FORMATS),
  entita: z.array(z.enum(DATA_EXPORT_ENTITIES)),
  includiMedia: z.boolean(),
  stato: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100. */
  percentuale: z.number().int(),
  /** Rows written so far. */
  righe: z.number().int(),
  fileName: z.string().nullable(),
  /** Bytes of the finished file. */
  size: z.number().int().nullable(),
  errore: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
