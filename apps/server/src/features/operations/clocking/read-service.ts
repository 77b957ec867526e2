import {
  allowanceAmount,
  allowanceDays,
  CLOCKING_MAX_RANGE_DAYS,
  daysBetween,
  type ClockingDetail,
  type ClockingListQuery,
  type ClockingListResponse,
  type ClockingMonth,
  type ClockingRecord,
  type ClockingTotals,
  type TravelLeg,
} from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { clockingAccess, othersForbidden, technicianOf } from './access.js';
import * as repo from './repo.js';
import * as months from './months-repo.js';
import { effectiveOf, hasStaleFix, toRecord, toVersion } from './presenter.js';
import { anomaliesOf, monthOf, monthsBetween } from './rules.js';
import { clockingSettings, type ClockingSettings } from './settings.js';

const anomalyInput = (r: repo.RecordRow) => ({
  id: r.id,
  utenteId: r.utenteId,
  giorno: r.giorno,
  ...effectiveOf(r),
  minutes: r.minutiCalcolati,
  staleFix: hasStaleFix(r),
});

/** One record as the single-record calls answer it: its month's approval, its day's anomalies. */
export async function recordView(ctx: CompanyContext, row: repo.RecordRow) {
  const aziendaId = ctx.company.id;
  const [approved, day] = await Promise.all([
    months.approvedAmong(ctx.db, aziendaId, row.utenteId, [monthOf(row.giorno)]),
    repo.recordsOfRange(ctx.db, aziendaId, row.giorno, row.giorno, row.utenteId),
  ]);
  const anomalies = anomaliesOf(
    (day.some((d) => d.id === row.id) ? day : [...day, row]).map(anomalyInput),
    todayOf(ctx),
  );
  return toRecord(row, {
    approved: approved.size > 0,
    office: clockingAccess(ctx).officeWrite,
    anomalies: anomalies.get(row.id) ?? [],
  });
}

/** A record the caller may read: own, or another technician's with amministrazione_timbrature read. */
async function readable(ctx: CompanyContext, id: string) {
  const row = await repo.findRecord(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Timbratura');
  const a = clockingAccess(ctx);
  if (row.utenteId !== a.self && !a.officeRead) throw othersForbidden();
  return row;
}

/** GET /timbrature/timbratura: one record with its corrections. */
export async function one(ctx: CompanyContext, id: string): Promise<ClockingDetail> {
  const row = await readable(ctx, id);
  const [item, versions] = await Promise.all([recordView(ctx, row), repo.versionsOf(ctx.db, ctx.company.id, row.id)]);
  return { ...item, correzioni: versions.map(toVersion) };
}

/** GET /timbrature/timbratura/last: the newest record of the caller or of a technician (404 when none). */
export async function last(ctx: CompanyContext, utenteId: string | undefined): Promise<ClockingRecord> {
  const who = await technicianOf(ctx, utenteId);
  const row = await repo.lastRecord(ctx.db, ctx.company.id, who);
  if (!row) throw notFound('Timbratura');
  return recordView(ctx, row);
}

function checkRange(from: string, to: string) {
  if (from > to) {
    throw new AppError('VALIDATION', 'La data iniziale segue quella finale', [
      { path: 'to', message: 'deve seguire from' },
    ]);
  }
  if (daysBetween(from, to) + 1 > CLOCKING_MAX_RANGE_DAYS) {
    throw new AppError('VALIDATION', `Intervallo troppo ampio (al massimo ${CLOCKING_MAX_RANGE_DAYS} giorni)`, [
      { path: 'to', message: `al massimo ${CLOCKING_MAX_RANGE_DAYS} giorni` },
    ]);
  }
}

/**
 * GET /timbrature/timbrature: the records of a range of company days (own, one technician's, or
 * everyone's for the office), with each technician's totals and the months' approvals. The records
 * are one indexed query; users, approvals and the travel leg before the range one query each.
 */
export async function list(ctx: CompanyContext, q: ClockingListQuery): Promise<ClockingListResponse> {
  checkRange(q.from, q.to);
  const a = clockingAccess(ctx);
  const everyone = q.tutti === '1' || (!q.utenteId && !a.self);
  if (everyone && !a.officeRead) throw othersForbidden();
  const who = everyone ? null : await technicianOf(ctx, q.utenteId);
  const aziendaId = ctx.company.id;
  const s = await clockingSettings(ctx);
  const first = monthOf(q.from);
  const [rows, approvals] = await Promise.all([
    repo.recordsOfRange(ctx.db, aziendaId, q.from, q.to, who),
    months.approvalsBetween(ctx.db, aziendaId, first, monthOf(q.to), who),
  ]);
  const techIds = [
    ...new Set([...(who ? [who] : []), ...rows.map((r) => r.utenteId), ...approvals.map((x) => x.utenteId)]),
  ];
  const [users, before] = await Promise.all([
    repo.usersByIds(ctx.db, aziendaId, techIds),
    s.allowance.enabled ? repo.travelBefore(ctx.db, aziendaId, techIds, q.from) : Promise.resolve([]),
  ]);
  const approved = new Set(approvals.map((x) => `${x.utenteId}|${x.mese}`));
  const anomalies = anomaliesOf(rows.map(anomalyInput), todayOf(ctx));
  const items = rows.map((r) =>
    toRecord(r, {
      approved: approved.has(`${r.utenteId}|${monthOf(r.giorno)}`),
      office: a.officeWrite,
      anomalies: anomalies.get(r.id) ?? [],
    }),
  );
  return {
    success: true,
    timezone: ctx.company.timezone,
    items,
    totali: totalsOf(users, items, before, s, q.from, q.to),
    mesi: monthsOf(users, approvals, monthsBetween(q.from, q.to)),
    regole: {
      tolleranzaMinuti: s.rules.toleranceMinutes,
      arrotondamentoMinuti: s.rules.roundingMinutes,
      trasferte: {
        enabled: s.allowance.enabled,
        importoGiornaliero: s.allowance.dailyAmount,
        distanzaMinimaKm: s.allowance.minKm,
      },
      geolocalizzazione: { enabled: s.geolocation.enabled, validitaMinuti: s.geolocation.validityMinutes },
    },
  };
}

type UserRef = Awaited<ReturnType<typeof repo.usersByIds>>[number];
type LegBefore = Awaited<ReturnType<typeof repo.travelBefore>>[number];

/** Each technician's work and travel minutes, allowance days and amount, anomalies (calculated times). */
function totalsOf(
  users: UserRef[],
  items: ClockingRecord[],
  before: LegBefore[],
  s: ClockingSettings,
  from: string,
  to: string,
): ClockingTotals[] {
  return [...users]
    .sort((x, y) =>
      `${x.surname ?? ''} ${x.name ?? ''} ${x.username}`.localeCompare(
        `${y.surname ?? ''} ${y.name ?? ''} ${y.username}`,
      ),
    )
    .map((u) => {
      const own = items.filter((i) => i.utenteId === u.id);
      const legs: TravelLeg[] = [
        ...before
          .filter((b) => b.utente_id === u.id)
          .map((b) => ({
            tipo: b.tipo,
            giorno: b.giorno,
            km: b.km === null ? null : Number(b.km),
            ritornoNonNecessario: b.ritorno_non_necessario,
          })),
        ...own
          .filter((i) => i.tipo !== 'LAVORO')
          .map((i) => ({
            tipo: i.tipo as TravelLeg['tipo'],
            giorno: i.giorno,
            km: i.km,
            ritornoNonNecessario: i.ritornoNonNecessario,
          })),
      ];
      const days = s.allowance.enabled ? allowanceDays(legs, s.allowance, from, to).length : 0;
      const sum = (pick: (i: ClockingRecord) => boolean) =>
        own.filter(pick).reduce((n, i) => n + (i.minutiCalcolati ?? 0), 0);
      return {
        utente: u,
        lavoroMinuti: sum((i) => i.tipo === 'LAVORO'),
        viaggioMinuti: sum((i) => i.tipo !== 'LAVORO'),
        giorniTrasferta: days,
        importoTrasferte: allowanceAmount(days, s.allowance),
        anomalie: own.filter((i) => i.anomalie.length > 0).length,
      };
    });
}

/** Every technician's months touching the range, approved or not. */
function monthsOf(users: UserRef[], approvals: months.ApprovalRow[], range: string[]): ClockingMonth[] {
  const byKey = new Map(approvals.map((x) => [`${x.utenteId}|${x.mese}`, x]));
  return users.flatMap((u) =>
    range.map((mese) => {
      const x = byKey.get(`${u.id}|${mese}`);
      return {
        utenteId: u.id,
        mese: mese.slice(0, 7),
        approvato: !!x,
        approvatoDa: x?.byId ? { id: x.byId, name: x.name, surname: x.surname, username: x.username! } : null,
        approvatoIl: x ? new Date(x.approvatoIl).toISOString() : null,
      };
    }),
  );
}
