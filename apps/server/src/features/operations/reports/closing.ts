import { dec, type Report } from '@fs/contract';
import { AppError, notFound, type FieldProblem } from '../../../platform/errors.js';
import type { CompanyContext } from '../../../platform/context.js';
import { ownIdOf } from '../../../platform/auth/principal.js';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import { removeObjects } from '../../../platform/storage-removals.js';
import { reportClosed } from '../activities/report-link.js';
import { campiWithRemoved } from '../report-config/service.js';
import type { CampoRow } from '../report-config/repo.js';
import { reportAccess } from './access.js';
import * as repo from './repo.js';
import { present } from './service.js';
import { reportSettings } from './settings.js';
import { dropSignature } from './signature.js';

/**
 * Where the closer sees the report: a technician (role user) in the app, the office on the web.
 * The web shows each the fields of that visibility, so only those can be asked for.
 */
export const surfaceOf = (ctx: CompanyContext): 'app' | 'web' =>
  ctx.principal.kind === 'user' && ctx.principal.role === 'user' ? 'app' : 'web';

/**
 * What a closing report still lacks (spec 5): enabled mandatory custom fields without a value,
 * fields whose required value is not held, mandatory checks of the job role without an answer.
 * A field hidden from the closer's surface (visibility app or web off) is not asked for: the
 * technician cannot fill a field the app does not show.
 */
export async function missingForClosing(
  db: DbOrTx,
  aziendaId: string,
  r: repo.ReportWithLines,
  config: CampoRow[],
  surface: 'app' | 'web' = 'web',
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const values = new Map(r.campi.map((c) => [c.campoId, c.valore]));
  for (const f of config) {
    if (!f.abilitazione || f.eliminatoAt) continue;
    if (!(surface === 'app' ? f.visibileApp : f.visibileWeb)) continue;
    const v = values.get(f.id) ?? null;
    const empty =
      v === null || v.trim() === '' || (f.tipo === 'vero_falso' && f.obbligatorio && v !== 'true' && v !== 'false');
    if (f.obbligatorio && empty)
      problems.push({ path: `campi_personalizzati.${f.id}`, message: `${f.nome}: obbligatorio` });
    else if (f.valoreRichiesto !== null && v !== f.valoreRichiesto) {
      const wanted = f.tipo === 'vero_falso' ? (f.valoreRichiesto === 'true' ? 'Sì' : 'No') : f.valoreRichiesto;
      problems.push({ path: `campi_personalizzati.${f.id}`, message: `${f.nome}: deve essere «${wanted}»` });
    }
  }
  const required = new Set(
    (
      await repo.checksById(
        db,
        aziendaId,
        r.controlli.map((c) => c.controlloId),
      )
    )
      .filter((c) => c.obbligatorio)
      .map((c) => c.id),
  );
  for (const c of r.controlli) {
    if (required.has(c.controlloId) && c.esito === null) {
      problems.push({ path: `controlli.${c.controlloId}`, message: `${c.descrizione}: risposta obbligatoria` });
    }
  }
  return problems;
}

/**
 * POST /rapportini/rapportino/chiusura. `chiudi`: mandatory fields and checks filled, or 400
 * REPORT_MANDATORY_FIELDS naming them; closed with the date; a report without work hours closes
 * with the warning NO_HOURS. `completa`: a closed report becomes final (never editable again)
 * and a report.completed event is written to the outbox in the same transaction (report.closed
 * likewise at closing: platform/events, decision 0036).
 */
export async function close(
  ctx: CompanyContext,
  id: string,
  azione: 'chiudi' | 'completa',
  /** When it happens: now (the context's clock); the demo seed dates its history after the work days. */
  at: Date = ctx.clock.now(),
): Promise<{ item: Report; warnings?: 'NO_HOURS'[] }> {
  const aziendaId = ctx.company.id;
  const access = reportAccess(ctx);
  const settings = await reportSettings(ctx.deps, aziendaId);
  return ctx.transaction(async (unit) => {
    const tx = unit.db;
    const row = await repo.lockReport(tx, aziendaId, id);
    const r = row ? await repo.findReport(tx, aziendaId, id) : undefined;
    const mine = r?.tecnici.some((t) => t.id === ownIdOf(ctx.principal)) ?? false;
    if (!r || (!access.seeAll && !mine)) throw notFound('Rapportino');
    if (!access.editAll && !mine) throw notFound('Rapportino');
    if (r.report.completato) throw new AppError('REPORT_COMPLETED', 'Rapportino già completato');
    const config = await campiWithRemoved(tx, aziendaId);
    if (azione === 'completa') {
      if (!access.editAll) throw new AppError('FORBIDDEN', "Solo l'ufficio completa i rapportini");
      if (r.report.stato !== 'CHIUSO')
        throw new AppError('REPORT_NOT_CLOSED', 'Chiudi il rapportino prima di completarlo');
      await repo.updateReport(tx, aziendaId, id, { completato: true, completatoAt: at });
      await unit.emit({
        type: 'report.completed',
        aggregateId: id,
        payload: {
          id,
          numero_assistenza: r.report.numeroAssistenza,
          cliente_id: r.report.clienteId,
          totale: r.report.totale,
          totale_ore: r.report.totaleOre,
          completato_at: at.toISOString(),
        },
      });
      return { item: await present(tx, ctx, (await repo.findReport(tx, aziendaId, id))!, settings, config) };
    }
    if (r.report.stato === 'CHIUSO') throw new AppError('REPORT_NOT_EDITABLE', 'Rapportino già chiuso');
    const missing = await missingForClosing(tx, aziendaId, r, config, surfaceOf(ctx));
    // Option firma_cliente_obbligatoria: the customer signs before the report closes (decision 0025).
    if (settings.firmaObbligatoria && !r.report.firmaMediaId)
      missing.push({ path: 'firma', message: 'Firma del cliente obbligatoria' });
    if (missing.length) {
      throw new AppError('REPORT_MANDATORY_FIELDS', 'Compila i campi obbligatori prima di chiudere', missing);
    }
    await repo.updateReport(tx, aziendaId, id, { stato: 'CHIUSO', dataChiusura: at });
    // Synchronous, in this transaction (decision 0036): the occurrence made into this report is done
    // the moment the report closes, so it can no longer be moved nor made into a second report.
    await reportClosed(tx, aziendaId, id, at);
    await unit.emit({
      type: 'report.closed',
      aggregateId: id,
      payload: {
        id,
        numero_assistenza: r.report.numeroAssistenza,
        cliente_id: r.report.clienteId,
        data_chiusura: at.toISOString(),
      },
    });
    const item = await present(tx, ctx, (await repo.findReport(tx, aziendaId, id))!, settings, config);
    return dec(r.report.totaleOre) === 0n ? { item, warnings: ['NO_HOURS' as const] } : { item };
  });
}

/**
 * POST /rapportini/rapportino/chiusura with azione riapri (issue 24): a closed report is APERTO again, only with
 * the option riapertura_rapportini_chiusi. The signature, locked while it was closed, is cleared or kept as the
 * caller says (cancella_firma); the mail log, and a PDF already sent, stay. The activity occurrence made into the
 * report is undone again.
 */
export async function reopen(ctx: CompanyContext, id: string, cancellaFirma: boolean | undefined): Promise<Report> {
  const aziendaId = ctx.company.id;
  if (cancellaFirma === undefined) {
    const message = 'Indicare se cancellare la firma del cliente (cancella_firma)';
    throw new AppError('VALIDATION', message, [{ path: 'cancella_firma', message }]);
  }
  const access = reportAccess(ctx);
  const settings = await reportSettings(ctx.deps, aziendaId);
  const { item, oldKey } = await ctx.transaction(async (unit) => {
    const tx = unit.db as Tx;
    const row = await repo.lockReport(tx, aziendaId, id);
    const r = row ? await repo.findReport(tx, aziendaId, id) : undefined;
    const mine = r?.tecnici.some((t) => t.id === ownIdOf(ctx.principal)) ?? false;
    if (!row || !r || (!access.seeAll && !mine) || (!access.editAll && !mine)) throw notFound('Rapportino');
    if (row.completato) throw new AppError('REPORT_COMPLETED', 'Rapportino già completato');
    if (row.stato !== 'CHIUSO') throw new AppError('REPORT_NOT_CLOSED', 'Il rapportino non è chiuso');
    if (!settings.riapertura)
      throw new AppError('REPORT_NOT_EDITABLE', 'La riapertura dei rapportini chiusi non è attiva');
    await repo.updateReport(tx, aziendaId, id, { stato: 'APERTO', dataChiusura: null });
    await reportClosed(tx, aziendaId, id, null);
    const key = cancellaFirma ? await dropSignature(tx, aziendaId, row) : undefined;
    const config = await campiWithRemoved(tx, aziendaId);
    return { item: await present(tx, ctx, (await repo.findReport(tx, aziendaId, id))!, settings, config), oldKey: key };
  });
  if (oldKey) await removeObjects(ctx.deps, [oldKey]);
  return item;
}
