import type { Report } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { forbidden } from '../../../platform/errors.js';
import { exportDay, type TableExport } from '../../../platform/http/table-export.js';
import { reportAccess } from './access.js';
import { contextOf, documentOf, type DaneaDocument } from './danea.js';
import type { PartyRow } from './repo.js';
import { get, visible } from './service.js';

/**
 * The spec's "other" export tool (issue 29, decision 0052): one report as JSON and as CSV, for any system to take,
 * besides the report.completed webhook. The JSON holds the report as read and, with the prices permission, the
 * document the accounting exports send (the same lines and VAT as Danea, FatturaPA, Fatture in Cloud and Mexal); the
 * CSV one row per price line.
 */

const fileSafe = (s: string) => s.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'rapportino';

const party = (p: PartyRow | null) =>
  p && {
    id: p.id,
    codice: p.codice,
    ragione_sociale: p.ragioneSociale,
    partita_iva: p.partitaIva,
    codice_fiscale: p.codiceFiscale,
    indirizzo: p.indirizzo,
    cap: p.cap,
    citta: p.citta,
    provincia: p.provincia,
    nazione: p.nazione,
    email: p.email,
    pec: p.pec,
    codice_destinatario: p.codiceDestinatario,
  };

function documentJson(d: DaneaDocument) {
  return {
    tipo: d.tipo,
    numero: d.numero,
    data: d.data,
    sezionale: d.numbering,
    cliente: party(d.cliente),
    luogo: party(d.luogo),
    commento: d.commento,
    righe: d.righe.map((r) => ({
      voce: r.voce,
      codice: r.code,
      descrizione: r.description,
      quantita: r.qty,
      unita: r.um,
      prezzo_unitario: r.price,
      importo: r.total,
      aliquota_iva: r.vat.aliquota,
      natura_iva: r.vat.natura,
    })),
    totale: d.totale,
  };
}

async function accountingDocument(ctx: CompanyContext, id: string): Promise<DaneaDocument> {
  const r = await visible(ctx.db, ctx, reportAccess(ctx), id);
  return documentOf(ctx.deps, ctx.company.id, await contextOf(ctx.deps, ctx.company.id), r);
}

/** GET /rapportini/export/json/:id. */
export async function reportJson(ctx: CompanyContext, id: string): Promise<{ name: string; body: string }> {
  const rapportino: Report = await get(ctx, id);
  const documento = reportAccess(ctx).seePrices ? documentJson(await accountingDocument(ctx, id)) : null;
  const name = `rapportino-${fileSafe(rapportino.numero_assistenza || id)}.json`;
  return { name, body: JSON.stringify({ formato: 'rapportino/1', rapportino, documento }, null, 2) };
}

const HEADERS = [
  'Numero',
  'Data',
  'Cliente',
  'Partita IVA',
  'Codice fiscale',
  'Voce',
  'Codice',
  'Descrizione',
  'Quantità',
  'Unità',
  'Prezzo unitario',
  'Importo',
  'Aliquota IVA',
  'Natura IVA',
];

/** GET /rapportini/export/csv/:id: needs the prices permission (403), every row is a price line. */
export async function reportCsv(ctx: CompanyContext, id: string): Promise<TableExport> {
  if (!reportAccess(ctx).seePrices) throw forbidden("L'esportazione CSV riporta i prezzi: serve il permesso prezzi");
  const d = await accountingDocument(ctx, id);
  async function* rows() {
    for (const r of d.righe) {
      yield [
        d.numero,
        exportDay(d.data),
        d.cliente.ragioneSociale,
        d.cliente.partitaIva,
        d.cliente.codiceFiscale,
        r.voce,
        r.code,
        r.description,
        Number(r.qty),
        r.um,
        Number(r.price),
        Number(r.total),
        Number(r.vat.aliquota),
        r.vat.natura,
      ];
    }
  }
  return { format: 'csv', name: `rapportino-${fileSafe(d.numero || id)}`, headers: HEADERS, rows: rows() };
}
