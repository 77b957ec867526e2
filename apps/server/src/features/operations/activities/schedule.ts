import type { z } from 'zod';
import {
  can,
  reportWorkRequest,
  type activityRangeQuery,
  type activityReportInput,
  type activityUpdateInput,
  type activityUpdateResponse,
} from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { inTurn, type Tx } from '../../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../../platform/errors.js';
import { save as saveReport } from '../reports/service.js';
import { syncReportAppointment } from '../schedule/report-appointment.js';
import { userIdOf } from '../../../platform/auth/principal.js';
import * as occ from './occurrences-repo.js';
import { toOccorrenza } from './presenter.js';
import { isCalendarDate } from './recurrence.js';
import * as repo from './repo.js';

/** The planner's side of activities (spec 7 "Schedule"): the range, moving an occurrence, a report from one. */

/** Most days one range may span. */
export const RANGE_MAX_DAYS = 366;
/** Most overdue occurrences answered with a range. */
export const SCADUTE_MAX = 200;

const invalid = (path: string, message: string) => new AppError('VALIDATION', message, [{ path, message }]);
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Who reads contracts or the planning may read the planner's activities; who writes either may move them. */
export function assertPlanner(ctx: CompanyContext, action: 'read' | 'write'): void {
  if (
    !can(ctx.principal.permissions, 'contratti', action) &&
    !can(ctx.principal.permissions, 'pianificazione_interventi', action)
  ) {
    throw forbidden();
  }
}

const fromCompact = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

/**
 * GET /attivita/attivita/start/{YYYYMMDD}/end/{YYYYMMDD}: one page of the range's occurrences and, on
 * the first page, the overdue ones before it (and before today), as the JSON body itself (made by
 * PostgreSQL: thousands of occurrences a month are not parsed and re-serialized row by row).
 */
export async function rangeBody(
  ctx: CompanyContext,
  startCompact: string,
  endCompact: string,
  page: z.output<typeof activityRangeQuery>,
): Promise<string> {
  assertPlanner(ctx, 'read');
  const start = fromCompact(startCompact);
  const end = fromCompact(endCompact);
  if (!isCalendarDate(start)) throw invalid('start', 'Data di inizio non valida (AAAAMMGG)');
  if (!isCalendarDate(end)) throw invalid('end', 'Data di fine non valida (AAAAMMGG)');
  if (end < start) throw invalid('end', "La data di fine precede quella d'inizio");
  if (days(start, end) >= RANGE_MAX_DAYS) {
    throw invalid('end', `Intervallo troppo esteso: al massimo ${RANGE_MAX_DAYS} giorni`);
  }
  const [cursorDay, cursorId] = page.cursor?.split('~') ?? [];
  if (cursorDay !== undefined && !isCalendarDate(cursorDay)) throw invalid('cursor', 'Cursore non valido');
  const cursor = cursorDay && cursorId ? { day: cursorDay, id: cursorId } : undefined;
  const day = todayOf(ctx);
  const range = { start, end, today: day, limit: page.limit, cursor };
  const [items, scadute] = await inTurn(ctx.db, [
    occ.inRangeJson(ctx.db, ctx.company.id, range),
    cursor
      ? Promise.resolve('[]')
      : occ.overdueJson(ctx.db, ctx.company.id, start < day ? start : day, day, SCADUTE_MAX),
  ]);
  const next = items.next === null ? 'null' : JSON.stringify(items.next);
  return `{"success":true,"items":${items.items},"scadute":${scadute},"next":${next}}`;
}

type UpdateAnswer = z.infer<typeof activityUpdateResponse>;

/**
 * POST /attivita/attivita/update: moves an occurrence to `data` (its due day clears the planned one).
 * Later than its due day by more than the maximum delay (the activity's, else the contract's), or
 * earlier by more than the maximum advance, answers a warning (success false) unless `conferma`.
 * A done occurrence, or one of a ceased contract, is not moved (409).
 */
export async function move(ctx: CompanyContext, input: z.output<typeof activityUpdateInput>): Promise<UpdateAnswer> {
  assertPlanner(ctx, 'write');
  if (!isCalendarDate(input.data)) throw invalid('data', 'Data non valida');
  const aziendaId = ctx.company.id;
  return ctx.db.transaction(async (tx) => {
    const o = await occ.occurrence(tx, aziendaId, input.id, true);
    if (!o) throw notFound('Attività');
    if (o.fattaAt) throw new AppError('CONFLICT', 'Attività già fatta: la sua data non si sposta più');
    if (o.cessato) throw new AppError('CONFLICT', 'Il contratto è cessato: le sue attività non si spostano');
    const giorni = days(o.data, input.data);
    const ritardo = o.regole?.ritardo_massimo_giorni ?? o.regoleContratto?.ritardo_massimo_giorni ?? null;
    const anticipo = o.regole?.anticipo_massimo_giorni ?? null;
    if (!input.conferma && ritardo !== null && giorni > ritardo) {
      return {
        success: false as const,
        avviso: 'ritardo' as const,
        message: `Lo spostamento di ${giorni} giorni supera il ritardo massimo di ${ritardo} giorni: confermare per procedere`,
        giorni,
        massimo: ritardo,
      };
    }
    if (!input.conferma && anticipo !== null && -giorni > anticipo) {
      return {
        success: false as const,
        avviso: 'anticipo' as const,
        message: `L'anticipo di ${-giorni} giorni supera l'anticipo massimo di ${anticipo} giorni: confermare per procedere`,
        giorni: -giorni,
        massimo: anticipo,
      };
    }
    const row = await occ.setPlanned(tx, aziendaId, o.id, input.data === o.data ? null : input.data);
    return { success: true as const, item: toOccorrenza(row, todayOf(ctx)) };
  });
}

/**
 * POST /attivita/attivita: a work report (NUOVO) made from an occurrence, through the reports' own save
 * (its checks and access rules), in one transaction with the link: the contract's customer, the
 * contract, the activity's plant, machines, job role and checks, the technicians and the appointment.
 * Once: a second call answers 409 naming the report made.
 */
export async function reportFromOccurrence(
  ctx: CompanyContext,
  input: z.output<typeof activityReportInput>,
): Promise<string> {
  const aziendaId = ctx.company.id;
  return ctx.transaction(async (inTx) => {
    const tx = inTx.db as Tx;
    const o = await occ.occurrence(tx, aziendaId, input.id, true);
    if (!o) throw notFound('Attività');
    if (o.rapportinoId) {
      throw new AppError('CONFLICT', `Da questa attività è già stato fatto il rapportino ${o.rapportinoId}`);
    }
    if (o.fattaAt) throw new AppError('CONFLICT', 'Attività già fatta');
    if (o.cessato) throw new AppError('CONFLICT', 'Il contratto è cessato');
    const machines = await repo.machinesOfActivities(tx, aziendaId, [o.attivitaId]);
    const checks = await repo.checksOfActivities(tx, aziendaId, [o.attivitaId]);
    const body = reportWorkRequest.parse({
      cliente_id: o.clienteId,
      contratto_id: o.contrattoId,
      impianto_id: o.impiantoId,
      mansione_id: o.mansioneId,
      macchinari_ids: machines.map((m) => m.id),
      tecnici_ids: input.tecnici,
      richiesta_iniziale: o.nome,
      controlli: checks.map((c) => ({ controllo_id: c.id, esito: null, note: null })),
    });
    // The report's save runs inside this transaction (a savepoint): report and link commit together.
    const report = await saveReport(inTx, body);
    await occ.setReport(tx, aziendaId, o.id, report.id);
    // The report's appointment is the planner's (decision 0040): the occurrence's own appointment when it was
    // already planned without a report, else a new one for the occurrence.
    if (input.data_appuntamento) {
      await syncReportAppointment(
        inTx,
        {
          rapportinoId: report.id,
          clienteId: report.cliente_id,
          impiantoId: report.impianto_id,
          mansioneId: report.mansione_id,
          tecnici: report.tecnici_ids,
          macchinari: report.macchinari_ids,
          richiesta: report.richiesta_iniziale,
          numero: report.numero_assistenza,
          createdBy: userIdOf(ctx.principal),
        },
        new Date(input.data_appuntamento),
        { attivitaDataId: o.id },
      );
    }
    // Saved again once linked: its stored total then holds the contract's activity price, when set.
    if (o.contrattoId) await saveReport(inTx, { ...body, id: report.id });
    return report.id;
  });
}
