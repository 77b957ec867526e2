import { IMPORT_FIELDS, type DataExportEntity, type ImportTable } from '@fs/contract';

/**
 * What each entity of the export writes (decision 0047): one file (a CSV in the zip, a sheet in the
 * workbook) per table, the company's rows only. Customers and articles are written in the CSV
 * import's own format (its field names as headers, in its order, then `id`), so their files
 * re-import unchanged; every other table is written with its columns as stored, less the company id,
 * generated columns, and for users everything but the name fields.
 */
export interface ExportFile {
  /** File name without extension; also the sheet's name (at most 31 characters). */
  name: string;
  table: string;
  /** The import's field order for customers and articles; otherwise every column as stored. */
  importTable?: ImportTable;
  /** Only these columns (when set). */
  only?: readonly string[];
}

const file = (table: string, o: Partial<ExportFile> = {}): ExportFile => ({ name: table, table, ...o });

export const ENTITY_FILES: Record<DataExportEntity, readonly ExportFile[]> = {
  clienti: [file('clienti', { importTable: 'clienti' }), file('clienti_recapiti')],
  impianti: [file('impianti')],
  macchinari: [file('macchinari')],
  articoli: [file('articoli', { importTable: 'articoli' })],
  mansioni: [file('mansioni'), file('controlli')],
  rapportini: [
    file('rapportini'),
    file('rapportini_tecnici'),
    file('rapportini_macchinari'),
    file('rapportini_mansioni'),
    file('rapportini_giornate'),
    file('rapportini_materiali'),
    file('rapportini_controlli'),
    file('campi_personalizzati'),
    file('rapportini_campi'),
  ],
  contratti: [
    file('contratti'),
    file('contratti_impianti'),
    file('contratti_macchinari'),
    file('contratti_mansioni'),
    file('contratti_attivita'),
    file('attivita_date'),
    file('attivita_macchinari'),
    file('attivita_controlli'),
  ],
  appuntamenti: [file('appuntamenti'), file('appuntamenti_tecnici'), file('appuntamenti_macchinari')],
  timbrature: [file('timbrature')],
};

/** The technicians named by reports, appointments and clockings: who they are, never their secrets. */
export const USERS_FILE = file('utenti', { only: ['id', 'username', 'name', 'surname', 'email', 'role', 'status'] });

/** Entities whose rows name users (utente_id, tecnico_id, created_by): the export then adds USERS_FILE. */
const NAMING_USERS: readonly DataExportEntity[] = ['rapportini', 'appuntamenti', 'timbrature', 'contratti'];

/** The files of the chosen entities, in the order of the entity list, users last when needed. */
export function filesOf(entities: readonly DataExportEntity[]): ExportFile[] {
  const files = entities.flatMap((e) => ENTITY_FILES[e]);
  if (entities.some((e) => NAMING_USERS.includes(e))) files.push(USERS_FILE);
  return files;
}

/** The import's field names of a table, in its order (the re-importable files' first headers). */
export const importColumns = (table: ImportTable): string[] => IMPORT_FIELDS[table].map((f) => f.name);

/**
 * Columns that hold prices or amounts: left out for a requester without the prices permission
 * (decision 0032: whoever may not see prices gets none, in a list, a form or an export).
 */
export const PRICE_COLUMN = /prezz|price|costo|importo|sconto|listino|^totale$/;
