import type { CompanyContext } from '../../../../platform/context.js';
import { accountingDocument } from '../../../operations/index.js';
import { AccountingExportError, type AccountingExporter, type ExportedDocument } from '../exporter.js';
import { MexalClient, MexalFailed, MexalRefused } from './client.js';
import { customerCode } from './customer.js';
import { documentBody, MEXAL_DOCUMENTS, numberOfKey, resourceOfKey, serieOf } from './document.js';
import { MexalUnreachable } from './http.js';
import * as repo from './repo.js';
import { connectionOf, httpOptions, refusedMessage } from './service.js';

/**
 * Passepartout Mexal's exporter (issue 29, decision 0052): a completed report becomes a Mexal document for its billed
 * customer (found or created) through the company's WebAPI connection. A connection Mexal refused is never called
 * again: every export stops at once with the refusal until an admin signs in again; a refusal met during an export
 * marks the connection so. With the id an earlier try kept, the document is read back instead of made again.
 */

function notConnected(): never {
  throw new AccountingExportError(
    'Mexal non è collegato: un amministratore deve accedere con utente e password della WebAPI',
    'MEXAL_NOT_CONNECTED',
    false,
  );
}

/** What a Mexal failure means for the export: a network failure or a busy server may pass, a 4xx will not. */
function exportErrorOf(err: MexalUnreachable | MexalFailed): AccountingExportError {
  if (err instanceof MexalUnreachable) return new AccountingExportError(err.message, 'MEXAL_UNAVAILABLE', true);
  const passing = err.status >= 500 || err.status === 408 || err.status === 429;
  return new AccountingExportError(err.message, passing ? 'MEXAL_UNAVAILABLE' : 'MEXAL_REJECTED', passing);
}

async function exportReport(ctx: CompanyContext, reportId: string, earlier: string | null): Promise<ExportedDocument> {
  const aziendaId = ctx.company.id;
  const conn = await connectionOf(ctx.deps, aziendaId);
  if (!conn) notConnected();
  if (conn.row.stato === 'RIFIUTATO') {
    throw new AccountingExportError(conn.row.messaggio ?? refusedMessage('401'), 'MEXAL_LOGIN_REFUSED', false);
  }
  const client = new MexalClient(conn.creds, httpOptions(ctx.deps));
  try {
    if (earlier) {
      const resource = resourceOfKey(earlier);
      const found = resource ? await client.read(resource, earlier) : null;
      if (!found) {
        throw new AccountingExportError(
          `Il documento ${earlier} creato in precedenza non si trova più in Mexal: non ne viene creato un altro`,
          'MEXAL_DOCUMENT_MISSING',
          false,
        );
      }
      return { documentId: earlier, url: null, number: numberOfKey(earlier) };
    }
    const doc = await accountingDocument(ctx.deps, aziendaId, reportId);
    if (!doc) throw new AccountingExportError('Rapportino non trovato', 'REPORT_NOT_FOUND', false);
    if (!doc.righe.length) {
      throw new AccountingExportError('Il rapportino non ha righe con prezzi da inviare', 'MEXAL_NO_LINES', false);
    }
    const serie = serieOf(doc.numbering);
    if (serie === null) {
      throw new AccountingExportError(
        `Il sezionale "${doc.numbering}" non è una serie di Mexal: indica un numero da 1 a 999`,
        'MEXAL_BAD_SERIES',
        false,
      );
    }
    const kind = MEXAL_DOCUMENTS[doc.tipo];
    const codConto = await customerCode(client, doc.cliente);
    const key = await client.create(kind.resource, documentBody(doc, kind, serie, codConto));
    return { documentId: key, url: null, number: numberOfKey(key) };
  } catch (err) {
    if (err instanceof MexalRefused) {
      const messaggio = refusedMessage(err.message);
      await repo.markRefused(ctx.deps.db, aziendaId, messaggio, ctx.clock.now());
      throw new AccountingExportError(messaggio, 'MEXAL_LOGIN_REFUSED', false);
    }
    if (err instanceof MexalUnreachable || err instanceof MexalFailed) throw exportErrorOf(err);
    throw err;
  }
}

export const mexalExporter: AccountingExporter = {
  tool: 'mexal',
  /**
   * Signed in, even when Mexal has since refused the password: the export is then tried and fails at once, without
   * calling Mexal, with the refusal shown on the report (waiting silently would hide why nothing is sent).
   */
  async connected(ctx) {
    return (await repo.findConnection(ctx.db, ctx.company.id)) !== undefined;
  },
  exportReport,
};
