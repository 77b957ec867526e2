import type { CompanyContext } from '../../../platform/context.js';

/**
 * What every accounting system the product sends completed reports to implements (issue 29; Fatture in Cloud and
 * Passepartout Mexal). The export job and the report's export state are the same for all of them: the job loads the
 * report, asks the company's chosen tool's exporter for a document, and keeps the answer with the report, so a retry
 * hands the exporter the id of the document an earlier try made and the exporter finds it instead of making another.
 */
export interface ExportedDocument {
  /** The document's id in the accounting system. */
  documentId: string;
  /** Where a user opens it in the accounting system's own web app, if it has one. */
  url: string | null;
  /** The number the accounting system gave it (for the report's export state), if any. */
  number: string | null;
}

export interface AccountingExporter {
  /** The `gestionale` option's value this exporter answers for. */
  tool: string;
  /** Whether the company has signed in to the tool and chosen its company there (the export waits otherwise). */
  connected(ctx: CompanyContext): Promise<boolean>;
  /**
   * Makes the document for one completed report, or finds the one an earlier try made: `earlier` is the id kept with
   * the report from that try, if any. Throws `AccountingExportError` for a refusal the user must see.
   */
  exportReport(ctx: CompanyContext, reportId: string, earlier: string | null): Promise<ExportedDocument>;
}

/**
 * A refusal of the accounting system, or a reason the product cannot send the report: its message is shown on the
 * report. `retryable` is false for what a retry cannot fix by itself (a wrong password, which Mexal locks the user
 * after: never retried automatically; a customer without a VAT number or tax code).
 */
export class AccountingExportError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AccountingExportError';
  }
}
