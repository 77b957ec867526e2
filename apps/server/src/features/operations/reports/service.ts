import type { z } from 'zod';
import {
  add,
  campoValueNormalised,
  campoValueProblem,
  dec,
  RAPPORTINI_TABLE,
  str,
  type CampoTipo,
  type Rapportino,
  type RapportinoRow,
  type rapportiniAdminQuery,
  type rapportinoLavorazioneRequest,
  type TableInfos,
} from '@fs/contract';
import { AppError, notFound, type FieldProblem } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { Deps } from '../../../platform/deps.js';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import { tableInfos as tableInfosFor } from '../../shell/index.js';
import { contractForReport } from '../contracts/service.js';
import { assignNumber, campiWithRemoved } from '../report-config/service.js';
import type { CampoRow } from '../report-config/repo.js';
import { reportAccess, type ReportAccess } from './access.js';
import { hoursOf } from './hours.js';
import { listFiltersOf } from './filters.js';
import * as lists from './list-repo.js';
import { campiOf, toRapportino, toRow } from './presenter.js';
import { pricesOf } from './pricing.js';
import * as repo from './repo.js';
import { reportSettings, type ReportSettings } from './settings.js';

type SaveInput = z.output<typeof rapportinoLavorazioneRequest>;
type ListInput = z.output<typeof rapportiniAdminQuery>;

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date());

const invalid = (problems: FieldProblem[]) => new AppError('VALIDATION', problems[0]!.message, problems);

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
 * The stored line each input line keeps, matched by id (undefined: a new line, so also an id the
 * report does not hold); an id given twice is refused.
 */
function keptLines<T extends { id: string }>(
  input: { id?: string | undefined }[],
  stored: T[],
  path: string,
  at: (path: string, message: string) => void,
): (T | undefined)[] {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const seen = new Set<string>();
  return input.map((l, i) => {
    if (!l.id) return undefined;
    if (seen.has(l.id)) {
      at(`${path}.${i}.id`, 'Riga ripetuta: ogni riga una volta sola');
      return undefined;
    }
    seen.add(l.id);
    return byId.get(l.id);
  });
}

/**
 * Checks what the report refers to and turns the input into stored lines (or throws the problems).
 * Days and materials are matched to the stored ones by id. Without the prices permission (write)
 * the prices sent are ignored (what a caller may not see it cannot change or clear): a kept line
 * keeps its own, a new line takes what the office's would without typed prices (the article's; no
 * set price for a day).
 */
async function linesOf(
  tx: DbOrTx,
  actor: Actor,
  input: SaveInput,
  settings: ReportSettings,
  config: CampoRow[],
  old: repo.ReportWithLines | undefined,
): Promise<repo.Lines & { totaleOre: string }> {
  const { aziendaId } = actor;
  const access = reportAccess(actor);
  const problems: FieldProblem[] = [];
  const at = (path: string, message: string) => problems.push({ path, message });
  // An unknown customer answers 404, as every reference to a record of the company does.
  if (!(await repo.customerExists(tx, aziendaId, input.cliente_id))) throw notFound('Cliente');
  if (input.cliente_fatturazione_id && !(await repo.customerExists(tx, aziendaId, input.cliente_fatturazione_id))) {
    at('cliente_fatturazione_id', 'Cliente non trovato');
  }
  if (input.impianto_id) {
    const plant = await repo.plantOf(tx, aziendaId, input.impianto_id);
    if (!plant || plant.clienteId !== input.cliente_id) at('impianto_id', 'Impianto non trovato per questo cliente');
  }
  const machines = await repo.machinesOf(tx, aziendaId, input.macchinari_ids);
  input.macchinari_ids.forEach((m, i) => {
    const found = machines.find((x) => x.id === m);
    if (
      !found ||
      found.clienteId !== input.cliente_id ||
      (input.impianto_id && found.impiantoId !== input.impianto_id)
    ) {
      at(`macchinari_ids.${i}`, 'Macchinario non trovato per questo cliente');
    }
  });
  // A technician with a worked day is assigned; a technician entering their own report is too.
  const tecnici = [...new Set([...input.tecnici_ids, ...input.giornate.map((g) => g.tecnico_id)])];
  if (!access.editAll && !tecnici.includes(actor.userId)) tecnici.push(actor.userId);
  const users = await repo.usersOf(tx, aziendaId, tecnici);
  const userName = new Map(users.map((u) => [u.id, u.nome]));
  tecnici.forEach((t) => {
    if (!userName.has(t)) {
      const day = input.giornate.findIndex((g) => g.tecnico_id === t);
      at(
        day >= 0 ? `giornate.${day}.tecnico_id` : `tecnici_ids.${input.tecnici_ids.indexOf(t)}`,
        'Tecnico non trovato',
      );
    }
  });
  // Checks: those of the job role, answered or not yet.
  let controlli: repo.Lines['controlli'] = [];
  if (input.mansione_id) {
    const mansione = await repo.mansioneOf(tx, aziendaId, input.mansione_id);
    if (!mansione) at('mansione_id', 'Mansione non trovata');
    else {
      const answers = new Map(input.controlli.map((c) => [c.controllo_id, c]));
      input.controlli.forEach((c, i) => {
        if (!mansione.controlli.some((k) => k.id === c.controllo_id))
          at(`controlli.${i}.controllo_id`, 'Controllo non della mansione');
      });
      controlli = mansione.controlli.map((k) => ({
        controlloId: k.id,
        descrizione: k.descrizione ? `${k.nome}: ${k.descrizione}` : k.nome,
        esito: answers.get(k.id)?.esito ?? null,
        note: answers.get(k.id)?.note ?? null,
      }));
    }
  }
  // Custom fields: values of enabled fields; a disabled field keeps the value the report held.
  const byId = new Map(config.map((c) => [c.id, c]));
  const heldBefore = new Map((old?.campi ?? []).map((c) => [c.campoId, c.valore]));
  // Numbers typed the Italian way ("1,5") are stored canonical ("1.5").
  const typed = input.campi_personalizzati.map((c) => {
    const f = byId.get(c.campo_id);
    return f && c.valore !== null ? { ...c, valore: campoValueNormalised(f.tipo as CampoTipo, c.valore) } : c;
  });
  const given = new Map(typed.map((c) => [c.campo_id, c.valore]));
  typed.forEach((c, i) => {
    const f = byId.get(c.campo_id);
    if (!f) return at(`campi_personalizzati.${i}.campo_id`, 'Campo non trovato');
    const problem = c.valore === null ? null : campoValueProblem(f.tipo as CampoTipo, c.valore, f.scelte);
    if (problem) at(`campi_personalizzati.${i}.valore`, `${f.nome}: ${problem}`);
  });
  const campi: repo.Lines['campi'] = [];
  for (const f of config) {
    const active = f.abilitazione && !f.eliminatoAt;
    if (active) {
      const valore = given.has(f.id) ? given.get(f.id)! : old ? (heldBefore.get(f.id) ?? null) : f.valore;
      campi.push({ campoId: f.id, valore: valore === '' ? null : valore });
    } else if (heldBefore.has(f.id)) campi.push({ campoId: f.id, valore: heldBefore.get(f.id)! });
  }
  // Worked days by the hour entry mode.
  const keptDays = keptLines(input.giornate, old?.giornate ?? [], 'giornate', at);
  const giornate = input.giornate.map((g, i) => {
    const { day, problems: p } = hoursOf(settings.modalitaOre, g, i);
    problems.push(...p);
    const kept = keptDays[i];
    return {
      ...(kept ? { id: kept.id } : {}),
      data: day.data,
      tecnicoId: day.tecnico_id,
      tecnicoNome: userName.get(day.tecnico_id) ?? '',
      totaleOre: day.totale_ore ?? '0',
      oreMattina: day.ore_mattina,
      orePomeriggio: day.ore_pomeriggio,
      inizioMattina: day.inizio_mattina,
      fineMattina: day.fine_mattina,
      inizioPomeriggio: day.inizio_pomeriggio,
      finePomeriggio: day.fine_pomeriggio,
      pranzo: day.pranzo,
      cena: day.cena,
      pernottamento: day.pernottamento,
      kmViaggio: day.km_viaggio ?? '0',
      oreViaggio: day.ore_viaggio ?? '0',
      ritorno: day.ritorno,
      prezzoImpostato: access.setPrices ? day.prezzoImpostato : (kept?.prezzoImpostato ?? null),
    };
  });
  // Materials: an article fills what the line leaves empty.
  const articles = await repo.articlesOf(
    tx,
    aziendaId,
    input.materiali.map((m) => m.articolo_id).filter((x): x is string => !!x),
  );
  const keptMaterials = keptLines(input.materiali, old?.materiali ?? [], 'materiali', at);
  const materiali = input.materiali.map((m, i) => {
    const a = m.articolo_id ? articles.find((x) => x.id === m.articolo_id) : undefined;
    if (m.articolo_id && !a) at(`materiali.${i}.articolo_id`, 'Articolo non trovato');
    const kept = keptMaterials[i];
    const typed = access.setPrices ? m : { importo_unitario: null, costo_acquisto: null, prezzo_netto: null };
    const unit = typed.importo_unitario ?? a?.prezzoVendita ?? null;
    // A kept line keeps its prices for who may not set them, unless its article changed: then it is priced anew.
    const held = !access.setPrices && kept && kept.articoloId === (m.articolo_id ?? null) ? kept : undefined;
    return {
      ...(kept ? { id: kept.id } : {}),
      articoloId: m.articolo_id ?? null,
      codice: m.codice ?? a?.codice ?? null,
      descrizione: m.descrizione,
      quantita: m.quantita!,
      unita: m.unita ?? a?.unitaMisura ?? null,
      importoUnitario: held ? held.importoUnitario : unit,
      costoAcquisto: held ? held.costoAcquisto : (typed.costo_acquisto ?? a?.prezzoAcquisto ?? null),
      prezzoNetto: held ? held.prezzoNetto : (typed.prezzo_netto ?? unit),
    };
  });
  if (problems.length) throw invalid(problems);
  return {
    tecnici,
    macchinari: [...new Set(input.macchinari_ids)],
    mansioneId: input.mansione_id ?? null,
    giornate,
    materiali,
    controlli,
    campi,
    totaleOre: str(add(...giornate.map((g) => dec(g.totaleOre)))),
  };
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
      dataApertura = input.data_apertura ?? today();
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

/** The stored report as a save input (to re-derive its lines). */
function oldAsInput(old: repo.ReportWithLines): SaveInput {
  const r = old.report;
  return {
    cliente_id: r.clienteId,
    impianto_id: r.impiantoId,
    macchinari_ids: old.macchinari,
    tecnici_ids: old.tecnici.map((t) => t.id),
    mansione_id: old.mansioneId,
    cliente_fatturazione_id: r.clienteFatturazioneId,
    motivazione: r.motivazione,
    tipo_intervento: r.tipoIntervento as SaveInput['tipo_intervento'],
    richiesta_iniziale: r.richiestaIniziale,
    note: r.note,
    contrassegnato: r.contrassegnato,
    in_remoto: r.inRemoto,
    pianificato_remoto: r.pianificatoRemoto,
    giornate: old.giornate.map((g) => ({
      id: g.id,
      data: g.data,
      tecnico_id: g.tecnicoId ?? '',
      totale_ore: g.totaleOre,
      ore_mattina: g.oreMattina,
      ore_pomeriggio: g.orePomeriggio,
      inizio_mattina: g.inizioMattina,
      fine_mattina: g.fineMattina,
      inizio_pomeriggio: g.inizioPomeriggio,
      fine_pomeriggio: g.finePomeriggio,
      pranzo: g.pranzo,
      cena: g.cena,
      pernottamento: g.pernottamento,
      km_viaggio: g.kmViaggio,
      ore_viaggio: g.oreViaggio,
      ritorno: g.ritorno,
      prezzoImpostato: g.prezzoImpostato,
    })),
    materiali: old.materiali.map((m) => ({
      id: m.id,
      articolo_id: m.articoloId,
      codice: m.codice,
      descrizione: m.descrizione,
      quantita: m.quantita,
      unita: m.unita,
      importo_unitario: m.importoUnitario,
      costo_acquisto: m.costoAcquisto,
      prezzo_netto: m.prezzoNetto,
    })),
    controlli: old.controlli.map((c) => ({ controllo_id: c.controlloId, esito: c.esito, note: c.note })),
    campi_personalizzati: old.campi.map((c) => ({ campo_id: c.campoId, valore: c.valore })),
  };
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
  const rows = await lists.todos(deps.db, actor.aziendaId, actor.userId, q.quando === 'oggi' ? today() : null, q.size);
  return rows.map((r) => toRow(r, access.seePrices));
}
