import { xmlFragment } from '../../../platform/xml.js';
import {
  DANEA_MAX_REPORTS,
  DANEA_DOCUMENT_TYPES,
  type DaneaDocumentType,
  type Prices,
  type ReportsDaneaQuery,
  type PriceLine,
  type VatRate,
} from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError, forbidden } from '../../../platform/errors.js';
import { eachPage } from '../../../platform/lists.js';
import { optionValues } from '../../company/index.js';
import { campiWithRemoved } from '../report-config/service.js';
import type { CampoRow } from '../report-config/repo.js';
import { reportAccess } from './access.js';
import { listFiltersOf } from './filters.js';
import * as lists from './list-repo.js';
import { pricesOf } from './pricing.js';
import * as repo from './repo.js';
import { visible } from './service.js';
import { reportSettings, type ReportSettings } from './settings.js';
import { daneaVat } from './danea-vat.js';
import { articleRate, lineRates, materialRates, vatDefaults, type VatDefaults } from './vat-lines.js';

/**
 * Work reports as a Danea EasyFatt documents file ("Easyfatt-Xml", decision 0024): the root
 * EasyfattDocuments, the company, then one Document per report with its customer and its price
 * lines as Rows, amounts without VAT in dot decimals. Every value goes through xmlbuilder2, so
 * `&`, `<`, quotes and accents are escaped as XML wants.
 */

/** EasyFatt's DocumentType code of each kind of generated document (decision 0024 cites the sources). */
export const DANEA_DOCUMENT_TYPE: Record<DaneaDocumentType, string> = {
  ordine: 'C', // Ordine cliente
  ddt: 'D', // Documento di trasporto
  proforma: 'L', // Fattura pro-forma
  fattura: 'I', // Fattura
  rapporto_intervento: 'G', // Rapporto d'intervento
};

/** The protocol version EasyFatt writes and reads (AppVersion="2"). */
const APP_VERSION = '2';
const CREATOR = 'Gestionale interventi';

const VOCI: Record<PriceLine['voce'], { label: string; um?: string }> = {
  ore: { label: 'Ore di lavoro', um: 'h' },
  ore_viaggio: { label: 'Ore di viaggio', um: 'h' },
  km: { label: 'Km di viaggio', um: 'km' },
  pranzo: { label: 'Pranzo' },
  cena: { label: 'Cena' },
  pernottamento: { label: 'Pernottamento' },
  trasferta: { label: 'Indennità di trasferta' },
  diritto_chiamata: { label: 'Diritto di chiamata' },
  attivita_contratto: { label: 'Attività di contratto' },
  forfait: { label: 'Intervento a forfait' },
  materiale: { label: 'Materiale' },
  campo: { label: 'Campo' },
};

const countryNames = new Intl.DisplayNames(['it'], { type: 'region' });
/** EasyFatt writes the country by name ("Italia"); ours are ISO codes. */
function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const filled = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';

type Node = ReturnType<typeof xmlFragment>;
/** An element with its text, left out when there is no value (EasyFatt then keeps its own). */
function put(node: Node, name: string, value: string | null | undefined) {
  if (filled(value)) node.ele(name).txt(value);
}

/** One line of a document as EasyFatt reads it. */
export interface DaneaRow {
  /** What the line prices (hours, travel hours, km, allowance, material, ...): Mexal's export codes it. */
  voce: PriceLine['voce'];
  code: string | null;
  description: string;
  qty: string;
  um: string | null;
  price: string;
  total: string;
  /** The row's VAT rate (its article's, or the company's default for goods or services; decision 0050). */
  vat: VatRate;
}

export interface DaneaDocument {
  tipo: DaneaDocumentType;
  numero: string;
  data: string;
  numbering: string | null;
  cliente: repo.PartyRow;
  /** The customer the work was done for, when another one is billed. */
  luogo: repo.PartyRow | null;
  commento: string;
  righe: DaneaRow[];
  totale: string;
}

function companyXml(c: repo.PartyRow | undefined): string {
  const f = xmlFragment();
  const co = f.ele('Company');
  if (c) {
    put(co, 'Name', c.ragioneSociale);
    put(co, 'Address', c.indirizzo);
    put(co, 'Postcode', c.cap);
    put(co, 'City', c.citta);
    put(co, 'Province', c.provincia);
    put(co, 'Country', countryName(c.nazione));
    put(co, 'FiscalCode', c.codiceFiscale);
    put(co, 'VatCode', c.partitaIva);
    put(co, 'Tel', c.telefono);
    put(co, 'Email', c.email);
  }
  return f.end({ prettyPrint: true, indent: '  ', offset: 1 });
}

/** One report as a `Document` element (a fragment of the file). */
export function documentXml(d: DaneaDocument): string {
  const f = xmlFragment();
  const doc = f.ele('Document');
  const c = d.cliente;
  put(doc, 'CustomerCode', c.codice);
  put(doc, 'CustomerName', c.ragioneSociale);
  put(doc, 'CustomerAddress', c.indirizzo);
  put(doc, 'CustomerPostcode', c.cap);
  put(doc, 'CustomerCity', c.citta);
  put(doc, 'CustomerProvince', c.provincia);
  put(doc, 'CustomerCountry', countryName(c.nazione));
  put(doc, 'CustomerFiscalCode', c.codiceFiscale);
  put(doc, 'CustomerVatCode', c.partitaIva);
  put(doc, 'CustomerTel', c.telefono);
  put(doc, 'CustomerCellPhone', c.cellulare);
  put(doc, 'CustomerEmail', c.email);
  put(doc, 'CustomerPec', c.pec);
  put(doc, 'CustomerEInvoiceDestCode', c.codiceDestinatario);
  if (d.luogo) {
    put(doc, 'DeliveryName', d.luogo.ragioneSociale);
    put(doc, 'DeliveryAddress', d.luogo.indirizzo);
    put(doc, 'DeliveryPostcode', d.luogo.cap);
    put(doc, 'DeliveryCity', d.luogo.citta);
    put(doc, 'DeliveryProvince', d.luogo.provincia);
    put(doc, 'DeliveryCountry', countryName(d.luogo.nazione));
  }
  put(doc, 'DocumentType', DANEA_DOCUMENT_TYPE[d.tipo]);
  put(doc, 'Date', d.data);
  put(doc, 'Number', d.numero);
  put(doc, 'Numbering', d.numbering);
  put(doc, 'TotalWithoutTax', d.totale);
  doc.ele('PricesIncludeVat').txt('false');
  put(doc, 'InternalComment', d.commento);
  const rows = doc.ele('Rows');
  for (const r of d.righe) {
    const row = rows.ele('Row');
    put(row, 'Code', r.code);
    put(row, 'Description', r.description);
    put(row, 'Qty', r.qty);
    put(row, 'Um', r.um);
    put(row, 'Price', r.price);
    const vat = daneaVat(r.vat);
    row.ele('VatCode', { Perc: vat.perc, Class: vat.class, Description: vat.description }).txt(vat.code);
    put(row, 'Total', r.total);
    row.ele('Stock').txt('false');
  }
  return f.end({ prettyPrint: true, indent: '  ', offset: 2 });
}

/** The whole file, piece by piece: the head with the company, each document, the tail. */
export async function* daneaFile(company: repo.PartyRow | undefined, docs: AsyncIterable<DaneaDocument>) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<EasyfattDocuments AppVersion="${APP_VERSION}" Creator="${CREATOR}">\n`;
  yield `${companyXml(company)}\n`;
  yield '  <Documents>\n';
  for await (const d of docs) yield `${documentXml(d)}\n`;
  yield '  </Documents>\n</EasyfattDocuments>\n';
}

/** The report's price lines as rows: a material keeps its code and unit, a linked field its article's. */
export function rowsOf(
  prezzi: Prices,
  materiali: { codice: string | null; unita: string | null }[],
  campi: Map<string, { codice: string | null; unita: string | null }>,
  rates: VatRate[],
): DaneaRow[] {
  let m = 0;
  return prezzi.righe.map((r, i) => {
    const voce = VOCI[r.voce];
    let code: string | null = null;
    let um = voce.um ?? null;
    let description = r.descrizione ? `${voce.label} - ${r.descrizione}` : voce.label;
    if (r.voce === 'materiale') {
      const line = materiali[m++];
      code = line?.codice ?? null;
      um = line?.unita ?? null;
      description = r.descrizione;
    } else if (r.voce === 'campo') {
      const a = campi.get(r.descrizione);
      code = a?.codice ?? null;
      um = a?.unita ?? null;
      description = r.descrizione;
    }
    return {
      voce: r.voce,
      code,
      description,
      qty: r.quantita,
      um,
      price: r.prezzo_unitario,
      total: r.importo,
      vat: rates[i]!,
    };
  });
}

export interface DaneaContext {
  tipo: DaneaDocumentType;
  numbering: string | null;
  settings: ReportSettings;
  config: CampoRow[];
  /** The linked fields' article code, unit and VAT rate, by field name. */
  campi: Map<string, { codice: string | null; unita: string | null; vat: VatRate | null; linked: true }>;
  customers: Map<string, repo.PartyRow>;
  vat: VatDefaults;
}

export async function contextOf(deps: Deps, aziendaId: string): Promise<DaneaContext> {
  const [[tipo, sezionale], settings, config, vat] = await Promise.all([
    optionValues(deps, aziendaId, [
      ['danea_tipo_documento', 'value'],
      ['integrazione_gestionale', 'sezionale'],
    ]),
    reportSettings(deps, aziendaId),
    campiWithRemoved(deps.db, aziendaId),
    vatDefaults(deps, aziendaId),
  ]);
  const linked = config.filter((c) => c.articoloId);
  const articles = await repo.articlesOf(
    deps.db,
    aziendaId,
    linked.map((c) => c.articoloId!),
  );
  const byId = new Map(articles.map((a) => [a.id, a]));
  return {
    tipo: (DANEA_DOCUMENT_TYPES as readonly string[]).includes(tipo ?? '')
      ? (tipo as DaneaDocumentType)
      : 'rapporto_intervento',
    numbering: filled(sezionale) ? sezionale.trim() : null,
    settings,
    config,
    campi: new Map(
      linked.map((c) => {
        const a = byId.get(c.articoloId!);
        return [
          c.nome,
          { codice: a?.codice ?? null, unita: a?.unitaMisura ?? null, vat: articleRate(a), linked: true as const },
        ];
      }),
    ),
    customers: new Map(),
    vat,
  };
}

async function customerOf(deps: Deps, aziendaId: string, ctx: DaneaContext, id: string): Promise<repo.PartyRow> {
  let c = ctx.customers.get(id);
  if (!c) {
    [c] = await repo.customersOf(deps.db, aziendaId, [id]);
    if (!c) throw new Error(`customer ${id} of a report not found`);
    if (ctx.customers.size > 500) ctx.customers.clear();
    ctx.customers.set(id, c);
  }
  return c;
}

export async function documentOf(
  deps: Deps,
  aziendaId: string,
  ctx: DaneaContext,
  r: repo.ReportWithLines,
): Promise<DaneaDocument> {
  const x = r.report;
  const prezzi = await pricesOf(deps.db, aziendaId, ctx.settings, ctx.config, {
    id: x.id,
    gestione: x.gestionePrezzi ?? null,
    contrattoId: x.contrattoId,
    giornate: r.giornate,
    materiali: r.materiali,
    campi: r.campi,
  });
  const rates = lineRates(
    prezzi,
    r.materiali,
    await materialRates(deps.db, aziendaId, r.materiali),
    ctx.campi,
    ctx.vat,
  );
  const worked = await customerOf(deps, aziendaId, ctx, x.clienteId);
  const billed = x.clienteFatturazioneId ? await customerOf(deps, aziendaId, ctx, x.clienteFatturazioneId) : null;
  const numero = x.numeroAssistenza ?? '';
  return {
    tipo: ctx.tipo,
    numero,
    data: x.dataApertura,
    numbering: ctx.numbering,
    cliente: billed ?? worked,
    luogo: billed && billed.id !== worked.id ? worked : null,
    commento: [`Rapportino ${numero}`, x.motivazione].filter(filled).join(' - '),
    righe: rowsOf(prezzi, r.materiali, ctx.campi, rates),
    totale: prezzi.totale,
  };
}

export interface DaneaExport {
  /** File name with its extension. */
  name: string;
  body: AsyncIterable<string>;
}

const fileSafe = (s: string) => s.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'rapportino';

/** The XML carries prices: reports' readers without the prices permission are refused (403). */
function checkPrices(ctx: CompanyContext) {
  const access = reportAccess(ctx);
  if (!access.seePrices) throw forbidden("L'esportazione EasyFatt riporta i prezzi: serve il permesso prezzi");
  return access;
}

/** GET /rapportini/export/xml-danea/{id}: one report the caller may see (else 404) as a one-document file. */
export async function daneaReport(ctx: CompanyContext, id: string): Promise<DaneaExport> {
  const access = checkPrices(ctx);
  const r = await visible(ctx.db, ctx, access, id);
  const [dctx, company] = await Promise.all([
    contextOf(ctx.deps, ctx.company.id),
    repo.companyOf(ctx.db, ctx.company.id),
  ]);
  const doc = await documentOf(ctx.deps, ctx.company.id, dctx, r);
  async function* one() {
    yield doc;
  }
  return { name: `easyfatt-${fileSafe(doc.numero)}.xml`, body: daneaFile(company, one()) };
}

/**
 * GET /rapportini/export/xml-danea: the filtered report list (the list's access: a technician
 * without colleagues' data gets their own), one Document per report in the list's order, written
 * as each report is read. At most DANEA_MAX_REPORTS: more answer 400 before anything is written.
 */
export async function daneaReports(ctx: CompanyContext, q: ReportsDaneaQuery): Promise<DaneaExport> {
  checkPrices(ctx);
  const aziendaId = ctx.company.id;
  const filters: lists.ListFilters = listFiltersOf(ctx, q);
  const first = await lists.list(ctx.db, aziendaId, filters, { page: 1, size: 1, sort: q.sort, dir: q.dir });
  if (first.total > DANEA_MAX_REPORTS) {
    throw new AppError(
      'VALIDATION',
      `Troppi rapportini per un file EasyFatt (${first.total}): al massimo ${DANEA_MAX_REPORTS}, restringere i filtri`,
    );
  }
  const [dctx, company] = await Promise.all([contextOf(ctx.deps, aziendaId), repo.companyOf(ctx.db, aziendaId)]);
  async function* docs() {
    for await (const row of eachPage(async (page, size, totale) => {
      const p = await lists.list(ctx.db, aziendaId, filters, { page, size, sort: q.sort, dir: q.dir, totale });
      return { rows: p.items, total: p.total };
    })) {
      const r = await repo.findReport(ctx.db, aziendaId, row.id);
      if (r) yield await documentOf(ctx.deps, aziendaId, dctx, r);
    }
  }
  return { name: 'rapportini-easyfatt.xml', body: daneaFile(company, docs()) };
}
