import { ARTICOLI_TABLE, CLIENTI_TABLE, CONTRATTI_TABLE, RAPPORTINI_TABLE, type TableDef } from '@fs/contract';

/**
 * Every table whose columns a user may choose. A feature with a list adds its
 * TableDef here (one line), so `POST /tabelle/preferenza` knows its columns.
 */
export const TABLES: Record<string, TableDef> = {
  [CLIENTI_TABLE.name]: CLIENTI_TABLE,
  [ARTICOLI_TABLE.name]: ARTICOLI_TABLE,
  [RAPPORTINI_TABLE.name]: RAPPORTINI_TABLE,
  [CONTRATTI_TABLE.name]: CONTRATTI_TABLE,
};
