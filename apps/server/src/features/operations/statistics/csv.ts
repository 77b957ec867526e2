import { addDays, type StatsRange } from '@fs/contract';
import { languageOf, type CompanyContext } from '../../../platform/context.js';
import { exportDay, type ExportCell, type TableExport } from '../../../platform/http/table-export.js';
import * as repo from './csv-repo.js';
import type { Span } from './daily-repo.js';
import { round2, scopeOf } from './figures.js';

/**
 * The statistics CSV exports (decision 0046): the report days of the range (worked and travel hours, km) and the
 * material lines of the reports opened in the range, streamed a week at a time, a totals row last. `;`, BOM,
 * Italian decimals and DD/MM/YYYY days, text cells neutralised (platform/http/table-export.ts). The net amount
 * column is empty without the prices permission.
 */

type Lang = 'it' | 'en';

const HOURS: Record<Lang, string[]> = {
  it: ['Giorno', 'Rapportino', 'Stato', 'Cliente', 'Tecnico', 'Ore lavoro', 'Ore viaggio', 'Km'],
  en: ['Day', 'Report', 'State', 'Customer', 'Technician', 'Work hours', 'Travel hours', 'Km'],
};
const MATERIALS: Record<Lang, string[]> = {
  it: [
    'Data apertura',
    'Rapportino',
    'Stato',
    'Cliente',
    'Codice',
    'Descrizione',
    'Quantità',
    'Unità',
    'Importo netto (€)',
  ],
  en: ['Opening day', 'Report', 'State', 'Customer', 'Code', 'Description', 'Quantity', 'Unit', 'Net amount (€)'],
};
const TOTAL: Record<Lang, string> = { it: 'Totale', en: 'Total' };

/** The span in windows of a few days, in order. */
function* windowsOf(span: Span): Generator<Span> {
  for (let from = span.from; from <= span.to; from = addDays(from, repo.CSV_WINDOW_DAYS)) {
    const to = addDays(from, repo.CSV_WINDOW_DAYS - 1);
    yield { ...span, from, to: to < span.to ? to : span.to };
  }
}

const langOf = (ctx: CompanyContext): Lang => (languageOf(ctx).toLowerCase() === 'it' ? 'it' : 'en');

/** GET /stats/csv/export-ore-lavoro. */
export function hoursCsv(ctx: CompanyContext, range: StatsRange): TableExport {
  const s = scopeOf(ctx, range);
  const lang = langOf(ctx);
  async function* rows(): AsyncGenerator<ExportCell[]> {
    const total = { ore: 0, viaggio: 0, km: 0 };
    for (const span of windowsOf(s.span)) {
      for (const r of await repo.hoursOf(ctx.db, s.aziendaId, span)) {
        total.ore += Number(r.ore);
        total.viaggio += Number(r.viaggio);
        total.km += Number(r.km);
        yield [
          exportDay(r.giorno),
          r.numero,
          r.stato,
          r.cliente,
          r.tecnico,
          Number(r.ore),
          Number(r.viaggio),
          Number(r.km),
        ];
      }
    }
    yield [TOTAL[lang], null, null, null, null, round2(total.ore), round2(total.viaggio), round2(total.km)];
  }
  return { format: 'csv', name: `ore-lavoro-${range.startDate}-${range.endDate}`, headers: HOURS[lang], rows: rows() };
}

/** GET /stats/csv/export-materiale-lavoro. */
export function materialsCsv(ctx: CompanyContext, range: StatsRange): TableExport {
  const s = scopeOf(ctx, range);
  const lang = langOf(ctx);
  async function* rows(): AsyncGenerator<ExportCell[]> {
    let importo = 0;
    for (const span of windowsOf(s.span)) {
      for (const r of await repo.materialsOf(ctx.db, s.aziendaId, span)) {
        const amount = s.prices && r.importo !== null ? Number(r.importo) : null;
        importo += amount ?? 0;
        yield [
          exportDay(r.apertura),
          r.numero,
          r.stato,
          r.cliente,
          r.codice,
          r.descrizione,
          Number(r.quantita),
          r.unita,
          amount,
        ];
      }
    }
    yield [TOTAL[lang], null, null, null, null, null, null, null, s.prices ? round2(importo) : null];
  }
  return {
    format: 'csv',
    name: `materiale-lavoro-${range.startDate}-${range.endDate}`,
    headers: MATERIALS[lang],
    rows: rows(),
  };
}
