import type { z } from 'zod';
import {
  dec,
  RAPPORTINI_TABLE,
  type Rapportino,
  type RapportinoRow,
  type rapportiniAdminQuery,
  type TableInfos,
} from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { Deps } from '../../../platform/deps.js';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import { tableInfos as tableInfosFor } from '../../shell/index.js';
import { contractForReport } from '../contracts/service.js';
import { assignNumber, campiWithRemoved } from '../report-config/service.js';
import { todayOn } from '../../../platform/clock.js';
import type { CampoRow } from '../report-config/repo.js';
import { reportAccess, type ReportAccess } from './access.js';
import { listFiltersOf } from './filters.js';
import * as lists from './list-repo.js';
import { campiOf, toRapportino, toRow } from './presenter.js';
import { invalid, linesOf, oldAsInput, type SaveInput } from './lines.js';
import { pricesOf } from './pricing.js';
import * as repo from './repo.js';
import { reportSettings, type ReportSettings } from './settings.js';

type ListInput = z.output<typeof rapportiniAdminQuery>;

/** Whether the report may be changed now (completed never; closed only with the reopening option). */
export function editable(report: repo.ReportRow, settings: ReportSettings): boolean {
  if (report.completato) return false;
  return report.stato !== 'CHIUSO' || settings.riapertura;
}

/** Loads a report the caller may see (a report they may not see answers 404, as an unknown one). */
export async function visible(
  db: DbOrTx,
  actor: Actor,
  access: ReportAccess,
  id: string,
): Promise<repo.ReportWithLines> {
  const r = await repo.findReport(db, actor.aziendaId, id);
  if (!r || (!access.seeAll && !r.tecnici.some((t) => t.id === actor.userId))) throw notFound('Rapportino');
  return r;
}

export async function present(
  db: DbOrTx,
  actor: Actor,
  r: repo.ReportWithLines,
  settings: ReportSettings,
  config?: CampoRow[],
): Promise<Rapportino> {
  const access = reportAccess(actor);
  const fields = config ?? (await campiWithRemoved(db, actor.aziendaId));
  const prezzi = access.seePrices
    ? await pricesOf(db, actor.aziendaId, settings, fields, {
        id: r.report.id,
        gestione: r.report.gestionePrezzi ?? null,
        contrattoId: r.report.contrattoId,
        giornate: r.giornate,
        materiali: r.materiali,
        campi: r.campi,
      })
    : null;
  const mine = access.editAll || (access.editOwn && r.tecnici.some((t) => t.id === actor.userId));
  const mayEdit = editable(r.report, settings) && mine;
  // Who may edit a report may sign it, closed too (the customer often signs at closing); never once completed.
  return toRapportino(r, campiOf(fields, r.campi), prezzi, mayEdit, mine && !r.report.completato);
}

export async function get(deps: Deps, actor: Actor, id: string): Promise<Rapportino> {
  const [settings, r] = await Promise.all([
    reportSettings(deps, actor.aziendaId),
    visible(deps.db, actor, reportAccess(actor), id),
  ]);
  return present(deps.db, actor, r, settings);
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
export async function save(deps: Deps, actor: Actor, input: SaveInput): Promise<Rapportino> {
  const { aziendaId } = actor;
  const access = reportAccess(actor);
  const settings = await reportSettings(deps, aziendaId);
  return deps.db.transaction(async (tx) => {
    const config = await campiWithRemoved(tx, aziendaId);
    let old: repo.ReportWithLines | undefined;
    if (input.id) {
      if (!(await repo.lockReport(tx, aziendaId, input.id))) throw notFound('Rapportino');
      old = await visible(tx, actor, access, input.id);
      if (!access.editAll && !old.tecnici.some((t) => t.id === actor.userId)) throw notFound('Rapportino');
      if (old.report.completato) throw new AppError('REPORT_COMPLETED', 'Rapportino completato: non più modificabile');
      if (!editable(old.report, settings)) {
        const extra = returnTravelOnly(old, input);
        const lines = await linesOf(tx, actor, { ...oldAsInput(old), giornate: extra }, settings, config, old);
        const current = await linesOf(tx, actor, oldAsInput(old), settings, config, old);
        const merged = { ...current, giornate: [...current.giornate, ...lines.giornate] };
        return finish(tx, actor, old.report.id, old.report.dataApertura, merged, {}, settings, config, {
          gestione: old.report.gestionePrezzi ?? null,
          contrattoId: old.report.contrattoId,
        });
      }
    }
    const lines = await linesOf(tx, actor, input, settings, config, old);
    const was = old?.report;
    // A header value left out keeps what the report holds (the contract's rule of reportBody).
    const gestione =
      access.setPrices && input.gestionePrezziIntervento !== undefined
        ? input.gestionePrezziIntervento
        : (was?.gestionePrezzi ?? null);
    const kept = <T>(given: T | undefined, held: T | undefined, fallback: T): T =>
      given !== undefined ? given : held !== undefined ? held : fallback;
    const appointment =
      input.data_appuntamento === undefined
        ? (was?.dataAppuntamento ?? null)
        : input.data_appuntamento
          ? new Date(input.data_appuntamento)
          : null;
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
      dataAppuntamento: appointment,
      contrattoId,
      contrassegnato: kept(input.contrassegnato, was?.contrassegnato, false),
      inRemoto: kept(input.in_remoto, was?.inRemoto, false),
      pianificatoRemoto: kept(input.pianificato_remoto, was?.pianificatoRemoto, false),
      gestionePrezzi: gestione,
    };
    let id: string;
    let dataApertura: string;
    if (old) {
      id = old.report.id;
      dataApertura = input.data_apertura ?? old.report.dataApertura;
      const stato = old.report.stato === 'NUOVO' && worked ? 'APERTO' : old.report.stato;
      await repo.updateReport(tx, aziendaId, id, { ...values, dataApertura, stato });
    } else {
      dataApertura = input.data_apertura ?? todayOn(deps.clock, actor.timezone);
      const numero = await assignNumber(tx, aziendaId, dataApertura, (n) => repo.numeroTaken(tx, aziendaId, n));
      id = await repo.insertReport(tx, aziendaId, {
        ...values,
        numeroAssistenza: numero,
        dataApertura,
        stato: worked ? 'APERTO' : 'NUOVO',
        createdBy: actor.userId,
      });
    }
    return finish(tx, actor, id, dataApertura, lines, {}, settings, config, { gestione, contrattoId }, !old);
  });
}

/** Writes the lines, the hours and the total, and answers the saved report. */
async function finish(
  tx: Tx,
  actor: Actor,
  id: string,
  dataApertura: string,
  lines: repo.Lines & { totaleOre: string },
  extra: Partial<repo.ReportValues>,
  settings: ReportSettings,
  config: CampoRow[],
  priced: { gestione: repo.ReportRow['gestionePrezzi']; contrattoId: string | null },
  fresh = false,
): Promise<Rapportino> {
  const { aziendaId } = actor;
  await repo.replaceLines(tx, aziendaId, id, dataApertura, lines, fresh);
  const prezzi = await pricesOf(tx, aziendaId, settings, config, {
    id,
    gestione: priced.gestione ?? null,
    contrattoId: priced.contrattoId,
    giornate: lines.giornate.map((g) => ({ ...g, tecnicoId: g.tecnicoId ?? null })) as never,
    materiali: lines.materiali as never,
    campi: lines.campi,
  });
  await repo.updateReport(tx, aziendaId, id, { ...extra, totaleOre: lines.totaleOre, totale: prezzi.totale });
  return present(tx, actor, (await repo.findReport(tx, aziendaId, id))!, settings, config);
}

/* ---------- list ---------- */

export async function list(
  deps: Deps,
  actor: Actor,
  q: ListInput,
): Promise<{ items: RapportinoRow[]; totaleElementi: number; tableInfos?: TableInfos }> {
  const access = reportAccess(actor);
  const page = await lists.list(deps.db, actor.aziendaId, listFiltersOf(actor, q), q);
  const infos = q.tableInfos ? await tableInfosFor(deps, actor, RAPPORTINI_TABLE) : undefined;
  return {
    items: page.items.map((r) => toRow(r, access.seePrices)),
    totaleElementi: page.total,
    ...(infos ? { tableInfos: infos } : {}),
  };
}

export async function todos(deps: Deps, actor: Actor, q: { quando: 'oggi' | 'aperti'; size: number }) {
  const access = reportAccess(actor);
  const today = q.quando === 'oggi' ? { day: todayOn(deps.clock, actor.timezone), timeZone: actor.timezone } : null;
  const rows = await lists.todos(deps.db, actor.aziendaId, actor.userId, today, q.size);
  return rows.map((r) => toRow(r, access.seePrices));
}
