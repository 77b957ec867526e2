import { z } from 'zod';
import type { PageKey } from './permissions.js';
import { IMPORT_FIELDS, type ImportField, type ImportTable, IMPORT_TABLES } from './imports-fields.js';

export * from './imports-fields.js';

/**
 * CSV import (spec operations sections 3, 5, 7): GET /imports/mapping-tables,
 * POST /imports/mapping (multipart), POST /imports/import, then progress and report.
 */
export const IMPORT_PERMISSION: Record<ImportTable, PageKey> = {
  clienti: 'anagrafica_clienti',
  articoli: 'anagrafica_articoli',
};

/** Separators on the wire: the character itself; `tab` is accepted for the tab character. */
export const IMPORT_SEPARATORS = [';', ',', '\t'] as const;
export type ImportSeparator = (typeof IMPORT_SEPARATORS)[number];
export function parseSeparator(v: string | undefined): ImportSeparator | null {
  if (v === undefined) return null;
  if (v === 'tab' || v === '\\t') return '\t';
  return (IMPORT_SEPARATORS as readonly string[]).includes(v) ? (v as ImportSeparator) : null;
}

export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const IMPORT_STATUSES = ['mapped', 'queued', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** How many rows the preview shows. */
export const IMPORT_PREVIEW_ROWS = 20;

export const importFieldSchema = z.object({
  name: z.string(),
  required: z.boolean(),
  type: z.enum(['text', 'integer', 'decimal', 'partita_iva', 'codice_fiscale']),
  maxLength: z.number().int(),
  key: z.boolean(),
});

export const mappingTablesResponse = z.object({
  success: z.literal(true),
  items: z.array(
    z.object({ table: z.enum(IMPORT_TABLES), permission: z.string(), fields: z.array(importFieldSchema) }),
  ),
});

export const rowErrorSchema = z.object({
  field: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type RowError = z.infer<typeof rowErrorSchema>;

export const columnMappingSchema = z.object({
  column: z.number().int().min(0).max(499),
  field: z.string().min(1).max(64),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const mappingItemSchema = z.object({
  id: z.string(),
  table: z.enum(IMPORT_TABLES),
  separator: z.enum(IMPORT_SEPARATORS),
  headerInFirstLine: z.boolean(),
  encoding: z.enum(IMPORT_ENCODINGS),
  fileName: z.string(),
  size: z.number().int(),
  columns: z.array(z.object({ index: z.number().int(), name: z.string() })),
  preview: z.array(z.object({ riga: z.number().int(), values: z.array(z.string()), errors: z.array(rowErrorSchema) })),
  mapping: z.array(columnMappingSchema),
});
export type MappingItem = z.infer<typeof mappingItemSchema>;

export const startImportRequest = z
  .object({ id: z.uuid(), mapping: z.array(columnMappingSchema).min(1).max(100) })
  .strict();
export type StartImportRequest = z.infer<typeof startImportRequest>;

export const importStatusSchema = z.object({
  id: z.string(),
  table: z.enum(IMPORT_TABLES),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  size: z.number().int(),
  righeLette: z.number().int(),
  creati: z.number().int(),
  aggiornati: z.number().int(),
  scartati: z.number().int(),
  /** 0..100, from the bytes read; 100 once finished. */
  percentuale: z.number().int(),
  errore: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportStatusItem = z.infer<typeof importStatusSchema>;

export const rejectedRowSchema = z.object({
  riga: z.number().int(),
  errors: z.array(rowErrorSchema),
  values: z.array(z.string()),
});
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

/** Header names are matched to fields case and accents aside, ignoring spaces, dots, dashes and underscores. */
export function normalizeHeader(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Proposes a mapping: each column whose header names a field (or one of its aliases) goes to it, first come first served. */
export function autoMapping(table: ImportTable, headers: string[]): ColumnMapping[] {
  const byName = new Map<string, ImportField>();
  for (const f of IMPORT_FIELDS[table]) {
    for (const alias of [f.name, ...f.aliases]) byName.set(normalizeHeader(alias), f);
  }
  const used = new Set<string>();
  const out: ColumnMapping[] = [];
  headers.forEach((h, column) => {
    const f = byName.get(normalizeHeader(h));
    if (f && !used.has(f.name)) {
      used.add(f.name);
      out.push({ column, field: f.name });
    }
  });
  return out;
}
