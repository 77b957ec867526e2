import { todayOn } from '../../../../platform/clock.js';
import type { CompanyContext } from '../../../../platform/context.js';
import type { Deps } from '../../../../platform/deps.js';
import { accountingDocument, type AccountingDocument } from '../../../operations/index.js';
import { AccountingExportError, type AccountingExporter, type ExportedDocument } from '../exporter.js';
import { ExportLaterError } from '../retry-later.js';
import { fic, ficApis, FicError, type FicApis } from './api.js';
import { session } from './connection.js';
import { cents, FIC_TYPE, issuedDocument, subjectOf, type FicEntity, type FicVatType } from './document.js';

/**
 * The Fatture in Cloud exporter (decision 0051). A report becomes one issued document of the option's type in the
 * chosen FiC company; a retry first looks for the document an earlier try made (by the id kept with the report, else
 * by the internal subject naming the report), so a job killed after FiC answered makes no second one.
 */

type Row = { id?: number; number?: number; numeration?: string; url?: string };

/** Only letters and digits: a VAT number or tax code inside FiC's query string (no quote can close the value). */
const plain = (v: string | null) => (v ? v.replace(/[^A-Za-z0-9]/g, '').toUpperCase() : '');

function asExportError(err: unknown): unknown {
  if (!(err instanceof FicError)) return err;
  const message = `Fatture in Cloud: ${err.message}`;
  if (err.status === 429) return new ExportLaterError(message, 'FIC_RATE_LIMITED', err.retryAfterMs ?? 60_000);
  if (err.status === null || err.status >= 500) return new AccountingExportError(message, 'FIC_UNAVAILABLE', true);
  if (err.status === 401) {
    return new AccountingExportError(`${message}. Ricollegare Fatture in Cloud`, 'FIC_UNAUTHORIZED', false);
  }
  return new AccountingExportError(message, 'FIC_REFUSED', false);
}

const exported = (d: Row): ExportedDocument => ({
  documentId: String(d.id),
  url: d.url ?? null,
  number: d.number === undefined ? null : `${d.number}${d.numeration ?? ''}`,
});

async function findEntity(api: FicApis, companyId: number, doc: AccountingDocument): Promise<FicEntity> {
  const c = doc.cliente;
  const vat = plain(c.partitaIva);
  const tax = plain(c.codiceFiscale);
  if (!vat && !tax) {
    throw new AccountingExportError(
      `Il cliente ${c.ragioneSociale} non ha partita IVA né codice fiscale: completarne l'anagrafica`,
      'CUSTOMER_FISCAL_DATA',
      false,
    );
  }
  for (const q of [vat && `vat_number = '${vat}'`, vat && `vat_number = 'IT${vat}'`, tax && `tax_code = '${tax}'`]) {
    if (!q) continue;
    const found = await fic(() => api.clients.listClients(companyId, undefined, undefined, undefined, 1, 5, q));
    const hit = (found.data ?? []).find((x) => typeof x.id === 'number');
    if (hit) return { id: hit.id!, name: hit.name ?? c.ragioneSociale };
  }
  const created = await fic(() =>
    api.clients.createClient(companyId, {
      data: {
        name: c.ragioneSociale,
        type: 'company',
        ...(vat ? { vat_number: vat } : {}),
        ...(tax ? { tax_code: tax } : {}),
        ...(c.indirizzo ? { address_street: c.indirizzo } : {}),
        ...(c.cap ? { address_postal_code: c.cap } : {}),
        ...(c.citta ? { address_city: c.citta } : {}),
        ...(c.provincia ? { address_province: c.provincia } : {}),
        ...(c.nazione ? { country_iso: c.nazione.toUpperCase() } : {}),
        ...(c.email ? { email: c.email } : {}),
        ...(c.pec ? { certified_email: c.pec } : {}),
        ...(c.codiceDestinatario ? { ei_code: c.codiceDestinatario } : {}),
        ...(c.telefono ? { phone: c.telefono } : {}),
        ...(c.codice ? { code: c.codice } : {}),
      },
    } as never),
  );
  if (typeof created.data?.id !== 'number') throw new FicError('cliente creato senza id', 500);
  return { id: created.data.id, name: created.data.name ?? c.ragioneSociale };
}

async function make(deps: Deps, ctx: CompanyContext, reportId: string, earlier: string | null) {
  const s = await session(deps, ctx.company.id);
  if (!s) {
    throw new AccountingExportError(
      'Fatture in Cloud non collegato o azienda non scelta: collegarlo da Integrazioni esterne → Gestionale',
      'FIC_NOT_CONNECTED',
      true,
    );
  }
  const api = await ficApis(deps.config, s.token);
  if (earlier && /^\d+$/.test(earlier)) {
    try {
      const got = await fic(() => api.documents.getIssuedDocument(s.companyId, Number(earlier)));
      if (got.data?.id) return exported(got.data as Row);
    } catch (err) {
      // Deleted in Fatture in Cloud since: a new one is made (there is no other).
      if (!(err instanceof FicError && err.status === 404)) throw err;
    }
  }
  const doc = await accountingDocument(deps, ctx.company.id, reportId);
  if (!doc) throw new AccountingExportError('Rapportino non trovato', 'REPORT_NOT_FOUND', false);
  if (!doc.completato) {
    throw new AccountingExportError('Solo i rapportini completati vanno al gestionale', 'REPORT_NOT_COMPLETED', false);
  }
  const type = FIC_TYPE[doc.tipo] as never;
  const same = await fic(() =>
    api.documents.listIssuedDocuments(
      s.companyId,
      type,
      undefined,
      undefined,
      undefined,
      1,
      5,
      `subject = '${subjectOf(reportId)}'`,
    ),
  );
  const before = (same.data ?? []).find((d) => typeof d.id === 'number');
  if (before) return exported(before as Row);

  const entity = await findEntity(api, s.companyId, doc);
  const vatTypes = (await fic(() => api.info.listVatTypes(s.companyId))).data ?? [];
  const data = issuedDocument(doc, entity, vatTypes as FicVatType[], todayOn(ctx.clock, ctx.company.timezone));
  const totals = (await fic(() => api.documents.getNewIssuedDocumentTotals(s.companyId, { data } as never))).data;
  if (cents(totals?.amount_net) !== cents(doc.totale)) {
    throw new AccountingExportError(
      `I totali calcolati da Fatture in Cloud (${Number(totals?.amount_net ?? 0).toFixed(2)}) non corrispondono al rapportino (${Number(doc.totale).toFixed(2)})`,
      'FIC_TOTALS',
      false,
    );
  }
  if (data.type === 'invoice' || data.type === 'proforma') {
    data.payments_list = [{ amount: Number(totals?.amount_due ?? 0), due_date: data.date, status: 'not_paid' }];
  }
  const created = await fic(() => api.documents.createIssuedDocument(s.companyId, { data } as never));
  if (!created.data?.id) throw new FicError('documento creato senza id', 500);
  return exported(created.data as Row);
}

export const fattureInCloudExporter: AccountingExporter = {
  tool: 'fattureincloud',
  async connected(ctx) {
    return (await session(ctx.deps, ctx.company.id).catch(() => null)) !== null;
  },
  async exportReport(ctx, reportId, earlier) {
    try {
      return await make(ctx.deps, ctx, reportId, earlier);
    } catch (err) {
      throw asExportError(err);
    }
  },
};
