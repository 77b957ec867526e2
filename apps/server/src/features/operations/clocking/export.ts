import {
  allowanceAmount,
  allowanceDays,
  CLOCKING_EXPORT_MAX_DAYS,
  daysBetween,
  type AllowanceRules,
  type ClockingAnomaly,
} from '@fs/contract';
import { AppError } from '../../../platform/errors.js';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import * as repo from './export-repo.js';
import { anomaliesOf, type AnomalyInput } from './rules.js';
import { clockingSettings } from './settings.js';

/**
 * What both exports write (decision 0045: "the same columns"), as a stream of lines built technician by
 * technician: each record of the range (its day's allowance on the first record of a day that earns it),
 * a line for a day that earns the allowance without any record (a trip's middle day), and the technician's
 * totals. Records are read in batches (export-repo.ts): only one day of one technician is held at a time.
 */

export interface ExportQuery {
  from: string;
  to: string;
  utenteId?: string;
}

export type ClockingLine =
  | {
      kind: 'record';
      tecnico: string;
      row: repo.ExportRecordRow;
      /** The day's allowance (amount), on the first record of a day that earns it. */
      allowance: string | null;
      anomalies: ClockingAnomaly[];
    }
  | { kind: 'allowance'; tecnico: string; giorno: string; allowance: string }
  | {
      kind: 'total';
      tecnico: string;
      lavoroMinuti: number;
      viaggioMinuti: number;
      giorniTrasferta: number;
      importoTrasferte: string;
      anomalie: number;
    };

export interface ClockingExport {
  lines: AsyncIterable<ClockingLine>;
  /** Every day that earns the allowance, by technician (filled as the lines are read: the XLSX's second sheet). */
  allowances: { tecnico: string; giorno: string; importo: string }[];
  rules: AllowanceRules;
  from: string;
  to: string;
}

/** 400 unless `from` ≤ `to` and the range is at most CLOCKING_EXPORT_MAX_DAYS days (both included). */
export function checkRange(q: ExportQuery): void {
  if (q.from > q.to)
    throw new AppError('VALIDATION', 'La data iniziale è successiva a quella finale', [
      { path: 'to', message: 'Deve essere uguale o successiva a from' },
    ]);
  if (daysBetween(q.from, q.to) + 1 > CLOCKING_EXPORT_MAX_DAYS)
    throw new AppError('VALIDATION', `Si esportano al massimo ${CLOCKING_EXPORT_MAX_DAYS} giorni`, [
      { path: 'to', message: `Al massimo ${CLOCKING_EXPORT_MAX_DAYS} giorni dopo from` },
    ]);
}

/** A record as the office's anomalies read it (rules.ts): effective times, calculated minutes. */
const anomalyInput = (r: repo.ExportRecordRow, utenteId: string): AnomalyInput => ({
  id: r.id,
  utenteId,
  giorno: r.giorno,
  start: r.startCorretta ?? r.start,
  end: r.endCorretta ?? r.end,
  minutes: r.minuti,
  staleFix: r.posizioneNonValida,
});

/**
 * The day's anomalies of each record, by the office's rule (rules.ts `anomaliesOf`: the same flags as the lists),
 * over the day's records and the technician's record reaching furthest before them (an overlap across midnight).
 */
function dayAnomalies(
  day: repo.ExportRecordRow[],
  utenteId: string,
  today: string,
  reach: { last: AnomalyInput | null },
): ClockingAnomaly[][] {
  const inputs = day.map((r) => anomalyInput(r, utenteId));
  const found = anomaliesOf(reach.last ? [reach.last, ...inputs] : inputs, today);
  const endOf = (x: AnomalyInput) => x.end?.getTime() ?? Number.POSITIVE_INFINITY;
  for (const x of inputs) if (!reach.last || endOf(x) > endOf(reach.last)) reach.last = x;
  return inputs.map((x) => found.get(x.id) ?? []);
}

/** The export of a range (checked first): the lines are read as they are written. */
export async function clockingExport(ctx: CompanyContext, q: ExportQuery): Promise<ClockingExport> {
  checkRange(q);
  const aziendaId = ctx.company.id;
  const rules = (await clockingSettings(ctx)).allowance;
  const today = todayOf(ctx);
  const allowances: ClockingExport['allowances'] = [];
  const amount = allowanceAmount(1, rules);
  const range = { from: q.from, to: q.to, timeZone: ctx.company.timezone };

  async function* lines(): AsyncGenerator<ClockingLine> {
    const techs = await repo.technicians(ctx.db, aziendaId, q.from, q.to, q.utenteId);
    for (const tech of techs) {
      const legs = await repo.travelLegs(ctx.db, aziendaId, tech.id, q.from, q.to);
      const earning = allowanceDays(legs, rules, q.from, q.to);
      for (const giorno of earning) allowances.push({ tecnico: tech.nome, giorno, importo: amount });
      const total = { lavoro: 0, viaggio: 0, anomalie: 0 };
      let next = 0; // the next earning day not yet written
      const reach: { last: AnomalyInput | null } = { last: null };
      let day: repo.ExportRecordRow[] = [];

      function* flush(): Generator<ClockingLine> {
        const giorno = day[0]?.giorno;
        if (!giorno) return;
        while (next < earning.length && earning[next]! < giorno)
          yield { kind: 'allowance', tecnico: tech.nome, giorno: earning[next++]!, allowance: amount };
        const earns = earning[next] === giorno;
        if (earns) next++;
        const anomalies = dayAnomalies(day, tech.id, today, reach);
        for (const [k, row] of day.entries()) {
          if (row.tipo === 'LAVORO') total.lavoro += row.minuti ?? 0;
          else total.viaggio += row.minuti ?? 0;
          if (anomalies[k]!.length) total.anomalie++;
          yield {
            kind: 'record',
            tecnico: tech.nome,
            row,
            allowance: earns && k === 0 ? amount : null,
            anomalies: anomalies[k]!,
          };
        }
        day = [];
      }

      for await (const row of repo.eachRecord(ctx.db, aziendaId, tech.id, range)) {
        if (day.length && day[0]!.giorno !== row.giorno) yield* flush();
        day.push(row);
      }
      yield* flush();
      while (next < earning.length)
        yield { kind: 'allowance', tecnico: tech.nome, giorno: earning[next++]!, allowance: amount };
      yield {
        kind: 'total',
        tecnico: tech.nome,
        lavoroMinuti: total.lavoro,
        viaggioMinuti: total.viaggio,
        giorniTrasferta: earning.length,
        importoTrasferte: allowanceAmount(earning.length, rules),
        anomalie: total.anomalie,
      };
    }
  }
  return { lines: lines(), allowances, rules, from: q.from, to: q.to };
}
