import { z } from 'zod';

/**
 * Every event the application writes to its outbox, in one place (docs/decisions/0036): its name,
 * the version of its payload and the payload's schema. `emit` checks a payload against its schema
 * before writing it, so a subscriber reads what the schema says. A payload's meaning never changes
 * under the same version: a changed payload is a new version (subscribers see `version`).
 * Wire names are Italian as on the API (the webhooks issue will publish these payloads).
 */
const uuid = z.uuid();
const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });
const reportRef = { id: uuid, numero_assistenza: z.string().nullable(), cliente_id: uuid };
const appointment = {
  id: uuid,
  cliente_id: uuid,
  /** The technicians' user ids. */
  tecnici_ids: z.array(uuid),
  /** Timed appointments: instants; all-day ones: null, with the days below. */
  inizio: instant.nullable(),
  fine: instant.nullable(),
  giorno_inizio: day.nullable(),
  giorno_fine: day.nullable(),
};
const contractRef = { id: uuid, identificativo: z.string(), cliente_id: uuid };
const customer = {
  id: uuid,
  ragione_sociale: z.string(),
  partita_iva: z.string().nullable(),
  codice_fiscale: z.string().nullable(),
};

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Every event with its webhook dictionary entry (GET /webhooks/ditionary): a description in Italian and in English
 * and an example payload, which a unit test checks against the payload's schema.
 */
export const EVENTS = {
  /** A work report was created (opened), by the office or by a technician. */
  'report.created': {
    version: 1,
    payload: z.object({ ...reportRef, data_apertura: day }),
    it: 'Rapportino creato',
    en: 'Work report created',
    example: { id: U(1), numero_assistenza: '2026/0042', cliente_id: U(2), data_apertura: '2026-11-23' },
  },
  /** A work report was closed (chiusura): its date is the closing instant. */
  'report.closed': {
    version: 1,
    payload: z.object({ ...reportRef, data_chiusura: z.iso.datetime() }),
    it: 'Rapportino chiuso',
    en: 'Work report closed',
    example: { id: U(1), numero_assistenza: '2026/0042', cliente_id: U(2), data_chiusura: '2026-11-23T16:30:00.000Z' },
  },
  /** A closed work report became final (completa): the accounting issue builds on it. */
  'report.completed': {
    version: 1,
    payload: z.object({
      ...reportRef,
      totale: z.string().nullable(),
      totale_ore: z.string(),
      completato_at: z.iso.datetime(),
    }),
    it: 'Rapportino completato (definitivo)',
    en: 'Work report completed (final)',
    example: {
      id: U(1),
      numero_assistenza: '2026/0042',
      cliente_id: U(2),
      totale: '2450.00',
      totale_ore: '6.50',
      completato_at: '2026-11-24T09:00:00.000Z',
    },
  },
  /** A work report was mailed to the customer (its PDF to the recipients). */
  'report.sent': {
    version: 1,
    payload: z.object({ ...reportRef, destinatari: z.array(z.string()), inviato_at: z.iso.datetime() }),
    it: 'Rapportino inviato al cliente',
    en: 'Work report sent to the customer',
    example: {
      id: U(1),
      numero_assistenza: '2026/0042',
      cliente_id: U(2),
      destinatari: ['amministrazione@cliente.it'],
      inviato_at: '2026-11-24T09:05:00.000Z',
    },
  },
  /** The customer signed a work report (on the technician's device or by the signature link). */
  'report.signed': {
    version: 1,
    payload: z.object({ ...reportRef, firmatario: z.string().nullable(), firmato_at: z.iso.datetime() }),
    it: 'Rapportino firmato dal cliente',
    en: 'Work report signed by the customer',
    example: {
      id: U(1),
      numero_assistenza: '2026/0042',
      cliente_id: U(2),
      firmatario: 'Anna Bianchi',
      firmato_at: '2026-11-23T16:25:00.000Z',
    },
  },
  /** An appointment was put on the planner. */
  'appointment.created': {
    version: 1,
    payload: z.object(appointment),
    it: 'Appuntamento creato',
    en: 'Appointment created',
    example: {
      id: U(3),
      cliente_id: U(2),
      tecnici_ids: [U(4)],
      inizio: '2026-11-25T08:00:00.000Z',
      fine: '2026-11-25T10:00:00.000Z',
      giorno_inizio: null,
      giorno_fine: null,
    },
  },
  /** An appointment's time, days or technicians changed (the previous ones in `precedente`). */
  'appointment.moved': {
    version: 1,
    payload: z.object({
      ...appointment,
      precedente: z.object({
        tecnici_ids: z.array(uuid),
        inizio: instant.nullable(),
        fine: instant.nullable(),
        giorno_inizio: day.nullable(),
        giorno_fine: day.nullable(),
      }),
    }),
    it: 'Appuntamento spostato',
    en: 'Appointment moved',
    example: {
      id: U(3),
      cliente_id: U(2),
      tecnici_ids: [U(4)],
      inizio: '2026-11-26T08:00:00.000Z',
      fine: '2026-11-26T10:00:00.000Z',
      giorno_inizio: null,
      giorno_fine: null,
      precedente: {
        tecnici_ids: [U(4)],
        inizio: '2026-11-25T08:00:00.000Z',
        fine: '2026-11-25T10:00:00.000Z',
        giorno_inizio: null,
        giorno_fine: null,
      },
    },
  },
  /** An appointment was removed from the planner. */
  'appointment.deleted': {
    version: 1,
    payload: z.object(appointment),
    it: 'Appuntamento eliminato',
    en: 'Appointment deleted',
    example: {
      id: U(3),
      cliente_id: U(2),
      tecnici_ids: [U(4)],
      inizio: '2026-11-26T08:00:00.000Z',
      fine: '2026-11-26T10:00:00.000Z',
      giorno_inizio: null,
      giorno_fine: null,
    },
  },
  /** A customer was created (by hand or by an import). */
  'customer.created': {
    version: 1,
    payload: z.object(customer),
    it: 'Cliente creato',
    en: 'Customer created',
    example: { id: U(2), ragione_sociale: 'Rossi Impianti S.r.l.', partita_iva: '12345670017', codice_fiscale: null },
  },
  /** A customer's record was changed. */
  'customer.updated': {
    version: 1,
    payload: z.object(customer),
    it: 'Cliente modificato',
    en: 'Customer updated',
    example: { id: U(2), ragione_sociale: 'Rossi Impianti S.r.l.', partita_iva: '12345670017', codice_fiscale: null },
  },
  /** A contract was created. */
  'contract.created': {
    version: 1,
    payload: z.object({ ...contractRef, tipo: z.string(), data_inizio: day.nullable(), data_fine: day.nullable() }),
    it: 'Contratto creato',
    en: 'Contract created',
    example: {
      id: U(5),
      identificativo: 'MAN-2026-07',
      cliente_id: U(2),
      tipo: 'manutenzione',
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
    },
  },
  /** A contract entered its notice period before its end (once per end date). */
  'contract.expiring': {
    version: 1,
    payload: z.object({ ...contractRef, data_fine: day, giorni_preavviso: z.number().int() }),
    it: 'Contratto in scadenza',
    en: 'Contract expiring',
    example: {
      id: U(5),
      identificativo: 'MAN-2026-07',
      cliente_id: U(2),
      data_fine: '2026-12-31',
      giorni_preavviso: 30,
    },
  },
  /** A contract was renewed automatically: its end moved on. */
  'contract.renewed': {
    version: 1,
    payload: z.object({ ...contractRef, data_fine_precedente: day, data_fine: day }),
    it: 'Contratto rinnovato',
    en: 'Contract renewed',
    example: {
      id: U(5),
      identificativo: 'MAN-2026-07',
      cliente_id: U(2),
      data_fine_precedente: '2026-12-31',
      data_fine: '2027-12-31',
    },
  },
  /** A contract ended: ceased early by the office, or past its end without automatic renewal. */
  'contract.ended': {
    version: 1,
    payload: z.object({ ...contractRef, data_fine: day, anticipata: z.boolean(), motivo: z.string().nullable() }),
    it: 'Contratto cessato',
    en: 'Contract ended',
    example: {
      id: U(5),
      identificativo: 'MAN-2026-07',
      cliente_id: U(2),
      data_fine: '2026-10-31',
      anticipata: true,
      motivo: 'Impianto dismesso',
    },
  },
  /** A clocking interval was closed (the technician's exit, or the office entering or correcting its end). */
  'clocking.closed': {
    version: 1,
    payload: z.object({
      id: uuid,
      utente_id: uuid,
      tipo: z.string(),
      giorno: z.string(),
      minuti_calcolati: z.number().int(),
    }),
    it: 'Timbratura chiusa',
    en: 'Clocking closed',
    example: { id: U(6), utente_id: U(4), tipo: 'LAVORO', giorno: '2026-11-25', minuti_calcolati: 240 },
  },
  /** The office approved a technician's month of clockings (locked until unlocked). */
  'clocking.month_approved': {
    version: 1,
    payload: z.object({ utente_id: uuid, mese: z.string(), approvato_da: uuid.nullable() }),
    it: 'Mese di timbrature approvato',
    en: 'Clocking month approved',
    example: { utente_id: U(4), mese: '2026-11', approvato_da: U(7) },
  },
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]['payload']>;

/** An event as a service emits it: what happened, to which record, with what. */
export type AppEvent = { [N in EventName]: { type: N; aggregateId: string; payload: EventPayload<N> } }[EventName];

/** An event as a subscriber receives it: the outbox row. */
export type DeliveredEvent = {
  [N in EventName]: {
    /** The outbox row's id (uuid) and its position in the outbox's order. */
    id: string;
    seq: string;
    aziendaId: string;
    type: N;
    version: number;
    aggregateId: string;
    payload: EventPayload<N>;
    createdAt: Date;
  };
}[EventName];

export const isEventName = (s: string): s is EventName => Object.hasOwn(EVENTS, s);
