import type { z } from 'zod';
import {
  reportWorkRequest,
  SCHEDULE_MAX,
  type Appointment,
  type AppointmentSaveResponse,
  type appointmentRequest,
  type AppointmentsAdminQuery,
  type todoRequest,
} from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { NOBODY, ownIdOf, userIdOf } from '../../../platform/auth/principal.js';
import type { Deps } from '../../../platform/deps.js';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import { AppError, forbidden, notFound, type FieldProblem } from '../../../platform/errors.js';
import { save as saveReport } from '../reports/service.js';
import { emitAppointment, emitMoved } from './events.js';
import { scheduleAccess, type ScheduleAccess } from './access.js';
import { toAppuntamento } from './presenter.js';
import * as repo from './repo.js';
import { inRangeJson } from './range-repo.js';
import { compactRangeJson } from './range-compact-repo.js';
import { RangeCache, rangeEtag, type BodyEncoding } from './range-cache.js';
import { warningsOf } from './warnings.js';
import { otherOfReport } from './visit-repo.js';
import { dashed, isRealDay, localDay, rangeOf, zonedToUtc, addDays } from './time.js';

type AppointmentInput = z.output<typeof appointmentRequest>;
type TodoInput = z.output<typeof todoRequest>;

const invalid = (problems: FieldProblem[]) => new AppError('VALIDATION', problems[0]!.message, problems);

/** The caller's view: everyone's appointments, or (own data only) those the caller is a technician of. */
const ownOnly = (access: ScheduleAccess, ctx: CompanyContext, asked?: string) =>
  access.seeAll ? asked : asked && asked !== ownIdOf(ctx.principal) ? NOBODY : ownIdOf(ctx.principal);

async function presenterFor(db: DbOrTx, aziendaId: string) {
  // One after the other: inside a transaction both would share one connection.
  const users = await repo.companyUsers(db, aziendaId);
  const tz = await repo.timezoneOf(db, aziendaId);
  const byId = new Map(users.map((u) => [u.id, u]));
  return { tz, users: byId, present: (r: repo.AppointmentRow) => toAppuntamento(r, byId, tz) };
}

/**
 * The appointments overlapping the days as objects, made by the presenter: the reference the JSON that
 * PostgreSQL makes for the calls (range-repo.ts) is compared with, field for field (range-json.test.ts).
 */
export async function inRange(
  ctx: CompanyContext,
  start: string,
  end: string,
  f: { tecnico_id?: string; mansione_id?: string; cliente_id?: string },
  withCoordinates = false,
): Promise<{ timezone: string; items: Appointment[] }> {
  const p = await presenterFor(ctx.db, ctx.company.id);
  const range = rangeOf(start, end, p.tz);
  const rows = await repo.inRange(ctx.db, ctx.company.id, {
    from: range.from,
    to: range.to,
    tecnicoId: ownOnly(scheduleAccess(ctx), ctx, f.tecnico_id),
    mansioneId: f.mansione_id,
    clienteId: f.cliente_id,
  });
  const items = rows.filter((r) => !withCoordinates || (r.latitude !== null && r.longitude !== null)).map(p.present);
  return { timezone: p.tz, items };
}

const caches = new WeakMap<object, RangeCache>();
/** One cache per database (tests run several apps in a process). */
function cacheOf(deps: Deps): RangeCache {
  let c = caches.get(deps.database);
  if (!c) caches.set(deps.database, (c = new RangeCache()));
  return c;
}

/**
 * The same answer as `inRange`, as the JSON body itself, made by PostgreSQL (range-repo.ts): the
 * calendar's month of every technician is thousands of appointments. Kept under the company's planner
 * revision (range-cache.ts), so `etag` is known before any body is made and a repeated read is served
 * as it was (the route answers 304 to a current If-None-Match). `forma: 'compatta'` answers the lean shape
 * (range-compact-repo.ts), kept under its own key.
 */
export async function inRangeAnswer(
  ctx: CompanyContext,
  start: string,
  end: string,
  f: { tecnico_id?: string; mansione_id?: string; cliente_id?: string; forma?: 'compatta' },
  withCoordinates = false,
): Promise<{ etag: string; body: (encoding: BodyEncoding) => Promise<Buffer> }> {
  const { tz, revisione } = await repo.scheduleState(ctx.db, ctx.company.id);
  const range = rangeOf(start, end, tz);
  // The lean shape (decision 0044) is the calendar's; the map's call (with coordinates) keeps the full one.
  const compact = f.forma === 'compatta' && !withCoordinates;
  const filters = {
    from: range.from,
    to: range.to,
    tecnicoId: ownOnly(scheduleAccess(ctx), ctx, f.tecnico_id),
    mansioneId: f.mansione_id,
    clienteId: f.cliente_id,
    withCoordinates,
  };
  const key = JSON.stringify([
    tz,
    start,
    end,
    filters.tecnicoId ?? '',
    filters.mansioneId ?? '',
    filters.clienteId ?? '',
    withCoordinates,
    ...(compact ? ['compatta'] : []),
  ]);
  const cache = cacheOf(ctx.deps);
  const head = `{"success":true,"timezone":${JSON.stringify(tz)}`;
  const build = compact
    ? async () => `${head},"forma":"compatta",${(await compactRangeJson(ctx.db, ctx.company.id, tz, filters)).slice(1)}`
    : async () => `${head},"items":${await inRangeJson(ctx.db, ctx.company.id, tz, filters)}}`;
  return {
    etag: rangeEtag(revisione, `${ctx.company.id}|${key}`),
    body: async (encoding) => cache.body(await cache.get(ctx.company.id, revisione, key, build), encoding),
  };
}

/** The range's items with coordinates as JSON text made by PostgreSQL (the map's POST, range-repo.ts), filtered as the calendar. */
export async function mapItemsJson(
  ctx: CompanyContext,
  start: string,
  end: string,
  tz: string,
  f: { tecnico_id?: string | undefined; mansione_id?: string | undefined; cliente_id?: string | undefined } = {},
): Promise<string> {
  const range = rangeOf(start, end, tz);
  return inRangeJson(ctx.db, ctx.company.id, tz, {
    from: range.from,
    to: range.to,
    tecnicoId: ownOnly(scheduleAccess(ctx), ctx, f.tecnico_id),
    mansioneId: f.mansione_id,
    clienteId: f.cliente_id,
    withCoordinates: true,
  });
}

/** Loads an appointment the caller may see (else 404, as an unknown one). */
async function visible(db: DbOrTx, ctx: CompanyContext, access: ScheduleAccess, id: string) {
  const r = await repo.findAppointment(db, ctx.company.id, id);
  if (!r || (!access.seeAll && !r.tecnici.includes(ownIdOf(ctx.principal))) || (r.daFare && !access.todos.read))
    throw notFound('Appuntamento');
  return r;
}

export async function get(ctx: CompanyContext, id: string): Promise<Appointment> {
  const r = await visible(ctx.db, ctx, scheduleAccess(ctx), id);
  return (await presenterFor(ctx.db, ctx.company.id)).present(r);
}

/** Start and end of a dated appointment (all day: midnight to midnight in the zone), or the problems. */
function timesOf(input: AppointmentInput, tz: string, problems: FieldProblem[]) {
  const at = (path: string, message: string) => problems.push({ path, message });
  let inizio: Date | null = null;
  let fine: Date | null = null;
  if (input.tutto_il_giorno) {
    if (!input.data_inizio || !isRealDay(input.data_inizio)) at('data_inizio', 'Data di inizio obbligatoria');
    else if (input.data_fine && !isRealDay(input.data_fine)) at('data_fine', 'Data non valida');
    else {
      inizio = zonedToUtc(input.data_inizio, tz);
      fine = zonedToUtc(addDays(input.data_fine ?? input.data_inizio, 1), tz);
    }
  } else {
    if (!input.inizio) at('inizio', 'Inizio obbligatorio');
    if (!input.fine) at('fine', 'Fine obbligatoria');
    if (input.inizio && input.fine) {
      inizio = new Date(input.inizio);
      fine = new Date(input.fine);
    }
  }
  if (inizio && fine) {
    if (fine <= inizio) at(input.tutto_il_giorno ? 'data_fine' : 'fine', "La fine deve essere dopo l'inizio");
    else if (fine.getTime() - inizio.getTime() > SCHEDULE_MAX.durataGiorni * 86_400_000) {
      at(input.tutto_il_giorno ? 'data_fine' : 'fine', `Durata massima ${SCHEDULE_MAX.durataGiorni} giorni`);
    }
  }
  return { inizio, fine };
}

type Common = Omit<TodoInput, 'tecnici_ids'> & { tecnici_ids: string[] };

/** Checks what the appointment refers to: the customer (404), then the rest as field problems. */
async function referencesOf(tx: Tx, ctx: CompanyContext, input: Common, problems: FieldProblem[]) {
  const aziendaId = ctx.company.id;
  const at = (path: string, message: string) => problems.push({ path, message });
  if (!(await repo.customerExists(tx, aziendaId, input.cliente_id))) throw notFound('Cliente');
  if (input.impianto_id) {
    const plant = await repo.plantOf(tx, aziendaId, input.impianto_id);
    if (!plant || plant.clienteId !== input.cliente_id) at('impianto_id', 'Impianto non trovato per questo cliente');
  }
  const machines = await repo.machinesOf(tx, aziendaId, input.macchinari_ids);
  input.macchinari_ids.forEach((m, i) => {
    const found = machines.find((x) => x.id === m);
    if (!found || found.clienteId !== input.cliente_id || (input.impianto_id && found.impiantoId !== input.impianto_id))
      at(`macchinari_ids.${i}`, 'Macchinario non trovato per questo cliente o impianto');
  });
  const users = await repo.companyUsers(tx, aziendaId);
  const byId = new Map(users.map((u) => [u.id, u]));
  input.tecnici_ids.forEach((t, i) => {
    const u = byId.get(t);
    if (!u || u.status !== 'ACTIVE' || u.scheduleenabled !== 'Y') at(`tecnici_ids.${i}`, 'Tecnico non trovato');
  });
  if (input.mansione_id && !(await repo.mansioneExists(tx, aziendaId, input.mansione_id)))
    at('mansione_id', 'Mansione non trovata');
  if (input.rapportino_id) {
    const report = await repo.reportOf(tx, aziendaId, input.rapportino_id);
    if (!report || report.clienteId !== input.cliente_id)
      at('rapportino_id', 'Rapportino non trovato per questo cliente');
    // One appointment per visit (decision 0040): a report is linked by one appointment only.
    else if (await otherOfReport(tx, aziendaId, input.rapportino_id, input.id))
      at('rapportino_id', 'Il rapportino ha già un appuntamento: spostalo invece di crearne un altro');
  }
  let occurrence: Awaited<ReturnType<typeof repo.occurrenceOf>> | undefined;
  if (input.attivita_data_id) {
    occurrence = await repo.occurrenceOf(tx, aziendaId, input.attivita_data_id);
    if (!occurrence || occurrence.clienteId !== input.cliente_id)
      at('attivita_data_id', 'Attività non trovata per questo cliente');
  }
  return { names: new Map(users.map((u) => [u.id, u.nome])), occurrence };
}

/**
 * POST /schedule/appointment (dated) and POST /schedule/appointment/todo (no dates): creates (no id)
 * or updates (id) in one transaction: the appointment, its technicians and machines, the report made
 * with it, the activity occurrence's planned day. Warnings answer success false and save nothing,
 * unless `conferma`.
 */
async function saveAny(
  ctx: CompanyContext,
  input: Common,
  dated: AppointmentInput | null,
): Promise<AppointmentSaveResponse> {
  const aziendaId = ctx.company.id;
  const access = scheduleAccess(ctx);
  return ctx.transaction(async (inTx) => {
    const tx = inTx.db as Tx;
    const tz = await repo.timezoneOf(tx, aziendaId);
    const old = input.id ? await repo.lockAppointment(tx, aziendaId, input.id) : undefined;
    if (input.id && (!old || (!access.writeAll && !old.tecnici.includes(ownIdOf(ctx.principal)))))
      throw notFound('Appuntamento');
    // A to-do is made, changed or planned onto the calendar only with the to-dos area (interventi_da_pianificare write).
    if ((!dated || old?.daFare) && !access.todos.write)
      throw forbidden('Gli interventi da pianificare non sono consentiti');
    const problems: FieldProblem[] = [];
    const refs = await referencesOf(tx, ctx, input, problems);
    const { inizio, fine } = dated ? timesOf(dated, tz, problems) : { inizio: null, fine: null };
    const creaRapportino = dated?.crea_rapportino ?? false;
    if (creaRapportino && (input.rapportino_id || old?.rapportinoId))
      problems.push({ path: 'crea_rapportino', message: "L'appuntamento ha già un rapportino" });
    if (problems.length) throw invalid(problems);
    // On own data a user plans only their own appointments.
    if (!access.writeAll && !input.tecnici_ids.includes(ownIdOf(ctx.principal))) throw forbidden();
    if (creaRapportino && !access.createReports) throw forbidden('Creare rapportini non è consentito');

    const plannedDay = inizio ? localDay(inizio, tz) : null;
    const o = refs.occurrence;
    if (!(dated?.conferma ?? false)) {
      const ritardo = o?.regoleAttivita?.ritardo_massimo_giorni ?? o?.regoleContratto?.ritardo_massimo_giorni ?? null;
      const avvisi = await warningsOf(tx, aziendaId, {
        id: old?.id,
        tecnici: input.tecnici_ids,
        names: refs.names,
        mansioneId: input.mansione_id ?? null,
        inizio,
        fine,
        occurrence: o ? { id: o.id, data: o.data, ritardoMassimo: ritardo } : undefined,
        plannedDay,
      });
      if (avvisi.length) return { success: false as const, avvisi };
    }

    const tecnici = [...new Set(input.tecnici_ids)];
    const macchinariIds = [...new Set(input.macchinari_ids)];
    let rapportinoId = input.rapportino_id === undefined ? (old?.rapportinoId ?? null) : input.rapportino_id;
    if (creaRapportino) {
      const body = reportWorkRequest.parse({
        cliente_id: input.cliente_id,
        impianto_id: input.impianto_id ?? null,
        macchinari_ids: macchinariIds,
        tecnici_ids: tecnici,
        mansione_id: input.mansione_id ?? null,
        richiesta_iniziale: input.note || input.titolo,
        ...(o ? { contratto_id: o.contrattoId } : {}),
      });
      // The report's own transaction nests as a savepoint of this one. No data_appuntamento: this appointment,
      // linked below, is the report's (decision 0040).
      const report = await saveReport(inTx, body);
      rapportinoId = report.id;
    }

    const moved = !old || old.inizio?.getTime() !== inizio?.getTime();
    const promemoria =
      dated?.promemoria_minuti === undefined ? (old?.promemoriaMinuti ?? null) : dated.promemoria_minuti;
    const values: repo.AppointmentValues = {
      clienteId: input.cliente_id,
      impiantoId: input.impianto_id ?? null,
      mansioneId: input.mansione_id ?? null,
      rapportinoId,
      attivitaDataId: input.attivita_data_id ?? null,
      titolo: input.titolo,
      note: input.note ?? null,
      inizio,
      fine,
      tuttoIlGiorno: dated?.tutto_il_giorno ?? false,
      daFare: !dated,
      promemoriaMinuti: dated ? promemoria : null,
      // A new start (or a new reminder) makes a new reminder due.
      promemoriaInviatoAt:
        moved || promemoria !== (old?.promemoriaMinuti ?? null) ? null : (old?.promemoriaInviatoAt ?? null),
    };
    let id = old?.id;
    if (id) await repo.updateAppointment(tx, aziendaId, id, values);
    else id = await repo.insertAppointment(tx, aziendaId, { ...values, createdBy: userIdOf(ctx.principal) });
    await repo.replaceLinks(tx, aziendaId, id, tecnici, macchinariIds, inizio);
    const now = { id, clienteId: values.clienteId, inizio, fine, tuttoIlGiorno: !!values.tuttoIlGiorno, tecnici };
    if (old) await emitMoved(inTx, old, now);
    else await emitAppointment(inTx, 'appointment.created', now);
    if (old?.attivitaDataId && old.attivitaDataId !== values.attivitaDataId)
      await repo.setPlannedDay(tx, aziendaId, old.attivitaDataId, null);
    if (values.attivitaDataId) {
      await repo.setPlannedDay(tx, aziendaId, values.attivitaDataId, plannedDay);
      if (rapportinoId) await repo.linkOccurrenceReport(tx, aziendaId, values.attivitaDataId, rapportinoId);
    }
    const row = await repo.findAppointment(tx, aziendaId, id);
    return { success: true as const, item: (await presenterFor(tx, aziendaId)).present(row!) };
  });
}

export const saveAppointment = (ctx: CompanyContext, input: AppointmentInput) => saveAny(ctx, input, input);

export async function saveTodo(ctx: CompanyContext, input: TodoInput): Promise<Appointment> {
  const r = await saveAny(ctx, input, null);
  if (!r.success) throw new AppError('INTERNAL');
  return r.item;
}

/** POST /schedule/appointment/reminder: sets (or clears) the reminder; a new one is due again. */
export async function setReminder(
  ctx: CompanyContext,
  input: { id: string; minuti_prima: number | null },
): Promise<Appointment> {
  const access = scheduleAccess(ctx);
  return ctx.db.transaction(async (tx) => {
    const old = await repo.lockAppointment(tx, ctx.company.id, input.id);
    if (!old || (!access.writeAll && !old.tecnici.includes(ownIdOf(ctx.principal)))) throw notFound('Appuntamento');
    if (old.daFare) throw invalid([{ path: 'id', message: 'Un promemoria richiede un appuntamento con date' }]);
    await repo.updateAppointment(tx, ctx.company.id, input.id, {
      promemoriaMinuti: input.minuti_prima,
      promemoriaInviatoAt: null,
    });
    const row = await repo.findAppointment(tx, ctx.company.id, input.id);
    return (await presenterFor(tx, ctx.company.id)).present(row!);
  });
}

/** DELETE /schedule/appointment/remove/{id}: the activity occurrence is no longer planned; the report stays. */
export async function remove(ctx: CompanyContext, id: string): Promise<void> {
  const access = scheduleAccess(ctx);
  await ctx.transaction(async (inTx) => {
    const tx = inTx.db as Tx;
    const old = await repo.lockAppointment(tx, ctx.company.id, id);
    if (!old || (!access.deleteAll && !old.tecnici.includes(ownIdOf(ctx.principal)))) throw notFound('Appuntamento');
    if (old.daFare && !access.todos.delete) throw forbidden('Eliminare gli interventi da pianificare non è consentito');
    if (old.attivitaDataId) await repo.setPlannedDay(tx, ctx.company.id, old.attivitaDataId, null);
    await repo.deleteAppointment(tx, ctx.company.id, id);
    await emitAppointment(inTx, 'appointment.deleted', old);
  });
}

/** GET /schedule/appointments/admin: the paged list (to-dos with todo=true). */
export async function adminList(ctx: CompanyContext, q: AppointmentsAdminQuery) {
  const access = scheduleAccess(ctx);
  // Without the to-dos area: asking for to-dos is refused, the whole list shows only dated appointments.
  if (q.todo === 'true' && !access.todos.read) throw forbidden('Gli interventi da pianificare non sono consentiti');
  const todo = !access.todos.read ? false : q.todo === undefined ? undefined : q.todo === 'true';
  const p = await presenterFor(ctx.db, ctx.company.id);
  const from = q.dal ? rangeOf(q.dal, q.dal, p.tz).from : undefined;
  const to = q.al ? rangeOf(q.al, q.al, p.tz).to : undefined;
  if (q.dal && q.al && dashed(q.al) < dashed(q.dal))
    throw invalid([{ path: 'al', message: "La fine precede l'inizio" }]);
  const { items, total } = await repo.page(ctx.db, ctx.company.id, {
    q: q.q || undefined,
    tecnicoId: ownOnly(access, ctx, q.tecnico_id),
    from,
    to,
    todo,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  });
  return { success: true as const, timezone: p.tz, items: items.map(p.present), totaleElementi: total };
}

/** GET /imposta-versione-schedule-vecchia/{version}/{companyId}: the company's planner version. */
export async function setVersion(ctx: CompanyContext, version: '1' | '2', companyId: string) {
  if (companyId !== ctx.company.id) throw forbidden();
  await repo.setScheduleVersion(ctx.db, ctx.company.id, Number(version));
  return { success: true as const, versione: Number(version) };
}
