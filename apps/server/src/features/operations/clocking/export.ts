import {
  allowanceAmount,
  allowanceDays,
  CLOCKING_EXPORT_MAX_DAYS,
  CLOCKING_LONG_DAY_MINUTES,
  daysBetween,
  type AllowanceRules,
  type ClockingAnomaly,
} from '@fs/contract';
import { AppError } from '../../../platform/errors.js';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import * as repo from './export-repo.js';

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
  timeZone: string;
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

const effectiveEnd = (r: repo.ExportRecordRow) => r.endCorretta ?? r.end;

/** The day's anomalies of each record (decision 0045's list; today's running interval is not one). */
function anomaliesOf(day: repo.ExportRecordRow[], today: string, lastEnd: { at: number }): ClockingAnomaly[][] {
  const dayMinutes = day.reduce((s, r) => s + (r.minuti ?? 0), 0);
  return day.map((r) => {
    const out: ClockingAnomaly[] = [];
    if (r.aperta && r.giorno < today) out.push('APERTA');
    const start = (r.startCorretta ?? r.start).getTime();
    if (start < lastEnd.at) out.push('SOVRAPPOSTA');
    // An interval left open (its own anomaly) does not make every later one overlap.
    const end = effectiveEnd(r);
    if (end) lastEnd.at = Math.max(lastEnd.at, end.getTime());
    if (dayMinutes > CLOCKING_LONG_DAY_MINUTES) out.push('GIORNO_OLTRE_12_ORE');
    if (r.posizioneNonValida) out.push('POSIZIONE_NON_VALIDA');
    return out;
  });
}

/** The export of a range (checked first): the lines are read as they are written. */
export async function clockingExport(ctx: CompanyContext, q: ExportQuery): Promise<ClockingExport> {
  checkRange(q);
  const aziendaId = ctx.company.id;
  const rules = await repo.allowanceRulesOf(ctx.deps, aziendaId);
  const today = todayOf(ctx);
  const allowances: ClockingExport['allowances'] = [];
  const amount = allowanceAmount(1, rules);

  async function* lines(): AsyncGenerator<ClockingLine> {
    const techs = await repo.technicians(ctx.db, aziendaId, q.from, q.to, q.utenteId);
    for (const tech of techs) {
      const legs = await repo.travelLegs(ctx.db, aziendaId, tech.id, q.from, q.to);
      const earning = allowanceDays(legs, rules, q.from, q.to);
      for (const giorno of earning) allowances.push({ tecnico: tech.nome, giorno, importo: amount });
      const total = { lavoro: 0, viaggio: 0, anomalie: 0 };
      let next = 0; // the next earning day not yet written
      const lastEnd = { at: Number.NEGATIVE_INFINITY };
      let day: repo.ExportRecordRow[] = [];

      function* flush(): Generator<ClockingLine> {
        const giorno = day[0]?.giorno;
        if (!giorno) return;
        while (next < earning.length && earning[next]! < giorno)
          yield { kind: 'allowance', tecnico: tech.nome, giorno: earning[next++]!, allowance: amount };
        const earns = earning[next] === giorno;
        if (earns) next++;
        const anomalies = anomaliesOf(day, today, lastEnd);
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

      for await (const row of repo.eachRecord(ctx.db, aziendaId, tech.id, q.from, q.to)) {
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
  return { lines: lines(), timeZone: ctx.company.timezone, allowances, rules, from: q.from, to: q.to };
}
