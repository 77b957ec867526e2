import type { z } from 'zod';
import {
  dec,
  REPORTS_TABLE,
  type Report,
  type ReportListRow,
  type reportsAdminQuery,
  type TableInfos,
} from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { ownIdOf, userIdOf } from '../../../platform/auth/principal.js';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import { tableInfos as tableInfosFor } from '../../shell/index.js';
import { contractForReport } from '../contracts/service.js';
import { assignNumber, campiWithRemoved } from '../report-config/service.js';
import type { CampoRow } from '../report-config/repo.js';
import { reportAccess, type ReportAccess } from './access.js';
import { listFiltersOf } from './filters.js';
import * as lists from './list-repo.js';
import { campiOf, toRapportino, toRow } from './presenter.js';
import { invalid, linesOf, oldAsInput, type SaveInput } from './lines.js';
import { pricesOf } from './pricing.js';
import * as repo from './repo.js';
import { reportSettings, type ReportSettings } from './settings.js';
import { awaitedSignature } from './visit-repo.js';
import { syncReportAppointment } from '../schedule/report-appointment.js';

type ListInput = z.output<typeof reportsAdminQuery>;

/** The signature no longer changes: the report is completed, or closed with a signature (issue 24). */
export const signatureLocked = (report: repo.ReportRow): boolean =>
  report.completato || (report.stato === 'CHIUSO' && report.firmaMediaId !== null);

/** Whether the report may be changed now (completed never; closed only with the reopening option). */
export function editable(report: repo.ReportRow, settings: ReportSettings): boolean {
  if (report.completato) return false;
  return report.stato !== 'CHIUSO' || settings.riapertura;
}

/** Loads a report the caller may see (a report they may not see answers 404, as an unknown one). */
export async function visible(
  db: DbOrTx,
  ctx: CompanyContext,
  access: ReportAccess,
  id: string,
): Promise<repo.ReportWithLines> {
  const r = await repo.findReport(db, ctx.company.id, id);
  if (!r || (!access.seeAll && !r.tecnici.some((t) => t.id === ownIdOf(ctx.principal)))) throw notFound('Rapportino');
  return r;
}

export async function present(
  db: DbOrTx,
  ctx: CompanyContext,
  r: repo.ReportWithLines,
  settings: ReportSettings,
  config?: CampoRow[],
  /** The awaited signing link, when already read (`awaitedSignature`). */
  awaited?: Awaited<ReturnType<typeof awaitedSignature>>,
): Promise<Report> {
  const access = reportAccess(ctx);
  const fields = config ?? (await campiWithRemoved(db, ctx.company.id));
  const prezzi = access.seePrices
    ? await pricesOf(db, ctx.company.id, settings, fields, {
        id: r.report.id,
        gestione: r.report.gestionePrezzi ?? null,
        contrattoId: r.report.contrattoId,
        giornate: r.giornate,
        materiali: r.materiali,
        campi: r.campi,
      })
    : null;
  const mine = access.editAll || (access.editOwn && r.tecnici.some((t) => t.id === ownIdOf(ctx.principal)));
  const mayEdit = editable(r.report, settings) && mine;
  const attesa =
    awaited !== undefined ? awaited : await awaitedSignature(db, ctx.company.id, r.report.id, ctx.clock.now());
  // Who may edit a report may sign it, never once completed; the signature locks when the report closes (a
  // closed report is signed only while it has none).
  return toRapportino(r, campiOf(fields, r.campi), prezzi, mayEdit, mine && !signatureLocked(r.report), attesa);
}

export async function get(ctx: CompanyContext, id: string): Promise<Report> {
  // One round trip for all of it (issue 25): what `present` reads too is read here, with the report.
  const [settings, r, config, attesa] = await Promise.all([
    reportSettings(ctx.deps, ctx.company.id),
    visible(ctx.db, ctx, reportAccess(ctx), id),
    campiWithRemoved(ctx.db, ctx.company.id),
    awaitedSignature(ctx.db, ctx.company.id, id, ctx.clock.now()),
  ]);
  return present(ctx.db, ctx, r, settings, config, attesa);
}

/**
 * After closing without the reopening option only return travel may be added: the same days as
 * stored, plus days marked `ritorno` without work hours. Answers the days to append (new lines:
 * an id they carry is dropped), or throws.
 */
function returnTravelOnly(old: repo.ReportWithLines, input: SaveInput): SaveInput['giornate'] {
  const extra = input.giornate.slice(old.giornate.length);
  const onlyTravel = extra.every(
    (g) => g.ritorno && !dec(g.totale_ore) && !dec(g.ore_mattina) && !dec(g.ore_pomeriggio),
  );
  if (input.giornate.length <= old.giornate.length || !onlyTravel) {
    throw new AppError(
      'REPORT_NOT_EDITABLE',
      'Rapportino chiuso: si può solo aggiungere il viaggio di ritorno (la riapertura dei rapportini chiusi non è attiva)',
    );
  }
  return extra.map((g) => ({ ...g, id: undefined }));
}

/**
 * Creates a report (no id) or saves one whole: the technician's entry (lavorazione) and the
 * office's edit (admin/update) alike. One transaction: the number, the report and its lines.
 */
export async function save(ctx: CompanyContext, input: SaveInput): Promise<Report> {
  const aziendaId = ctx.company.id;
  const access = reportAccess(ctx);
  const settings = await reportSettings(ctx.deps, aziendaId);
  return ctx.transaction(async (unit) => {
    const tx = unit.db as Tx;
    const config = await campiWithRemoved(tx, aziendaId);
    let old: repo.ReportWithLines | undefined;
    if (input.id) {
      if (!(await repo.lockReport(tx, aziendaId, input.id))) throw notFound('Rapportino');
      old = await visible(tx, ctx, access, input.id);
      if (!access.editAll && !old.tecnici.some((t) => t.id === ownIdOf(ctx.principal))) throw notFound('Rapportino');
      if (old.report.completato) throw new AppError('REPORT_COMPLETED', 'Rapportino completato: non più modificabile');
      if (!editable(old.report, settings)) {
        const extra = returnTravelOnly(old, input);
        const lines = await linesOf(tx, ctx, { ...oldAsInput(old), giornate: extra }, settings, config, old);
        const current = await linesOf(tx, ctx, oldAsInput(old), settings, config, old);
        const merged = { ...current, giornate: [...current.giornate, ...lines.giornate] };
        return finish(tx, ctx, old.report.id, old.report.dataApertura, merged, {}, settings, config, {
          gestione: old.report.gestionePrezzi ?? null,
          contrattoId: old.report.contrattoId,
          clienteId: old.report.clienteId,
        });
      }
    }
    const lines = await linesOf(tx, ctx, input, settings, config, old);
    const was = old?.report;
    // A header value left out keeps what the report holds (the contract's rule of reportBody).
    const gestione =
      access.setPrices && input.gestionePrezziIntervento !== undefined
        ? input.gestionePrezziIntervento
        : (was?.gestionePrezzi ?? null);
    const kept = <T>(given: T | undefined, held: T | undefined, fallback: T): T =>
      given !== undefined ? given : held !== undefined ? held : fallback;
    const contrattoId = kept(input.contratto_id, was?.contrattoId, null);
    if (contrattoId && contrattoId !== was?.contrattoId) {
      const check = await contractForReport(tx, aziendaId, contrattoId, input.cliente_id);
      if (!check.ok) throw invalid([{ path: 'contratto_id', message: check.message }]);
    } else if (contrattoId && was && was.clienteId !== input.cliente_id) {
      throw invalid([{ path: 'contratto_id', message: 'Il contratto non è di questo cliente' }]);
    }
    const worked = lines.giornate.length > 0 || lines.materiali.length > 0;
    const values = {
      clienteId: input.cliente_id,
      impiantoId: input.impianto_id ?? null,
      clienteFatturazioneId: kept(input.cliente_fatturazione_id, was?.clienteFatturazioneId, null),
      motivazione: input.motivazione,
      tipoIntervento: input.tipo_intervento ?? null,
      richiestaIniziale: input.richiesta_iniziale,
      note: input.note,
      contrattoId,
      contrassegnato: kept(input.contrassegnato, was?.contrassegnato, false),
      inRemoto: kept(input.in_remoto, was?.inRemoto, false),
      pianificatoRemoto: kept(input.pianificato_remoto, was?.pianificatoRemoto, false),
      gestionePrezzi: gestione,
    };
    let id: string;
    let dataApertura: string;
    let numero = old?.report.numeroAssistenza ?? '';
    if (old) {
      id = old.report.id;
      dataApertura = input.data_apertura ?? old.report.dataApertura;
      const stato = old.report.stato === 'NUOVO' && worked ? 'APERTO' : old.report.stato;
      await repo.updateReport(tx, aziendaId, id, { ...values, dataApertura, stato });
    } else {
      dataApertura = input.data_apertura ?? todayOf(ctx);
      numero = await assignNumber(tx, aziendaId, dataApertura, (n) => repo.numeroTaken(tx, aziendaId, n));
      id = await repo.insertReport(tx, aziendaId, {
        ...values,
        numeroAssistenza: numero,
        dataApertura,
        stato: worked ? 'APERTO' : 'NUOVO',
        createdBy: userIdOf(ctx.principal),
      });
      await unit.emit({
        type: 'report.created',
        aggregateId: id,
        payload: { id, numero_assistenza: numero || null, cliente_id: input.cliente_id, data_apertura: dataApertura },
      });
    }
    // The report's appointment is the planner's (decision 0040): created, moved or deleted with the report.
    await syncReportAppointment(
      unit,
      {
        rapportinoId: id,
        clienteId: input.cliente_id,
        impiantoId: input.impianto_id ?? null,
        mansioneId: lines.mansioneId,
        tecnici: lines.tecnici,
        macchinari: lines.macchinari,
        richiesta: input.richiesta_iniziale ?? null,
        numero,
        createdBy: userIdOf(ctx.principal),
      },
      input.data_appuntamento === undefined
        ? undefined
        : input.data_appuntamento
          ? new Date(input.data_appuntamento)
          : null,
    );
    return finish(
      tx,
      ctx,
      id,
      dataApertura,
      lines,
      {},
      settings,
      config,
      { gestione, contrattoId, clienteId: input.cliente_id },
      !old,
    );
  });
}

/** Writes the lines, the hours and the total, and answers the saved report. */
async function finish(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  dataApertura: string,
  lines: repo.Lines & { totaleOre: string },
  extra: Partial<repo.ReportValues>,
  settings: ReportSettings,
  config: CampoRow[],
  priced: { gestione: repo.ReportRow['gestionePrezzi']; contrattoId: string | null; clienteId: string },
  fresh = false,
): Promise<Report> {
  const aziendaId = ctx.company.id;
  await repo.replaceLines(tx, aziendaId, id, { dataApertura, clienteId: priced.clienteId }, lines, fresh);
  const prezzi = await pricesOf(tx, aziendaId, settings, config, {
    id,
    gestione: priced.gestione ?? null,
    contrattoId: priced.contrattoId,
    giornate: lines.giornate.map((g) => ({ ...g, tecnicoId: g.tecnicoId ?? null })) as never,
    materiali: lines.materiali as never,
    campi: lines.campi,
  });
  await repo.updateReport(tx, aziendaId, id, { ...extra, totaleOre: lines.totaleOre, totale: prezzi.totale });
  return present(tx, ctx, (await repo.findReport(tx, aziendaId, id))!, settings, config);
}

/* ---------- list ---------- */

export async function list(
  ctx: CompanyContext,
  q: ListInput,
): Promise<{ items: ReportListRow[]; totaleElementi: number; tableInfos?: TableInfos }> {
  const access = reportAccess(ctx);
  const page = await lists.list(ctx.db, ctx.company.id, listFiltersOf(ctx, q), q);
  const infos = q.tableInfos ? await tableInfosFor(ctx, REPORTS_TABLE) : undefined;
  return {
    items: page.items.map((r) => toRow(r, access.seePrices)),
    totaleElementi: page.total,
    ...(infos ? { tableInfos: infos } : {}),
  };
}

export async function todos(ctx: CompanyContext, q: { quando: 'oggi' | 'aperti'; size: number }) {
  const access = reportAccess(ctx);
  const rows = await lists.todos(
    ctx.db,
    ctx.company.id,
    ownIdOf(ctx.principal),
    q.quando === 'oggi' ? { day: todayOf(ctx), timeZone: ctx.company.timezone } : null,
    q.size,
  );
  return rows.map((r) => toRow(r, access.seePrices));
}
