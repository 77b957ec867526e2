import {
  addDays,
  allowanceAmount,
  allowanceDays,
  CLOCKING_LONG_DAY_MINUTES,
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
import { clockingRevision, overviewCacheOf } from './overview-cache.js';
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
  const aziendaId = ctx.company.id;
  const today = todayOf(ctx);
  if (q.forma !== 'totali') return build(ctx, q, everyone ? null : await technicianOf(ctx, q.utenteId), today);
  // The overview is kept under the company's clocking revision (overview-cache.ts), read before it is built.
  const [who, revision] = await Promise.all([
    everyone ? null : technicianOf(ctx, q.utenteId),
    clockingRevision(ctx.db, aziendaId),
  ]);
  const key = `${q.from}|${q.to}|${who ?? '*'}|${today}|${ctx.company.timezone}`;
  return overviewCacheOf(ctx.deps).get(aziendaId, revision, key, () => build(ctx, q, who, today));
}

async function build(
  ctx: CompanyContext,
  q: ClockingListQuery,
  who: string | null,
  today: string,
): Promise<ClockingListResponse> {
  const a = clockingAccess(ctx);
  const aziendaId = ctx.company.id;
  const s = await clockingSettings(ctx);
  const [read, approvals] = await Promise.all([
    q.forma === 'totali'
      ? overviewOf(ctx, q.from, q.to, who, today)
      : recordsOf(ctx, q.from, q.to, who, today, a.officeWrite),
    months.approvalsBetween(ctx.db, aziendaId, monthOf(q.from), monthOf(q.to), who),
  ]);
  const approved = new Set(approvals.map((x) => `${x.utenteId}|${x.mese}`));
  // The records were presented as of a month not approved: an approved month locks them (not free).
  const items = read.items.map((i) => {
    const approvata = approved.has(`${i.utenteId}|${monthOf(i.giorno)}`);
    return { ...i, approvata, libera: i.libera && !approvata };
  });
  const techIds = [...new Set([...(who ? [who] : []), ...read.figures.keys(), ...approvals.map((x) => x.utenteId)])];
  const [users, before] = await Promise.all([
    repo.usersByIds(ctx.db, aziendaId, techIds),
    s.allowance.enabled ? repo.travelBefore(ctx.db, aziendaId, techIds, q.from) : Promise.resolve([]),
  ]);
  return {
    success: true,
    timezone: ctx.company.timezone,
    items,
    totali: totalsOf(users, read.figures, before, s, q.from, q.to),
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

/** A technician's figures over the range: calculated minutes, records with an anomaly, travel legs in time order. */
interface Figures {
  work: number;
  travel: number;
  anomalous: number;
  legs: TravelLeg[];
}
const noFigures = (): Figures => ({ work: 0, travel: 0, anomalous: 0, legs: [] });
const legOf = (x: { tipo: string; giorno: string; km: string | number | null; ritornoNonNecessario: boolean }) => ({
  tipo: x.tipo as TravelLeg['tipo'],
  giorno: x.giorno,
  km: x.km === null ? null : Number(x.km),
  ritornoNonNecessario: x.ritornoNonNecessario,
});

/** The records of the range as the lists answer them (approval set by the caller), and their figures. */
async function recordsOf(
  ctx: CompanyContext,
  from: string,
  to: string,
  who: string | null,
  today: string,
  office: boolean,
): Promise<{ items: ClockingRecord[]; figures: Map<string, Figures> }> {
  // The day before the range too: an interval of that evening may overlap the first day's.
  const read = await repo.recordsOfRange(ctx.db, ctx.company.id, addDays(from, -1), to, who);
  const anomalies = anomaliesOf(read.map(anomalyInput), today);
  const rows = read.filter((r) => r.giorno >= from);
  const items = rows.map((r) => toRecord(r, { approved: false, office, anomalies: anomalies.get(r.id) ?? [] }));
  const figures = new Map<string, Figures>();
  for (const i of items) {
    let f = figures.get(i.utenteId);
    if (!f) figures.set(i.utenteId, (f = noFigures()));
    if (i.tipo === 'LAVORO') f.work += i.minutiCalcolati ?? 0;
    else {
      f.travel += i.minutiCalcolati ?? 0;
      f.legs.push(legOf(i));
    }
    if (i.anomalie.length > 0) f.anomalous++;
  }
  return { items, figures };
}

/** The overview (`forma=totali`): the figures summed by the database, the travel legs only, no records. */
async function overviewOf(
  ctx: CompanyContext,
  from: string,
  to: string,
  who: string | null,
  today: string,
): Promise<{ items: ClockingRecord[]; figures: Map<string, Figures> }> {
  const [sums, travel] = await Promise.all([
    repo.figuresOfRange(ctx.db, ctx.company.id, from, to, who, today, CLOCKING_LONG_DAY_MINUTES),
    repo.travelOfRange(ctx.db, ctx.company.id, from, to, who),
  ]);
  const figures = new Map<string, Figures>(
    sums.map((x) => [x.utenteId, { work: x.lavoro, travel: x.viaggio, anomalous: x.anomalie, legs: [] }]),
  );
  for (const t of travel)
    figures.get(t.utente_id)?.legs.push(legOf({ ...t, ritornoNonNecessario: t.ritorno_non_necessario }));
  return { items: [], figures };
}

/** Each technician's work and travel minutes, allowance days and amount, anomalies (calculated times). */
function totalsOf(
  users: UserRef[],
  figures: Map<string, Figures>,
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
      const f = figures.get(u.id) ?? noFigures();
      const legs = [
        ...before
          .filter((b) => b.utente_id === u.id)
          .map((b) => legOf({ ...b, ritornoNonNecessario: b.ritorno_non_necessario })),
        ...f.legs,
      ];
      const days = s.allowance.enabled ? allowanceDays(legs, s.allowance, from, to).length : 0;
      return {
        utente: u,
        lavoroMinuti: f.work,
        viaggioMinuti: f.travel,
        giorniTrasferta: days,
        importoTrasferte: allowanceAmount(days, s.allowance),
        anomalie: f.anomalous,
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
