import { formatDay, isItalianProvince, isValidVatNumber, TAX_REGIME_CODES, type TaxRegime } from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { AppError, forbidden, type FieldProblem } from '../../../platform/errors.js';
import { optionValues } from '../../company/index.js';
import { reportAccess } from './access.js';
import { contextOf, documentOf, type DaneaDocument } from './danea.js';
import { nextProgressive } from './fatturapa-repo.js';
import { fatturaPaFileName, fatturaPaXml, type FpInvoice, type FpLine, type FpParty } from './fatturapa-xml.js';
import * as repo from './repo.js';
import { visible } from './service.js';

/**
 * Closed reports of one billed customer as a FatturaPA 1.2.2 invoice (decision 0050): every report
 * read with the caller's access (404 otherwise), checked (closed, one customer, the fiscal data the
 * schema and the SDI need: 422 listing what is missing), then numbered with the company's counter
 * and written. Nothing is counted or written when a check fails.
 */

export interface FatturaPaFile {
  name: string;
  xml: string;
}

const filled = (v: string | null | undefined): v is string => !!v && v.trim() !== '';
const up = (v: string | null | undefined) => (filled(v) ? v.trim().toUpperCase() : null);

/** The party as the invoice writes it, or the problems that keep it out (field paths under `who`). */
function partyOf(
  p: repo.PartyRow,
  who: 'azienda' | 'cliente',
  problems: FieldProblem[],
): FpParty & { codiceDestinatario: string | null; pec: string | null } {
  const missing = (field: string, message: string) => problems.push({ path: `${who}.${field}`, message });
  const nazione = up(p.nazione) ?? 'IT';
  const italian = nazione === 'IT';
  const partitaIva = filled(p.partitaIva) ? p.partitaIva.replace(/^IT/i, '').replace(/\s/g, '') : null;
  const codiceFiscale = up(p.codiceFiscale)?.replace(/\s/g, '') ?? null;
  if (who === 'azienda' && (!partitaIva || !isValidVatNumber(partitaIva))) missing('partita_iva', 'partita IVA');
  if (who === 'cliente' && !partitaIva && !codiceFiscale) missing('partita_iva', 'partita IVA o codice fiscale');
  if (italian && partitaIva && who === 'cliente' && !isValidVatNumber(partitaIva))
    missing('partita_iva', 'partita IVA valida');
  if (codiceFiscale && !/^[A-Z0-9]{11,16}$/.test(codiceFiscale)) missing('codice_fiscale', 'codice fiscale valido');
  if (!filled(p.ragioneSociale)) missing('ragione_sociale', 'ragione sociale');
  if (!filled(p.indirizzo)) missing('indirizzo', 'indirizzo');
  const cap = p.cap?.trim() ?? '';
  if (italian && !/^\d{5}$/.test(cap)) missing('cap', 'CAP di 5 cifre');
  if (!filled(p.citta)) missing('citta', 'città');
  const provincia = up(p.provincia);
  if (italian && (!provincia || !isItalianProvince(provincia))) missing('provincia', 'provincia (sigla)');
  const codiceDestinatario = up(p.codiceDestinatario);
  const pec = filled(p.pec) ? p.pec.trim() : null;
  // A business (a VAT number) receives through its SDI code or its PEC; a person without either at 0000000.
  if (who === 'cliente' && italian && partitaIva && !codiceDestinatario && !pec)
    missing('codice_destinatario', 'codice destinatario SDI o PEC');
  return {
    denominazione: p.ragioneSociale,
    partitaIva,
    codiceFiscale,
    nazione,
    indirizzo: p.indirizzo ?? '',
    // Abroad the SDI wants five zeros; the city and country say where.
    cap: italian ? cap : '00000',
    comune: p.citta ?? '',
    provincia: italian ? provincia : null,
    codiceDestinatario,
    pec,
  };
}

/** Where the invoice goes: the customer's SDI code (6 characters: a public office, FPA12), its PEC, or abroad. */
function recipientOf(c: ReturnType<typeof partyOf>) {
  if (c.nazione !== 'IT') return { formato: 'FPR12' as const, codiceDestinatario: 'XXXXXXX', pec: null };
  if (c.codiceDestinatario?.length === 6) {
    return { formato: 'FPA12' as const, codiceDestinatario: c.codiceDestinatario, pec: null };
  }
  if (c.codiceDestinatario) return { formato: 'FPR12' as const, codiceDestinatario: c.codiceDestinatario, pec: null };
  return { formato: 'FPR12' as const, codiceDestinatario: '0000000', pec: c.pec };
}

/** The progressive as 5 characters (0-9, A-Z): 60 million files before it wraps. */
export const progressiveCode = (n: number) => (n % 36 ** 5).toString(36).toUpperCase().padStart(5, '0');

function linesOf(docs: DaneaDocument[]): FpLine[] {
  const several = docs.length > 1;
  return docs.flatMap((d) =>
    d.righe.map((r) => ({
      codice: r.code,
      descrizione: several ? `${d.numero} - ${r.description}` : r.description,
      quantita: r.qty,
      unita: r.um,
      prezzo: r.price,
      totale: r.total,
      vat: r.vat,
    })),
  );
}

/**
 * GET /rapportini/export/xml-fatturapa[/:id]: the reports (in order of opening date and number) as one
 * invoice. Needs the prices permission (403), like the Danea file.
 */
export async function fatturaPa(ctx: CompanyContext, ids: string[]): Promise<FatturaPaFile> {
  const access = reportAccess(ctx);
  if (!access.seePrices) throw forbidden('La FatturaPA riporta i prezzi: serve il permesso prezzi');
  const aziendaId = ctx.company.id;
  const reports = [];
  for (const id of ids) reports.push(await visible(ctx.db, ctx, access, id));
  reports.sort(
    (a, b) =>
      a.report.dataApertura.localeCompare(b.report.dataApertura) ||
      (a.report.numeroAssistenza ?? '').localeCompare(b.report.numeroAssistenza ?? ''),
  );
  const open = reports.filter((r) => r.report.stato !== 'CHIUSO').map((r) => r.report.numeroAssistenza ?? r.report.id);
  if (open.length) {
    throw new AppError(
      'FATTURAPA_NOT_INVOICEABLE',
      `Solo i rapportini chiusi vanno in fattura: da chiudere ${open.join(', ')}`,
    );
  }
  const billed = new Set(reports.map((r) => r.report.clienteFatturazioneId ?? r.report.clienteId));
  if (billed.size > 1) {
    throw new AppError(
      'FATTURAPA_NOT_INVOICEABLE',
      `Una fattura è per un solo cliente: i rapportini scelti ne fatturano ${billed.size}`,
    );
  }
  const [dctx, company, [regime, valuta]] = await Promise.all([
    contextOf(ctx.deps, aziendaId),
    repo.companyOf(ctx.db, aziendaId),
    optionValues(ctx.deps, aziendaId, [
      ['fatturapa_regime_fiscale', 'value'],
      ['valuta', 'value'],
    ]),
  ]);
  if (!company) throw new Error(`company ${aziendaId} not found`);
  const docs: DaneaDocument[] = [];
  for (const r of reports) docs.push(await documentOf(ctx.deps, aziendaId, dctx, r));
  const linee = linesOf(docs);
  if (!linee.length) {
    throw new AppError('FATTURAPA_NOT_INVOICEABLE', 'Nessuna riga da fatturare: i rapportini scelti non hanno prezzi');
  }
  const problems: FieldProblem[] = [];
  const cedente = partyOf(company, 'azienda', problems);
  const cessionario = partyOf(docs[0]!.cliente, 'cliente', problems);
  if (problems.length) {
    const list = (who: string) => problems.filter((p) => p.path.startsWith(`${who}.`)).map((p) => p.message);
    const parts = [
      list('azienda').length ? `azienda: ${list('azienda').join(', ')}` : null,
      list('cliente').length ? `cliente ${docs[0]!.cliente.ragioneSociale}: ${list('cliente').join(', ')}` : null,
    ].filter(Boolean);
    throw new AppError('FATTURAPA_MISSING_DATA', `Dati mancanti per la FatturaPA - ${parts.join('; ')}`, problems);
  }
  const progressivo = progressiveCode(await nextProgressive(ctx.db, aziendaId));
  const invoice: FpInvoice = {
    progressivo,
    ...recipientOf(cessionario),
    cedente: {
      ...cedente,
      regime: (TAX_REGIME_CODES as readonly string[]).includes(regime ?? '') ? (regime as TaxRegime) : 'RF01',
    },
    cessionario,
    divisa: valuta || 'EUR',
    data: todayOf(ctx),
    numero: progressivo,
    causali: reports.map((r, i) =>
      [`Rapportino ${docs[i]!.numero} del ${formatDay(docs[i]!.data)}`, r.report.motivazione]
        .filter(filled)
        .join(' - '),
    ),
    linee,
  };
  return { name: fatturaPaFileName(cedente.partitaIva!, progressivo), xml: fatturaPaXml(invoice) };
}
