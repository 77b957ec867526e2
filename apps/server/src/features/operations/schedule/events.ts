import type { CompanyContext } from '../../../platform/context.js';
import type { EventPayload } from '../../../platform/events/catalog.js';
import { addDays, localDay } from './time.js';

/**
 * The planner's events (appointment.created, moved, deleted: platform/events/catalog.ts), written by every
 * write of an appointment in its transaction. A timed appointment carries its instants, an all-day one its
 * days (on the company's calendar), a to-do neither.
 */

/** What an appointment's event tells of it, as stored. */
export interface AppointmentShape {
  id: string;
  clienteId: string;
  inizio: Date | null;
  fine: Date | null;
  tuttoIlGiorno: boolean;
  tecnici: string[];
}

type Payload = EventPayload<'appointment.created'>;
type Slot = Omit<Payload, 'id' | 'cliente_id'>;

function slotOf(a: AppointmentShape, tz: string): Slot {
  const tecnici_ids = [...new Set(a.tecnici)].sort();
  if (a.tuttoIlGiorno && a.inizio && a.fine) {
    return {
      tecnici_ids,
      inizio: null,
      fine: null,
      giorno_inizio: localDay(a.inizio, tz),
      // Stored to midnight after the last day.
      giorno_fine: addDays(localDay(a.fine, tz), -1),
    };
  }
  return {
    tecnici_ids,
    inizio: a.inizio?.toISOString() ?? null,
    fine: a.fine?.toISOString() ?? null,
    giorno_inizio: null,
    giorno_fine: null,
  };
}

const payloadOf = (a: AppointmentShape, tz: string): Payload => ({
  id: a.id,
  cliente_id: a.clienteId,
  ...slotOf(a, tz),
});

/** appointment.created or appointment.deleted, in the context's transaction. */
export async function emitAppointment(
  ctx: CompanyContext,
  type: 'appointment.created' | 'appointment.deleted',
  a: AppointmentShape,
): Promise<void> {
  await ctx.emit({ type, aggregateId: a.id, payload: payloadOf(a, ctx.company.timezone) });
}

/** appointment.moved when its time, days or technicians changed (nothing for a change that moves nothing). */
export async function emitMoved(ctx: CompanyContext, before: AppointmentShape, after: AppointmentShape): Promise<void> {
  const tz = ctx.company.timezone;
  const was = slotOf(before, tz);
  const now = payloadOf(after, tz);
  const same =
    was.inizio === now.inizio &&
    was.fine === now.fine &&
    was.giorno_inizio === now.giorno_inizio &&
    was.giorno_fine === now.giorno_fine &&
    was.tecnici_ids.join() === now.tecnici_ids.join();
  if (same) return;
  await ctx.emit({ type: 'appointment.moved', aggregateId: after.id, payload: { ...now, precedente: was } });
}
