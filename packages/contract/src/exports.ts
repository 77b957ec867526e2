import { z } from 'zod';
import { ARTICLES_TABLE, articlesFiltersSchema } from './articles.js';
import { CUSTOMERS_TABLE, customersFiltersSchema } from './customers.js';
import { searchTerm } from './fields.js';
import { REPORTS_TABLE, reportsAdminQuery } from './reports.js';
import type { TableDef } from './lists.js';

/**
 * Exports of a list (customers, articles) as the user filtered and sorted it, CSV or XLSX:
 * the list's own query (search, filters, sort) without paging, the format, and the columns to
 * write (the ones the table shows; all when omitted), in the user's order.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

function exportQuery<K extends string>(def: TableDef<K>) {
  const keys = def.columns.map((c) => c.key) as [K, ...K[]];
  const sortable = def.columns.filter((c) => c.sortable).map((c) => c.key) as [K, ...K[]];
  return z.object({
    format: z.enum(EXPORT_FORMATS).default('csv'),
    sort: z.enum(sortable).default(def.defaultSort),
    dir: z.enum(['asc', 'desc']).default('asc'),
    q: searchTerm,
    /** Comma-separated column keys of the table. */
    columns: z
      .string()
      .trim()
      .max(1000)
      .optional()
      .transform((v) => (v ? v.split(',').map((c) => c.trim()) : keys))
      .pipe(z.array(z.enum(keys)).min(1)),
  });
}

export const customersExportQuery = exportQuery(CUSTOMERS_TABLE).extend(customersFiltersSchema.shape).strict();
export const articlesExportQuery = exportQuery(ARTICLES_TABLE).extend(articlesFiltersSchema.shape).strict();
/** The reports list's filters (state, customer, technician, contract, completed, open and closing days), newest first by default. */
export const reportsExportQuery = exportQuery(REPORTS_TABLE)
  .extend(
    reportsAdminQuery.pick({
      stato: true,
      cliente_id: true,
      tecnico_id: true,
      contratto_id: true,
      completato: true,
      dal: true,
      al: true,
      chiuso_dal: true,
      chiuso_al: true,
    }).shape,
  )
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .strict();
export type ReportsExportQuery = z.output<typeof reportsExportQuery>;

/** Most reports one FatturaPA invoice gathers (GET /rapportini/export/xml-fatturapa?ids=...). */
export const FATTURAPA_MAX_REPORTS = 100;
/** GET /rapportini/export/xml-fatturapa: the ticked reports' ids, comma-separated (one customer's, closed). */
export const reportsFatturaPaQuery = z
  .object({
    ids: z
      .string()
      .trim()
      .max(40 * FATTURAPA_MAX_REPORTS)
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.uuid()).min(1).max(FATTURAPA_MAX_REPORTS)),
  })
  .strict();
export type ReportsFatturaPaQuery = z.output<typeof reportsFatturaPaQuery>;

/** Most reports one Danea EasyFatt XML file holds (GET /rapportini/export/xml-danea); more answer 400. */
export const DANEA_MAX_REPORTS = 1000;
/** GET /rapportini/export/xml-danea: the report list's filters, search and order, one Document per report. */
export const reportsDaneaQuery = reportsExportQuery.omit({ format: true, columns: true });
export type ReportsDaneaQuery = z.output<typeof reportsDaneaQuery>;

/** Most reports one bulk download (a zip of their PDFs) holds; more answer 400. */
export const BULK_PDF_MAX_REPORTS = 1000;
/**
 * POST /rapportini/rapportini/download-bulk: the ticked reports (`ids`), or, without ids, every report
 * of the list's filters and search, in the list's order.
 */
export const reportsDownloadBulkRequest = reportsDaneaQuery
  .extend({ ids: z.array(z.string().uuid()).min(1).max(BULK_PDF_MAX_REPORTS).optional() })
  .strict();
export type ReportsDownloadBulkRequest = z.output<typeof reportsDownloadBulkRequest>;

/** The exported files' column headers (the web's labels live in its locales; a file is made on the server). */
export const EXPORT_HEADERS: Record<'it' | 'en', Record<string, string>> = {
  it: {
    codice: 'Codice',
    ragione_sociale: 'Ragione sociale',
    partita_iva: 'Partita IVA',
    codice_fiscale: 'Codice fiscale',
    telefono: 'Telefono',
    cellulare: 'Cellulare',
    email: 'Email',
    pec: 'PEC',
    codice_destinatario: 'Codice destinatario SDI',
    indirizzo: 'Indirizzo',
    citta: 'Città',
    provincia: 'Provincia',
    cap: 'CAP',
    km_viaggio: 'Km viaggio',
    ore_viaggio: 'Ore viaggio',
    created_at: 'Creato il',
    riferimento_esterno: 'Riferimento esterno',
    descrizione: 'Descrizione',
    unita_misura: 'Unità di misura',
    prezzo_vendita: 'Prezzo di vendita (€)',
    prezzo_acquisto: 'Prezzo di acquisto (€)',
    aliquota_iva: 'Aliquota IVA %',
    natura_iva: 'Natura IVA',
    note: 'Note',
    numero_assistenza: 'Numero',
    data_apertura: 'Data apertura',
    stato: 'Stato',
    cliente: 'Cliente',
    tecnici: 'Tecnici',
    tipo_intervento: 'Tipo di intervento',
    motivazione: 'Motivazione',
    totale_ore: 'Ore',
    data_chiusura: 'Data chiusura',
    completato: 'Completato',
    totale: 'Totale IVA esclusa',
  },
  en: {
    codice: 'Code',
    ragione_sociale: 'Company name',
    partita_iva: 'VAT number',
    codice_fiscale: 'Tax code',
    telefono: 'Phone',
    cellulare: 'Mobile',
    email: 'Email',
    pec: 'Certified email (PEC)',
    codice_destinatario: 'SDI recipient code',
    indirizzo: 'Address',
    citta: 'City',
    provincia: 'Province',
    cap: 'Postal code',
    km_viaggio: 'Travel km',
    ore_viaggio: 'Travel hours',
    created_at: 'Created on',
    riferimento_esterno: 'External reference',
    descrizione: 'Description',
    unita_misura: 'Unit',
    prezzo_vendita: 'Selling price (€)',
    prezzo_acquisto: 'Purchase price (€)',
    aliquota_iva: 'VAT rate %',
    natura_iva: 'VAT nature',
    note: 'Notes',
    numero_assistenza: 'Number',
    data_apertura: 'Opened',
    stato: 'State',
    cliente: 'Customer',
    tecnici: 'Technicians',
    tipo_intervento: 'Intervention type',
    motivazione: 'Reason',
    totale_ore: 'Hours',
    data_chiusura: 'Closed',
    completato: 'Completed',
    totale: 'Total excluding VAT',
  },
};

/** The headers in the user's language (`lingua`: IT or it Italian, English for the others). */
export function exportHeaders(lingua: string | null | undefined, columns: readonly string[]): string[] {
  const labels = EXPORT_HEADERS[!lingua || lingua.toLowerCase() === 'it' ? 'it' : 'en'];
  return columns.map((c) => labels[c] ?? c);
}
