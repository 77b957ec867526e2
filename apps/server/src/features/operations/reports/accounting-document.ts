import type { DbOrTx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { contextOf, documentOf, type DaneaDocument, type DaneaRow } from './danea.js';
import * as repo from './repo.js';

/**
 * A completed report as the accounting exporters take it (issue 29, decision 0051): the same document the Danea
 * EasyFatt export writes (the customer billed, the price lines with their VAT rates, the totals, the numbering
 * section), made once for the whole company's settings. Null: no such report in the company.
 */
export interface AccountingDocument extends DaneaDocument {
  reportId: string;
  completato: boolean;
}

/** One of its lines: a worked item at the report's price, with its VAT rate. */
export type AccountingLine = DaneaRow;

export async function accountingDocument(
  deps: Deps,
  aziendaId: string,
  reportId: string,
): Promise<AccountingDocument | null> {
  const r = await repo.findReport(deps.db, aziendaId, reportId);
  if (!r) return null;
  const dctx = await contextOf(deps, aziendaId);
  const doc = await documentOf(deps, aziendaId, dctx, r);
  return { ...doc, reportId, completato: r.report.completato };
}

/** Which of these reports exist in the company and whether each is completed. */
export async function reportsCompletion(db: DbOrTx, aziendaId: string, ids: string[]) {
  return repo.reportsByIds(db, aziendaId, ids);
}
