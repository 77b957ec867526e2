import { ARTICLES_TABLE, CUSTOMERS_TABLE, CONTRACTS_TABLE, REPORTS_TABLE, type TableDef } from '@fs/contract';

/**
 * Every table whose columns a user may choose. A feature with a list adds its
 * TableDef here (one line), so `POST /tabelle/preferenza` knows its columns.
 */
export const TABLES: Record<string, TableDef> = {
  [CUSTOMERS_TABLE.name]: CUSTOMERS_TABLE,
  [ARTICLES_TABLE.name]: ARTICLES_TABLE,
  [REPORTS_TABLE.name]: REPORTS_TABLE,
  [CONTRACTS_TABLE.name]: CONTRACTS_TABLE,
};
