import type { ClockingRecord } from '@fs/contract';

/** A clocking record for the tests: a closed morning of work in Rome, unless overridden. */
let seq = 0;
export function rec(over: Partial<ClockingRecord>): ClockingRecord {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    utenteId: 'u1',
    tipo: 'LAVORO',
    origine: 'TECNICO',
    giorno: '2026-11-26',
    timbraturaStart: '2026-11-26T07:03:00Z',
    timbraturaEnd: '2026-11-26T11:31:00Z',
    timbraturaStartCorretta: null,
    timbraturaEndCorretta: null,
    timbraturaStartCalcolata: '2026-11-26T07:00:00Z',
    timbraturaEndCalcolata: '2026-11-26T11:30:00Z',
    minutiCalcolati: 270,
    timezone: 'Europe/Rome',
    clienteId: null,
    clienteNome: null,
    km: null,
    ritornoNonNecessario: false,
    posizioneStart: null,
    posizioneEnd: null,
    versione: 0,
    libera: true,
    approvata: false,
    anomalie: [],
    ...over,
  };
}
