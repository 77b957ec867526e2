import { randomUUID } from 'node:crypto';
import { addDays, calculateInterval, dayIn, zonedInstant, type ClockingRules } from '@fs/contract';
import type { Db } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
import { todayOn } from '../platform/clock.js';
import { timbrature, timbratureApprovazioni, timbratureVersioni } from '../platform/db/schema-clocking.js';
import { optionValues } from '../features/company/index.js';
import { demoTerritory } from './areas.js';
import { isWorkingDay } from './sample-schedule.js';

/**
 * The demo company's clockings (issue 26, decision 0045), so a newcomer sees a real month at once: each
 * technician clocked every working day (Monday to Friday, the planner's fixed holidays off) from two months
 * back to yesterday, on the company's clock: in about 08:00, out about 12:30, in about 13:30, out about
 * 17:00, a few minutes either way (now and then an entry 5 to 9 minutes late, which the tolerance absorbs);
 * on some days an outward travel before work and the return after it to a customer of the technician's
 * region with its km (one-way, the customer's `km_viaggio`), and now and then a trip over two days farther away
 * (80 to 160 km, entered), which earns the daily allowance once the option is on (two days each). Calculated times follow the company's options (tolerance,
 * rounding) through `calculateInterval`, days cut in the company's zone.
 *
 * - One correction with its reason: an entry of the last technician (Mario Rossi in the demo) clocked late in last
 *   month, corrected by the administrator the next morning (a version row; raw times kept).
 * - One forgotten exit: the first technician's (Luca Bianchi's) last interval, yesterday afternoon's, is left open,
 *   so the office sees the APERTA anomaly at once and closes it with a correction. It must be the last record: a
 *   technician with an open interval cannot open another (decision 0045), so no record after it could exist. Until
 *   the office closes it he cannot clock in; Mario Rossi, the first technician login the start-up lists, has
 *   nothing open and clocks in today as usual.
 * - Last month approved by the administrator for every technician, on this month's first working day.
 *
 * Written in one transaction; a company that has clockings is left as it is.
 */

/** Minutes past midnight as a wall-clock time, with seconds. */
interface Wall {
  day: string;
  minute: number;
  second: number;
}

/** A small deterministic hash in [0, 1): the same demo every time for the same days. */
function rand(...xs: number[]): number {
  let h = 2166136261;
  for (const x of xs) {
    h ^= x + 0x9e3779b9;
    h = Math.imul(h, 16777619) >>> 0;
    h ^= h >>> 13;
  }
  return ((h >>> 0) % 100_000) / 100_000;
}
const between = (r: number, lo: number, hi: number) => lo + Math.floor(r * (hi - lo + 1));

export const SAMPLE_CLOCKING = {
  correctionReason: 'Entrata timbrata in ritardo: il tecnico era in cantiere dalle 8:00 (confermato dal cliente)',
  /** One working day in this many has a one-day trip; every TRIP2-th a trip over two days. */
  trip: 6,
  trip2: 11,
} as const;

export async function seedSampleClocking(deps: Deps, aziendaId: string): Promise<{ records: number }> {
  const q = async <T>(text: string, values: unknown[] = []) =>
    (await deps.database.executeSql(text, values)).rows as T[];
  const [{ n }] = (await q<{ n: number }>('select count(*)::int as n from timbrature where azienda_id = $1', [
    aziendaId,
  ])) as [{ n: number }];
  if (n > 0) return { records: 0 };
  const [company] = await q<{ timezone: string }>('select timezone from aziende where id = $1', [aziendaId]);
  const [admin] = await q<{ id: string }>(
    `select id from utenti where azienda_id = $1 and role = 'admin' order by created_at, username limit 1`,
    [aziendaId],
  );
  const zone = company!.timezone;
  const [tolerance, rounding] = await optionValues(deps, aziendaId, [
    ['timbrature', 'tolleranza_minuti'],
    ['timbrature', 'arrotondamento_minuti'],
  ]);
  const rules: ClockingRules = {
    toleranceMinutes: Number(tolerance) || 0,
    roundingMinutes: Number(rounding) || 1,
    timeZone: zone,
  };
  const { techs, plantsOf } = await demoTerritory(deps, aziendaId);
  if (!techs.length) return { records: 0 };
  const customers = await q<{ id: string; km: number }>(
    `select id, km_viaggio::float8 as km from clienti where azienda_id = $1 and km_viaggio >= 20 order by codice`,
    [aziendaId],
  );

  const today = todayOn(deps.clock, zone);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = `${addDays(thisMonth, -1).slice(0, 7)}-01`;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 3, 1));
  const lastOfFirst = new Date(Date.UTC(y, m - 2, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastOfFirst));
  const days: string[] = [];
  for (let day = first.toISOString().slice(0, 10); day < today; day = addDays(day, 1))
    if (isWorkingDay(day)) days.push(day);
  if (!days.length) return { records: 0 };

  const at = (w: Wall) =>
    new Date(zonedInstant(w.day, zone, Math.floor(w.minute / 60), w.minute % 60).getTime() + w.second * 1000);
  type Row = typeof timbrature.$inferInsert;
  const rows: Row[] = [];
  const corrections: { row: Row; start: Date; end: Date | null }[] = [];
  const record = (
    utenteId: string,
    tipo: 'LAVORO' | 'ANDATA' | 'RITORNO',
    day: string,
    from: [number, number],
    to: [number, number] | null,
    seed: number,
    extra: Partial<Row> = {},
  ): Row => {
    const start = at({ day, minute: from[0] * 60 + from[1], second: between(rand(seed, 1), 0, 59) });
    const end = to ? at({ day, minute: to[0] * 60 + to[1], second: between(rand(seed, 2), 0, 59) }) : null;
    const calc = calculateInterval(start, end, rules);
    const row: Row = {
      id: randomUUID(),
      aziendaId,
      utenteId,
      tipo,
      origine: 'TECNICO',
      giorno: dayIn(start, zone),
      timbraturaStart: start,
      timbraturaEnd: end,
      timbraturaStartCalcolata: calc.start,
      timbraturaEndCalcolata: calc.end,
      minutiCalcolati: calc.minutes,
      aperta: end === null,
      timezone: zone,
      createdAt: start,
      updatedAt: end ?? start,
      ...extra,
    };
    rows.push(row);
    return row;
  };
  const hm = (minutes: number): [number, number] => [Math.floor(minutes / 60), minutes % 60];

  techs.forEach((tech, t) => {
    const mine = new Set(plantsOf(tech).map((p) => p.cliente_id));
    const own = customers.filter((c) => mine.has(c.id));
    const pool = own.length ? own : customers;
    let correctionDone = false;
    days.forEach((day, k) => {
      const r = (salt: number) => rand(t, k, salt);
      const startsTrip = (i: number) =>
        i % SAMPLE_CLOCKING.trip2 === (5 + t) % SAMPLE_CLOCKING.trip2 && days[i + 1] === addDays(days[i]!, 1);
      const twoDay = startsTrip(k);
      const secondDay = k > 0 && startsTrip(k - 1);
      // The customer travelled to (a trip over two days returns from the first day's).
      const customer = pool.length ? pool[Math.floor(rand(t, secondDay ? k - 1 : k, 9) * pool.length)]! : null;
      // A day trip goes to a customer's km (`km_viaggio`); a trip over two days is far, its km entered (80 to 160).
      const km = twoDay || secondDay ? between(rand(t, secondDay ? k - 1 : k, 13), 80, 160) : customer?.km;
      const travel = customer ? { clienteId: customer.id, km: String(km) } : {};
      const oneDay = !twoDay && !secondDay && k % SAMPLE_CLOCKING.trip === (2 + 3 * t) % SAMPLE_CLOCKING.trip;
      // A late entry the tolerance absorbs (5 to 9 minutes past the hour), about one day in eight.
      const late = r(3) < 0.125;
      const inAt = late ? between(r(4), 8 * 60 + 5, 8 * 60 + 9) : between(r(4), 7 * 60 + 56, 8 * 60 + 4);
      const seed = t * 10_000 + k * 10;
      if (twoDay || oneDay) record(tech, 'ANDATA', day, hm(between(r(5), 6 * 60 + 40, 7 * 60)), [7, 58], seed, travel);
      const morningIn = twoDay || oneDay ? hm(between(r(6), 8 * 60 + 5, 8 * 60 + 9)) : hm(inAt);
      // The correction: the last technician's entry clocked at 08:47 on a working day of last month.
      const correctHere =
        t === techs.length - 1 && !correctionDone && day >= lastMonth && day < thisMonth && k % 5 === 2;
      const morning = record(
        tech,
        'LAVORO',
        day,
        correctHere ? [8, 47] : morningIn,
        hm(between(r(7), 750, 754)),
        seed + 1,
      );
      if (correctHere) {
        correctionDone = true;
        corrections.push({ row: morning, start: at({ day, minute: 8 * 60, second: 0 }), end: morning.timbraturaEnd! });
      }
      const forgotten = t === 0 && k === days.length - 1;
      const afternoonOut = oneDay || secondDay ? between(r(8), 16 * 60 + 10, 16 * 60 + 14) : between(r(8), 1015, 1024);
      record(tech, 'LAVORO', day, hm(between(r(10), 806, 819)), forgotten ? null : hm(afternoonOut), seed + 2);
      if ((oneDay || secondDay) && !forgotten) {
        const back = afternoonOut + between(r(11), 8, 14);
        record(tech, 'RITORNO', day, hm(back), hm(back + between(r(12), 55, 80)), seed + 3, travel);
      }
    });
  });
  // The corrections: a version with who, when, why; the record carries it and its calculated times.
  for (const c of corrections) {
    const calc = calculateInterval(c.start, c.end, rules);
    Object.assign(c.row, {
      timbraturaStartCorretta: c.start,
      timbraturaEndCorretta: c.end,
      timbraturaStartCalcolata: calc.start,
      timbraturaEndCalcolata: calc.end,
      minutiCalcolati: calc.minutes,
      giorno: dayIn(c.start, zone),
      versione: 1,
    });
  }
  const approvedAt = zonedInstant(days.find((x) => x >= thisMonth) ?? today, zone, 9, 15);
  await (deps.db as Db).transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(timbrature).values(rows.slice(i, i + 500));
    for (const c of corrections) {
      await tx.insert(timbratureVersioni).values({
        aziendaId,
        timbraturaId: c.row.id!,
        versione: 1,
        timbraturaStart: c.start,
        timbraturaEnd: c.end,
        motivo: SAMPLE_CLOCKING.correctionReason,
        correttoDa: admin?.id ?? null,
        correttoIl: zonedInstant(addDays(c.row.giorno, 1), zone, 8, 40),
      });
    }
    await tx.insert(timbratureApprovazioni).values(
      techs.map((utenteId) => ({
        aziendaId,
        utenteId,
        mese: lastMonth,
        approvatoDa: admin?.id ?? null,
        approvatoIl: approvedAt.getTime() < deps.clock.now().getTime() ? approvedAt : deps.clock.now(),
      })),
    );
  });
  return { records: rows.length };
}
