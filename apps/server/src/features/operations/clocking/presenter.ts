import type { ClockingAnomaly, ClockingRecord, ClockingVersion } from '@fs/contract';
import type { RecordRow } from './repo.js';
import type { versionsOf } from './repo.js';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function position(lat: number | null, lng: number | null, acc: number | null, at: Date | null, stale: boolean | null) {
  if (lat === null || lng === null || at === null) return null;
  return { latitude: lat, longitude: lng, accuracyM: acc, fixAt: iso(at)!, stale: stale ?? false };
}

/** Whether a stored fix is stale (older than the geolocation validity when clocked). */
export const hasStaleFix = (r: RecordRow): boolean => r.startFixStale === true || r.endFixStale === true;

/** The effective times of a row: the latest correction, else the raw clocking. */
export const effectiveOf = (r: RecordRow) => ({
  start: new Date(r.timbraturaStartCorretta ?? r.timbraturaStart),
  end: (r.timbraturaEndCorretta ?? r.timbraturaEnd) ? new Date((r.timbraturaEndCorretta ?? r.timbraturaEnd)!) : null,
});

export interface RecordView {
  /** Its month is approved for the technician. */
  approved: boolean;
  /** The reader may correct and remove any record (amministrazione_timbrature write). */
  office: boolean;
  anomalies: ClockingAnomaly[];
}

/** A row as every clocking call answers it. */
export function toRecord(r: RecordRow, v: RecordView): ClockingRecord {
  return {
    id: r.id,
    utenteId: r.utenteId,
    tipo: r.tipo as ClockingRecord['tipo'],
    origine: r.origine as ClockingRecord['origine'],
    giorno: r.giorno,
    timbraturaStart: iso(r.timbraturaStart)!,
    timbraturaEnd: iso(r.timbraturaEnd),
    timbraturaStartCorretta: iso(r.timbraturaStartCorretta),
    timbraturaEndCorretta: iso(r.timbraturaEndCorretta),
    timbraturaStartCalcolata: iso(r.timbraturaStartCalcolata)!,
    timbraturaEndCalcolata: iso(r.timbraturaEndCalcolata),
    minutiCalcolati: r.minutiCalcolati,
    timezone: r.timezone,
    clienteId: r.clienteId,
    clienteNome: r.clienteNome,
    km: r.km === null ? null : Number(r.km),
    ritornoNonNecessario: r.ritornoNonNecessario,
    posizioneStart: position(r.startLatitude, r.startLongitude, r.startAccuracyM, r.startFixAt, r.startFixStale),
    posizioneEnd: position(r.endLatitude, r.endLongitude, r.endAccuracyM, r.endFixAt, r.endFixStale),
    versione: r.versione,
    libera: isFree(r, v.approved, v.office),
    approvata: v.approved,
    anomalie: v.anomalies,
  };
}

/**
 * Free (may be removed, decision 0045): its month is not approved, it is closed, and for the
 * technician the office has not corrected it.
 */
export const isFree = (r: RecordRow, approved: boolean, office: boolean): boolean =>
  !approved && !r.aperta && (office || r.versione === 0);

export function toVersion(v: Awaited<ReturnType<typeof versionsOf>>[number]): ClockingVersion {
  return {
    versione: v.versione,
    timbraturaStart: iso(v.timbraturaStart)!,
    timbraturaEnd: iso(v.timbraturaEnd),
    motivo: v.motivo,
    correttoDa: v.userId ? { id: v.userId, name: v.name, surname: v.surname, username: v.username! } : null,
    correttoIl: iso(v.correttoIl)!,
  };
}
