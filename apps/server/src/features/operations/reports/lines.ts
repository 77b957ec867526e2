import type { z } from 'zod';
import {
  add,
  customFieldValueNormalised,
  customFieldValueProblem,
  dec,
  str,
  type CustomFieldType,
  type reportWorkRequest,
} from '@fs/contract';
import { AppError, notFound, type FieldProblem } from '../../../platform/errors.js';
import type { CompanyContext } from '../../../platform/context.js';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { CampoRow } from '../report-config/repo.js';
import { reportAccess } from './access.js';
import { hoursOf } from './hours.js';
import * as repo from './repo.js';
import type { ReportSettings } from './settings.js';

/** A report's save turned into its stored lines (operations/reports/service.ts saves them). */

export type SaveInput = z.output<typeof reportWorkRequest>;

export const invalid = (problems: FieldProblem[]) => new AppError('VALIDATION', problems[0]!.message, problems);

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
export async function linesOf(
  tx: DbOrTx,
  ctx: CompanyContext,
  input: SaveInput,
  settings: ReportSettings,
  config: CampoRow[],
  old: repo.ReportWithLines | undefined,
): Promise<repo.Lines & { totaleOre: string }> {
  const aziendaId = ctx.company.id;
  const access = reportAccess(ctx);
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
  const me = userIdOf(ctx.principal);
  if (me && !access.editAll && !tecnici.includes(me)) tecnici.push(me);
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
    return f && c.valore !== null
      ? { ...c, valore: customFieldValueNormalised(f.tipo as CustomFieldType, c.valore) }
      : c;
  });
  const given = new Map(typed.map((c) => [c.campo_id, c.valore]));
  typed.forEach((c, i) => {
    const f = byId.get(c.campo_id);
    if (!f) return at(`campi_personalizzati.${i}.campo_id`, 'Campo non trovato');
    const problem = c.valore === null ? null : customFieldValueProblem(f.tipo as CustomFieldType, c.valore, f.scelte);
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

/** The stored report as a save input (to re-derive its lines). */
export function oldAsInput(old: repo.ReportWithLines): SaveInput {
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
