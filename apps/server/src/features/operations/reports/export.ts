import {
  dayIn,
  exportHeaders,
  REPORTS_TABLE,
  visibleColumns,
  type ReportsExportQuery,
  type INTERVENTION_TYPES,
} from '@fs/contract';
import { forbidden } from '../../../platform/errors.js';
import { languageOf, type CompanyContext } from '../../../platform/context.js';
import { eachPage } from '../../../platform/lists.js';
import { exportDay, type ExportCell, type TableExport } from '../../../platform/http/table-export.js';
import { reportAccess } from './access.js';
import { listFiltersOf } from './filters.js';
import * as lists from './list-repo.js';

type TipoIntervento = (typeof INTERVENTION_TYPES)[number];

const TIPI: Record<'it' | 'en', Record<TipoIntervento, string>> = {
  it: {
    ordinario: 'Ordinario',
    straordinario: 'Straordinario',
    garanzia: 'In garanzia',
    installazione: 'Installazione',
    sopralluogo: 'Sopralluogo',
  },
  en: {
    ordinario: 'Routine',
    straordinario: 'Extraordinary',
    garanzia: 'Under warranty',
    installazione: 'Installation',
    sopralluogo: 'Inspection',
  },
};

/**
 * GET /rapportini/rapportini/export: the filtered report list as the user sees it (same access:
 * a technician without colleagues' data exports their own; the total's column only with the prices
 * permission, left out otherwise), page by page in the list's order, as CSV or XLSX.
 */
export function exportReports(ctx: CompanyContext, input: ReportsExportQuery): TableExport {
  const { format, sort, dir } = input;
  const visible = new Set<string>(visibleColumns(REPORTS_TABLE, ctx.principal.permissions));
  const columns = input.columns.filter((k) => visible.has(k));
  if (!columns.length) throw forbidden('La colonna chiesta è un prezzo: serve il permesso prezzi');
  const access = reportAccess(ctx);
  const lang = languageOf(ctx)?.toLowerCase() === 'it' ? 'it' : 'en';
  const filters: lists.ListFilters = listFiltersOf(ctx, input);
  async function* rows() {
    for await (const r of eachPage(async (page, size, totale) => {
      const p = await lists.list(ctx.db, ctx.company.id, filters, { page, size, sort, dir, totale });
      return { rows: p.items, total: p.total };
    })) {
      yield columns.map((k): ExportCell => {
        switch (k) {
          case 'numero_assistenza':
            return r.numeroAssistenza;
          case 'data_apertura':
            return exportDay(r.dataApertura);
          case 'stato':
            return r.stato;
          case 'cliente':
            return r.cliente;
          case 'tecnici':
            return r.tecnici;
          case 'tipo_intervento':
            return r.tipoIntervento ? (TIPI[lang][r.tipoIntervento as TipoIntervento] ?? r.tipoIntervento) : null;
          case 'motivazione':
            return r.motivazione;
          case 'totale_ore':
            return Number(r.totaleOre);
          case 'data_chiusura':
            // Closed at an instant: its day on the company's calendar.
            return r.dataChiusura ? exportDay(dayIn(r.dataChiusura, ctx.company.timezone)) : null;
          case 'completato':
            return r.completato ? (lang === 'it' ? 'Sì' : 'Yes') : 'No';
          case 'totale':
            return access.seePrices && r.totale !== null ? Number(r.totale) : null;
        }
      });
    }
  }
  return { format, name: 'interventi', headers: exportHeaders(languageOf(ctx), columns), rows: rows() };
}
