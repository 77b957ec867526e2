import { calculateInterval, dayIn, type ClockingFix } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { uniqueViolation } from '../../../platform/db/pg-errors.js';
import * as repo from './repo.js';
import * as months from './months-repo.js';
import { effectiveOf, isFree } from './presenter.js';
import { monthOf, travelSequenceOk } from './rules.js';
import type { ClockingSettings } from './settings.js';

/**
 * The writes of a technician's records and the rules they keep (decision 0045), shared by the own
 * clock and the office's save. Each runs inside the caller's transaction, after `lockTechnician`.
 */
export interface WriteEnv {
  ctx: CompanyContext;
  s: ClockingSettings;
  utenteId: string;
  /** The signed-in user acting (who corrected, who entered), when there is one. */
  by: string | null;
}

/** A fix may be a few minutes ahead of the server's clock, no more. */
const FIX_AHEAD_MS = 5 * 60_000;
const isTravel = (tipo: string) => tipo === 'ANDATA' || tipo === 'RITORNO';

export const MESSAGES = {
  open: "C'è già un intervallo aperto: chiudilo prima di iniziarne un altro",
  overlap: "L'intervallo non può iniziare prima della fine di quello precedente",
  sequence: {
    ANDATA: 'Manca il ritorno del viaggio precedente: registra il ritorno o segnalalo come non necessario',
    RITORNO: "Manca l'andata: il ritorno richiede un'andata senza ritorno nei giorni precedenti",
  },
  approved: 'Il mese è approvato: sbloccalo prima di modificare le timbrature',
};

/** The unique index of one open interval per technician refused a write: the rule's 409, never a 500. */
export function openIntervalConflict(e: unknown): never {
  if (uniqueViolation(e) === 'timbrature_una_aperta_uq') throw new AppError('CLOCKING_OPEN_INTERVAL', MESSAGES.open);
  throw e;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION', message, [{ path, message }]);
}

/** The calculated columns of an interval from its effective times (decision 0045). */
function calculated(s: ClockingSettings, start: Date, end: Date | null) {
  const c = calculateInterval(start, end, s.rules);
  return {
    giorno: dayIn(start, s.rules.timeZone),
    timbraturaStartCalcolata: c.start,
    timbraturaEndCalcolata: c.end,
    minutiCalcolati: c.minutes,
    aperta: end === null,
  };
}

/** A fix's columns: stored only while geolocation is on; stale when older than the validity at `at`. */
function fixColumns(s: ClockingSettings, fix: ClockingFix | undefined, at: Date) {
  if (!fix || !s.geolocation.enabled) return null;
  const fixAt = new Date(fix.fixAt);
  const age = at.getTime() - fixAt.getTime();
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    accuracyM: fix.accuracyM ?? null,
    fixAt,
    stale: age > s.geolocation.validityMinutes * 60_000 || -age > FIX_AHEAD_MS,
  };
}

async function assertMonthsOpen(env: WriteEnv, days: string[]) {
  const approved = await months.approvedAmong(env.ctx.db, env.ctx.company.id, env.utenteId, [
    ...new Set(days.map(monthOf)),
  ]);
  if (approved.size > 0) throw new AppError('CLOCKING_MONTH_APPROVED', MESSAGES.approved);
}

async function assertNoOverlap(env: WriteEnv, start: Date, end: Date | null, exceptId?: string) {
  if (await repo.overlapping(env.ctx.db, env.ctx.company.id, env.utenteId, start, end, exceptId)) {
    throw new AppError('CLOCKING_OVERLAP', MESSAGES.overlap);
  }
}

/** After a change of travel between lo and hi, the technician's travel still alternates (across days). */
async function assertTravelSequence(env: WriteEnv, tipo: string, lo: Date, hi: Date, message?: string) {
  const w = await repo.travelWindow(env.ctx.db, env.ctx.company.id, env.utenteId, lo, hi);
  if (!travelSequenceOk(w.legs, w.hasPrevious)) {
    throw new AppError(
      'CLOCKING_TRAVEL_SEQUENCE',
      message ?? MESSAGES.sequence[tipo === 'RITORNO' ? 'RITORNO' : 'ANDATA'],
    );
  }
}

async function emitClosed(env: WriteEnv, id: string) {
  const r = (await repo.findRecord(env.ctx.db, env.ctx.company.id, id))!;
  await env.ctx.emit({
    type: 'clocking.closed',
    aggregateId: id,
    payload: {
      id,
      utente_id: r.utenteId,
      tipo: r.tipo,
      giorno: r.giorno,
      minuti_calcolati: r.minutiCalcolati ?? 0,
    },
  });
}

export interface NewInterval {
  tipo: string;
  origine: 'TECNICO' | 'UFFICIO';
  start: Date;
  end: Date | null;
  timezone: string;
  clienteId?: string;
  km?: number;
  fix?: ClockingFix;
}

/** Opens (or, with an end, enters) an interval: one open per technician, no overlap, travel in sequence. */
export async function insertInterval(env: WriteEnv, v: NewInterval): Promise<string> {
  const { ctx, s } = env;
  if (v.end && v.end.getTime() <= v.start.getTime()) throw invalid('end', "La fine deve seguire l'inizio");
  const calc = calculated(s, v.start, v.end);
  await assertMonthsOpen(env, [calc.giorno]);
  if (!v.end && (await repo.openRecord(ctx.db, ctx.company.id, env.utenteId))) {
    throw new AppError('CLOCKING_OPEN_INTERVAL', MESSAGES.open);
  }
  await assertNoOverlap(env, v.start, v.end);
  let km = v.km ?? null;
  if (v.clienteId) {
    const customer = await repo.findCustomer(ctx.db, ctx.company.id, v.clienteId);
    if (!customer) throw notFound('Cliente');
    if (km === null && customer.kmViaggio !== null) km = Number(customer.kmViaggio);
  }
  const fix = fixColumns(s, v.fix, v.start);
  const id = await repo.insertRecord(ctx.db, {
    aziendaId: ctx.company.id,
    utenteId: env.utenteId,
    tipo: v.tipo,
    origine: v.origine,
    timbraturaStart: v.start,
    timbraturaEnd: v.end,
    ...calc,
    timezone: v.timezone,
    clienteId: v.clienteId ?? null,
    km: km === null ? null : String(km),
    ...(fix
      ? {
          startLatitude: fix.latitude,
          startLongitude: fix.longitude,
          startAccuracyM: fix.accuracyM,
          startFixAt: fix.fixAt,
          startFixStale: fix.stale,
        }
      : {}),
    creatoDa: env.by,
  });
  if (isTravel(v.tipo)) await assertTravelSequence(env, v.tipo, v.start, v.start);
  if (v.end) await emitClosed(env, id);
  return id;
}

/** The technician's exit: the raw end is written once; the calculated times follow. */
export async function closeInterval(env: WriteEnv, row: repo.RecordRow, end: Date, fix?: ClockingFix) {
  await assertMonthsOpen(env, [row.giorno]);
  const { start } = effectiveOf(row);
  if (end.getTime() < start.getTime()) throw invalid('azione', "L'uscita non può precedere l'entrata");
  const f = fixColumns(env.s, fix, end);
  await repo.updateRecord(env.ctx.db, env.ctx.company.id, row.id, {
    timbraturaEnd: end,
    ...calculated(env.s, start, row.timbraturaEndCorretta ?? end),
    ...(f
      ? {
          endLatitude: f.latitude,
          endLongitude: f.longitude,
          endAccuracyM: f.accuracyM,
          endFixAt: f.fixAt,
          endFixStale: f.stale,
        }
      : {}),
  });
  await emitClosed(env, row.id);
}

/** The office's correction: a new version (who, when, why); raw times kept; calculated times and day again. */
export async function correctInterval(
  env: WriteEnv,
  row: repo.RecordRow,
  c: { start: Date; end: Date | null; motivo: string; km?: number | null },
) {
  const { ctx } = env;
  if (c.end === null && row.timbraturaEnd !== null)
    throw invalid('end', 'La fine è obbligatoria: l’intervallo è chiuso');
  if (c.end && c.end.getTime() <= c.start.getTime()) throw invalid('end', "La fine deve seguire l'inizio");
  const calc = calculated(env.s, c.start, c.end);
  await assertMonthsOpen(env, [row.giorno, calc.giorno]);
  if (c.end === null) {
    const open = await repo.openRecord(ctx.db, ctx.company.id, env.utenteId);
    if (open && open.id !== row.id) throw new AppError('CLOCKING_OPEN_INTERVAL', MESSAGES.open);
  }
  await assertNoOverlap(env, c.start, c.end, row.id);
  const versione = row.versione + 1;
  await repo.insertVersion(ctx.db, {
    aziendaId: ctx.company.id,
    timbraturaId: row.id,
    versione,
    timbraturaStart: c.start,
    timbraturaEnd: c.end,
    motivo: c.motivo,
    correttoDa: env.by,
    correttoIl: ctx.clock.now(),
  });
  await repo.updateRecord(ctx.db, ctx.company.id, row.id, {
    timbraturaStartCorretta: c.start,
    timbraturaEndCorretta: c.end,
    ...calc,
    versione,
    ...(c.km !== undefined ? { km: c.km === null ? null : String(c.km) } : {}),
  });
  if (isTravel(row.tipo)) {
    const was = effectiveOf(row).start;
    const [lo, hi] = was < c.start ? [was, c.start] : [c.start, was];
    await assertTravelSequence(env, row.tipo, lo, hi);
  }
  if (row.aperta && c.end) await emitClosed(env, row.id);
}

/** Removes a free record (month not approved, closed, and for the technician never corrected). */
export async function removeInterval(env: WriteEnv, row: repo.RecordRow, office: boolean) {
  await assertMonthsOpen(env, [row.giorno]);
  if (!isFree(row, false, office)) {
    throw new AppError(
      'CLOCKING_NOT_FREE',
      row.aperta
        ? "L'intervallo è ancora aperto: chiudilo prima di eliminarlo"
        : "L'intervallo è stato corretto dall'ufficio: solo l'ufficio può eliminarlo",
    );
  }
  await repo.deleteRecord(env.ctx.db, env.ctx.company.id, row.id);
  if (isTravel(row.tipo)) {
    const { start } = effectiveOf(row);
    await assertTravelSequence(
      env,
      row.tipo,
      start,
      start,
      row.tipo === 'ANDATA'
        ? 'Il viaggio ha già il ritorno: elimina prima il ritorno'
        : "Dopo questo ritorno c'è già un'altra andata: elimina prima quella",
    );
  }
}

/** Marks an outward travel's return not necessary (after the web's confirmation). */
export async function markReturnNotNecessary(env: WriteEnv, row: repo.RecordRow) {
  if (row.tipo !== 'ANDATA') throw invalid('id', "Solo un'andata può avere il ritorno non necessario");
  await assertMonthsOpen(env, [row.giorno]);
  if (row.ritornoNonNecessario) return;
  await repo.updateRecord(env.ctx.db, env.ctx.company.id, row.id, { ritornoNonNecessario: true });
  const { start } = effectiveOf(row);
  await assertTravelSequence(env, 'ANDATA', start, start, "Il ritorno di quest'andata è già registrato");
}
