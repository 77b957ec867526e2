import { z } from 'zod';

/**
 * Every event the application writes to its outbox, in one place (docs/decisions/0036): its name,
 * the version of its payload and the payload's schema. `emit` checks a payload against its schema
 * before writing it, so a subscriber reads what the schema says. A payload's meaning never changes
 * under the same version: a changed payload is a new version (subscribers see `version`).
 * Wire names are Italian as on the API (the webhooks issue will publish these payloads).
 */
export const EVENTS = {
  /** A work report was closed (chiusura): its date is the closing instant. */
  'report.closed': {
    version: 1,
    payload: z.object({
      id: z.uuid(),
      numero_assistenza: z.string().nullable(),
      cliente_id: z.uuid(),
      data_chiusura: z.iso.datetime(),
    }),
  },
  /** A closed work report became final (completa): the accounting and webhook issues build on it. */
  'report.completed': {
    version: 1,
    payload: z.object({
      id: z.uuid(),
      numero_assistenza: z.string().nullable(),
      cliente_id: z.uuid(),
      totale: z.string().nullable(),
      totale_ore: z.string(),
      completato_at: z.iso.datetime(),
    }),
  },
  /** A clocking interval was closed (the technician's exit, or the office entering or correcting its end). */
  'clocking.closed': {
    version: 1,
    payload: z.object({
      id: z.uuid(),
      utente_id: z.uuid(),
      tipo: z.string(),
      giorno: z.string(),
      minuti_calcolati: z.number().int(),
    }),
  },
  /** The office approved a technician's month of clockings (locked until unlocked). */
  'clocking.month_approved': {
    version: 1,
    payload: z.object({
      utente_id: z.uuid(),
      mese: z.string(),
      approvato_da: z.uuid().nullable(),
    }),
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
