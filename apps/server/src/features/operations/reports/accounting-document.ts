import type { Deps } from '../../../platform/deps.js';
import { contextOf, documentOf, type DaneaDocument } from './danea.js';
import { findReport } from './repo.js';

/**
 * A report as the document an accounting system receives (issue 29): the same lines as the Danea EasyFatt and
 * FatturaPA files (one per worked item at the report's prices, each with its VAT rate: decision 0050), the billed
 * customer, the kind of document the company chose and its numbering section. Read for the company, without a user's
 * access (the export job runs for the company); null when the company has no such report.
 */
export async function accountingDocumentOf(
  deps: Deps,
  aziendaId: string,
  reportId: string,
): Promise<{ document: DaneaDocument; stato: string; completato: boolean } | null> {
  const r = await findReport(deps.db, aziendaId, reportId);
  if (!r) return null;
  const document = await documentOf(deps, aziendaId, await contextOf(deps, aziendaId), r);
  return { document, stato: r.report.stato, completato: !!r.report.completato };
}

export type { DaneaDocument as AccountingDocument, DaneaRow as AccountingLine } from './danea.js';
