import { AccountingExportError } from './exporter.js';

/** A refusal to retry no sooner than `retryAfterMs` (a rate limit's Retry-After): the export job waits that long. */
export class ExportLaterError extends AccountingExportError {
  constructor(
    message: string,
    code: string,
    readonly retryAfterMs: number,
  ) {
    super(message, code, true);
    this.name = 'ExportLaterError';
  }
}
