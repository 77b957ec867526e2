import type { Readable } from 'node:stream';
import { REPORT_CURRENCIES, type ReportCurrency } from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import type { PdfLang } from '../../../platform/pdf/format.js';
import { PDF_IMAGE_TYPES } from '../../../platform/pdf/images.js';
import { loadPdfRenderer } from '../../../platform/pdf/lazy.js';
import { optionValues } from '../../company/index.js';
import type { ContractPdfModel } from './contract-pdf.js';
import * as pdfRepo from './pdf-repo.js';
import { getContract } from './service.js';

/** The contract as a PDF (GET /contratti/contratto/preview-pdf/{id}): made on each request, in the company's PDF language. */

const address = (a: {
  indirizzo: string | null;
  cap: string | null;
  citta: string | null;
  provincia: string | null;
}) => {
  const town = [a.cap, a.citta, a.provincia ? `(${a.provincia})` : null].filter(Boolean).join(' ');
  return [a.indirizzo, town].filter(Boolean).join(', ') || null;
};
const present = (values: (string | null | undefined)[]) => values.filter((v): v is string => !!v && v.trim() !== '');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

export async function contractPdfModel(ctx: CompanyContext, id: string) {
  const aziendaId = ctx.company.id;
  const c = await getContract(ctx, id);
  const [[lingua, valuta], company, customer, attivita] = await Promise.all([
    optionValues(ctx.deps, aziendaId, [
      ['lingua_pdf', 'value'],
      ['valuta', 'value'],
    ]),
    pdfRepo.companyOf(ctx.db, aziendaId),
    pdfRepo.customerOf(ctx.db, aziendaId, c.cliente_id),
    pdfRepo.activitiesOf(ctx.db, aziendaId, id, todayOf(ctx)),
  ]);
  const lang: PdfLang = lingua === 'EN' ? 'EN' : 'IT';
  const vat = lang === 'IT' ? 'P. IVA' : 'VAT no.';
  const taxCode = lang === 'IT' ? 'C.F.' : 'Tax code';
  const model: ContractPdfModel = {
    lang,
    valuta: REPORT_CURRENCIES.includes(valuta as ReportCurrency) ? (valuta as ReportCurrency) : 'EUR',
    azienda: {
      nome: company.ragioneSociale,
      righe: present([
        address(company),
        present([
          `${vat} ${company.partitaIva}`,
          company.codiceFiscale && company.codiceFiscale !== company.partitaIva
            ? `${taxCode} ${company.codiceFiscale}`
            : null,
        ]).join(' – '),
        present([company.telefono ? `Tel. ${company.telefono}` : null, company.mail]).join(' – '),
      ]),
    },
    cliente: {
      nome: customer.ragioneSociale,
      righe: present([
        address(customer),
        customer.partitaIva ? `${vat} ${customer.partitaIva}` : null,
        customer.codiceFiscale && customer.codiceFiscale !== customer.partitaIva
          ? `${taxCode} ${customer.codiceFiscale}`
          : null,
      ]),
    },
    identificativo: c.identificativo,
    descrizione: c.descrizione,
    tipo: c.tipo,
    stato: c.stato,
    dataInizio: c.data_inizio,
    dataFine: c.data_fine,
    dataCessazione: c.data_cessazione,
    motivoCessazione: c.motivo_cessazione,
    rinnovoAutomatico: c.rinnovo_automatico,
    mesiRinnovo: c.mesi_rinnovo,
    dataRinnovo: c.data_rinnovo,
    giorniPreavviso: c.giorni_preavviso_rinnovo,
    ore: c.tipo === 'chiamata' ? { acquistate: c.ore_contratto, usate: c.ore_usate, residue: c.ore_residue } : null,
    impianti: c.impianti.map((p) => p.nome),
    macchinari: c.macchinari.map((m) => ({ nome: m.nome, matricola: m.matricola })),
    mansioni: c.mansioni.map((j) => j.nome),
    prezzi: c.prezzi,
    attivita,
  };
  const format = company.logoType ? PDF_IMAGE_TYPES[company.logoType] : undefined;
  return { model, logo: format && company.logoKey ? { storageKey: company.logoKey, format } : null };
}

/** The file name: "Contratto C-2026-01.pdf" / "Contract C-2026-01.pdf". */
export const contractPdfFilename = (m: ContractPdfModel) =>
  `${m.lang === 'IT' ? 'Contratto' : 'Contract'} ${m.identificativo.replace(/[\\/]/g, '-')}.pdf`;

/** The contract's PDF for a caller of its company (404 otherwise); a logo that cannot be read is left out. */
export async function contractPdf(ctx: CompanyContext, id: string): Promise<{ filename: string; body: Buffer }> {
  const { model, logo } = await contractPdfModel(ctx, id);
  let image: { data: Buffer; format: 'png' | 'jpg' } | null = null;
  if (logo) {
    try {
      image = { data: await readAll(await ctx.deps.storage.get(logo.storageKey)), format: logo.format };
    } catch (err) {
      ctx.deps.log.warn({ err }, 'company logo not readable: contract PDF made without it');
    }
  }
  const [{ createElement, renderPdf }, { ContractPdf, contractPageNumbers }] = await Promise.all([
    loadPdfRenderer(),
    import('./contract-pdf.js'),
  ]);
  const body = await renderPdf(createElement(ContractPdf, { model, logo: image }) as Parameters<typeof renderPdf>[0], {
    pageNumbers: contractPageNumbers(model.lang),
  });
  return { filename: contractPdfFilename(model), body };
}
