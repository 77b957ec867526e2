import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CompanyContext } from '../../../platform/context.js';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { PdfLang } from '../../../platform/pdf/format.js';
import { PDF_IMAGE_TYPES } from '../../../platform/pdf/images.js';
import { loadPdfRenderer } from '../../../platform/pdf/lazy.js';
import { optionValues } from '../../company/index.js';
import { findGenerated, storeGenerated } from '../../registries/index.js';
import { campiWithRemoved } from '../report-config/service.js';
import type { CampoRow } from '../report-config/repo.js';
import { reportAccess } from './access.js';
import { campiOf } from './presenter.js';
import { pricesOf } from './pricing.js';
import * as repo from './repo.js';
import type { ReportPdfModel } from './report-pdf.js';
import { visible } from './service.js';
import { pngBytes } from './signature-png.js';
import { technicianSignatures } from './visit-repo.js';
import { reportSettings, type ReportSettings } from './settings.js';

/**
 * The printed report (issue 12, docs/decisions/0023-report-pdf.md). Made on demand and kept as a media
 * file of the report (section `rapportino-pdf`, counted in the storage quota) with the hash of what it
 * shows: the next request serves the stored file while the hash is the same, and makes it again when
 * anything printed changed (the report, the company's data or logo, the PDF language, the prices
 * option, a custom field's print visibility, the layout version below).
 */
export const PDF_LAYOUT_VERSION = 2;
export const PDF_SECTION = 'rapportino-pdf' as const;

const address = (a: {
  indirizzo: string | null;
  cap: string | null;
  citta: string | null;
  provincia: string | null;
}) => {
  const town = [a.cap, a.citta, a.provincia ? `(${a.provincia})` : null].filter(Boolean).join(' ');
  return [a.indirizzo, town].filter(Boolean).join(', ') || null;
};

/**
 * What a report's document is made of: the company's data and options and the record. Read for the
 * company alone: no caller's permission changes what the customer's document shows (decision 0036);
 * whether the caller may have it is checked at the edge (`readReportPdf`).
 */
export interface ReportDocumentSource {
  settings: ReportSettings;
  record: repo.ReportWithLines;
  /** Option lingua_pdf. */
  lingua: string | undefined;
  config: CampoRow[];
  facts: Awaited<ReturnType<typeof repo.documentFacts>>;
  /** The prices, when the company's option rapportini_stampa_prezzi prints them (decision 0023). */
  prezzi: Awaited<ReturnType<typeof pricesOf>> | null;
  /** The technicians' own signatures (utenti.signature, a PNG data URL) by user id. */
  firmeTecnici: Map<string, string>;
}

export async function reportDocumentSource(ctx: CompanyContext, id: string): Promise<ReportDocumentSource> {
  const aziendaId = ctx.company.id;
  const [settings, r, [lingua, stampaPrezzi]] = await Promise.all([
    reportSettings(ctx.deps, aziendaId),
    repo.findReport(ctx.db, aziendaId, id),
    optionValues(ctx.deps, aziendaId, [
      ['lingua_pdf', 'value'],
      ['rapportini_stampa_prezzi', 'enabled'],
    ]),
  ]);
  if (!r) throw notFound('Rapportino');
  const [config, facts] = await Promise.all([
    campiWithRemoved(ctx.db, aziendaId),
    repo.documentFacts(ctx.db, aziendaId, r),
  ]);
  const firmeTecnici = await technicianSignatures(
    ctx.db,
    aziendaId,
    r.tecnici.map((t) => t.id),
  );
  // The PDF is the customer's document: prices follow the company's option, not the viewer's permission.
  const prezzi =
    stampaPrezzi === '1'
      ? await pricesOf(ctx.db, aziendaId, settings, config, {
          id: r.report.id,
          gestione: r.report.gestionePrezzi ?? null,
          contrattoId: r.report.contrattoId,
          giornate: r.giornate,
          materiali: r.materiali,
          campi: r.campi,
        })
      : null;
  return { settings, record: r, lingua, config, facts, prezzi, firmeTecnici };
}

/** A technician's signature as PNG bytes, or null when it is not a PNG that decodes (left out of the PDF). */
function technicianPng(dataUrl: string | undefined): Buffer | null {
  if (!dataUrl) return null;
  try {
    return pngBytes(dataUrl);
  } catch {
    return null;
  }
}

/** The document's content (a pure function of what it prints), and where its logo is. */
export function reportPdfModel(src: ReportDocumentSource) {
  const { settings, record: r, lingua, config, facts, prezzi, firmeTecnici } = src;
  const technicianImages = r.tecnici.map((t) => technicianPng(firmeTecnici.get(t.id)));
  const lang: PdfLang = lingua === 'EN' ? 'EN' : 'IT';
  const x = r.report;
  const a = facts.azienda;
  const vat = lang === 'IT' ? 'P. IVA' : 'VAT no.';
  const taxCode = lang === 'IT' ? 'C.F.' : 'Tax code';
  const model: ReportPdfModel = {
    lang,
    valuta: settings.valuta,
    timeZone: a.timezone,
    azienda: {
      nome: a.ragioneSociale,
      righe: [
        address(a),
        [
          `${vat} ${a.partitaIva}`,
          a.codiceFiscale && a.codiceFiscale !== a.partitaIva ? `${taxCode} ${a.codiceFiscale}` : null,
        ]
          .filter(Boolean)
          .join(' – '),
        [a.telefono ? `Tel. ${a.telefono}` : null, a.mail].filter(Boolean).join(' – '),
      ].filter((v): v is string => !!v),
    },
    logoId: facts.logo && PDF_IMAGE_TYPES[facts.logo.contentType] ? facts.logo.id : null,
    numero: x.numeroAssistenza ?? '',
    stato: x.stato,
    completato: x.completato,
    dataApertura: x.dataApertura,
    dataChiusura: x.dataChiusura?.toISOString() ?? null,
    dataAppuntamento: r.appuntamento?.inizio?.toISOString() ?? null,
    tipoIntervento: x.tipoIntervento,
    motivazione: x.motivazione,
    cliente: {
      nome: facts.cliente.ragioneSociale,
      righe: [
        address(facts.cliente),
        facts.cliente.partitaIva ? `${vat} ${facts.cliente.partitaIva}` : null,
        facts.cliente.codiceFiscale && facts.cliente.codiceFiscale !== facts.cliente.partitaIva
          ? `${taxCode} ${facts.cliente.codiceFiscale}`
          : null,
      ].filter((v): v is string => !!v),
    },
    clienteFatturazione: r.clienteFatturazione,
    impianto: facts.impianto ? { nome: facts.impianto.nome, indirizzo: address(facts.impianto) } : null,
    macchinari: facts.macchinari,
    mansione: r.mansione,
    tecnici: r.tecnici.map((t) => t.nome),
    richiestaIniziale: x.richiestaIniziale,
    giornate: r.giornate.map((g) => ({
      data: g.data,
      tecnico: g.tecnicoNome,
      ore: g.totaleOre,
      km: g.kmViaggio,
      oreViaggio: g.oreViaggio,
      pranzo: g.pranzo === 'S',
      cena: g.cena === 'S',
      pernottamento: g.pernottamento === 'S',
      ritorno: g.ritorno,
    })),
    totaleOre: x.totaleOre,
    materiali: r.materiali.map((m) => ({
      codice: m.codice,
      descrizione: m.descrizione,
      quantita: m.quantita,
      unita: m.unita,
      prezzo: prezzi ? (m.prezzoNetto !== null && m.prezzoNetto !== '' ? m.prezzoNetto : m.importoUnitario) : null,
    })),
    prezzi,
    campi: campiOf(config, r.campi)
      .filter((c) => c.visibilita.stampa && c.valore !== null && c.valore !== '')
      .sort((p, q) => p.ordine - q.ordine)
      .map((c) => ({ nome: c.nome, tipo: c.tipo, posizione: c.posizione, valore: c.valore! })),
    controlli: r.controlli.map((c) => ({ descrizione: c.descrizione, esito: c.esito, note: c.note })),
    allegati: facts.allegati,
    note: x.note,
    firma:
      x.firmaMediaId && x.firmaFirmatario && x.firmaAt
        ? {
            mediaId: x.firmaMediaId,
            firmatario: x.firmaFirmatario,
            firmatoIl: x.firmaAt.toISOString(),
            remoto: x.firmaRemoto,
          }
        : null,
    firmeTecnici: r.tecnici.map((t, i) => ({
      nome: t.nome,
      firma: technicianImages[i] ? createHash('sha256').update(technicianImages[i]).digest('hex') : null,
    })),
  };
  return { model, logo: model.logoId ? facts.logo : null, technicianImages };
}

const hashOf = (model: ReportPdfModel) =>
  createHash('sha256')
    .update(JSON.stringify({ layout: PDF_LAYOUT_VERSION, model }))
    .digest('hex');

/** The file name: "Rapportino 2026-00012.pdf" / "Service report 2026-00012.pdf". */
export const pdfFilename = (model: ReportPdfModel) =>
  `${model.lang === 'IT' ? 'Rapportino' : 'Service report'} ${model.numero.replace(/[\\/]/g, '-') || 'senza numero'}.pdf`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** Renders the document of a model (the logo read from storage; a logo that cannot be read is left out). */
export async function renderReportPdf(
  deps: Deps,
  aziendaId: string,
  model: ReportPdfModel,
  logo: { contentType: string; storageKey: string } | null,
  technicianSignatures: (Buffer | null)[] = [],
): Promise<Buffer> {
  let image: { data: Buffer; format: 'png' | 'jpg' } | null = null;
  const format = logo ? PDF_IMAGE_TYPES[logo.contentType] : undefined;
  if (logo && format) {
    try {
      image = { data: await readAll(await deps.storage.get(logo.storageKey)), format };
    } catch (err) {
      deps.log.warn({ err }, 'company logo not readable: report PDF made without it');
    }
  }
  // The customer's signature: a PNG file of the report (a file that cannot be read leaves the block without it).
  let signature: Buffer | null = null;
  if (model.firma) {
    try {
      const key = await repo.fileKey(deps.db, aziendaId, model.firma.mediaId);
      if (key) signature = await readAll(await deps.storage.get(key));
    } catch (err) {
      deps.log.warn({ err }, 'signature not readable: report PDF made without its image');
    }
  }
  const [{ createElement, renderPdf }, { ReportPdf, reportPageNumbers }] = await Promise.all([
    loadPdfRenderer(),
    import('./report-pdf.js'),
  ]);
  return renderPdf(
    createElement(ReportPdf, { model, logo: image, signature, technicianSignatures }) as Parameters<
      typeof renderPdf
    >[0],
    { pageNumbers: reportPageNumbers(model.lang) },
  );
}

export interface ReportPdfFile {
  /** The stored media file (GET /media/{id}/content), or null when it could not be kept (storage full). */
  media: { id: string } | null;
  filename: string;
  size: number;
  open: () => Promise<Readable>;
}

/**
 * The report's PDF (404 for a report the company does not have): the stored file while what it
 * shows is unchanged, else made again and stored in place of the old one. `keepOrFail`: a PDF that
 * does not fit in the company's storage answers 413 STORAGE_QUOTA_EXCEEDED; otherwise it is answered
 * all the same, not kept. No access check: callers check theirs (`readReportPdf`; the mail job's
 * sender was checked when the mail was queued).
 */
export async function reportPdf(ctx: CompanyContext, id: string, keepOrFail = false): Promise<ReportPdfFile> {
  const aziendaId = ctx.company.id;
  const { model, logo, technicianImages } = reportPdfModel(await reportDocumentSource(ctx, id));
  const hash = hashOf(model);
  const filename = pdfFilename(model);
  const stored = await findGenerated(ctx.db, aziendaId, PDF_SECTION, id);
  if (stored && stored.sourceHash === hash && (await ctx.deps.storage.size(stored.storageKey)) !== null) {
    return {
      media: { id: stored.id },
      filename: stored.filename,
      size: stored.size,
      open: () => ctx.deps.storage.get(stored.storageKey),
    };
  }
  const body = await renderReportPdf(ctx.deps, aziendaId, model, logo, technicianImages);
  let media: ReportPdfFile['media'] = null;
  try {
    media = await storeGenerated(ctx.deps, aziendaId, {
      section: PDF_SECTION,
      ownerId: id,
      filename,
      contentType: 'application/pdf',
      body,
      sourceHash: hash,
      by: userIdOf(ctx.principal),
    });
  } catch (e) {
    if (keepOrFail || !(e instanceof AppError) || e.code !== 'STORAGE_QUOTA_EXCEEDED') throw e;
    ctx.deps.log.warn({ aziendaId, rapportino: id }, 'report PDF not kept: storage quota exceeded');
  }
  return { media, filename, size: body.length, open: async () => Readable.from([body]) };
}

/** The report's PDF for a caller who may read the report (the edge's check: 404 otherwise). */
export async function readReportPdf(ctx: CompanyContext, id: string, keepOrFail = false): Promise<ReportPdfFile> {
  await visible(ctx.db, ctx, reportAccess(ctx), id);
  return reportPdf(ctx, id, keepOrFail);
}
