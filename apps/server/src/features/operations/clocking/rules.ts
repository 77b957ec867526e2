import { CLOCKING_LONG_DAY_MINUTES, type ClockingAnomaly } from '@fs/contract';

/**
 * The pure rules of clocking the services apply (decision 0045): the travel sequence, the month of a
 * company day, and the anomalies the office is warned of.
 */

/** The month (its first day, YYYY-MM-01) of a company day. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The last day of a month given by its first day. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/** The months (first days) from `from`'s to `to`'s. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const end = monthOf(to);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}-01`;
    out.push(month);
    if (month >= end) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

export interface SequenceLeg {
  tipo: string;
  ritornoNonNecessario: boolean;
}

/**
 * Travel alternates (spec operations 5): an outward travel is followed by its return, unless its
 * return was marked not necessary (then by another outward travel); a return by an outward travel.
 * `legs` are in time order; without a leg before them (`hasPrevious` false) the first must be outward.
 */
export function travelSequenceOk(legs: SequenceLeg[], hasPrevious: boolean): boolean {
  if (!hasPrevious && legs[0] && legs[0].tipo !== 'ANDATA') return false;
  for (let i = 1; i < legs.length; i++) {
    const a = legs[i - 1]!;
    const expected = a.tipo === 'ANDATA' && !a.ritornoNonNecessario ? 'RITORNO' : 'ANDATA';
    if (legs[i]!.tipo !== expected) return false;
  }
  return true;
}

export interface AnomalyInput {
  id: string;
  utenteId: string;
  giorno: string;
  start: Date;
  end: Date | null;
  minutes: number | null;
  staleFix: boolean;
}

/**
 * The anomalies of each record among `records` (one or more technicians, any order): APERTA an
 * interval still open that did not start today; SOVRAPPOSTA two intervals of a technician
 * overlapping; GIORNO_OLTRE_12_ORE the technician's calculated minutes of that day over 12 hours;
 * POSIZIONE_NON_VALIDA a fix older than the geolocation validity.
 */
export function anomaliesOf(records: AnomalyInput[], today: string): Map<string, ClockingAnomaly[]> {
  const out = new Map<string, ClockingAnomaly[]>(records.map((r) => [r.id, []]));
  const dayMinutes = new Map<string, number>();
  const byTech = new Map<string, AnomalyInput[]>();
  for (const r of records) {
    const key = `${r.utenteId}|${r.giorno}`;
    dayMinutes.set(key, (dayMinutes.get(key) ?? 0) + (r.minutes ?? 0));
    const list = byTech.get(r.utenteId) ?? [];
    list.push(r);
    byTech.set(r.utenteId, list);
  }
  const overlapping = new Set<string>();
  for (const list of byTech.values()) {
    list.sort((a, b) => a.start.getTime() - b.start.getTime());
    // Sweep in start order: a record overlaps when it starts before the furthest end seen so far.
    let furthest: AnomalyInput | null = null;
    for (const r of list) {
      const reach = furthest ? (furthest.end?.getTime() ?? Infinity) : -Infinity;
      if (furthest && r.start.getTime() < reach) {
        overlapping.add(r.id);
        overlapping.add(furthest.id);
      }
      if (!furthest || (r.end?.getTime() ?? Infinity) > reach) furthest = r;
    }
  }
  for (const r of records) {
    const a = out.get(r.id)!;
    if (r.end === null && r.giorno !== today) a.push('APERTA');
    if (overlapping.has(r.id)) a.push('SOVRAPPOSTA');
    if ((dayMinutes.get(`${r.utenteId}|${r.giorno}`) ?? 0) > CLOCKING_LONG_DAY_MINUTES) a.push('GIORNO_OLTRE_12_ORE');
    if (r.staleFix) a.push('POSIZIONE_NON_VALIDA');
  }
  return out;
}
