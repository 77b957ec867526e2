import type { EventContentArg } from '@fullcalendar/core';
import type { Appointment } from '@fs/contract';
import { partsIn } from './zone';

/** What an appointment's chip says: its time on the company's clock, its customer first, then its title. */
export interface EventParts {
  /** "08:00" and "08:30"; "" for an all-day one. */
  start: string;
  end: string;
  customer: string;
  title: string;
}

/** An appointment as its chip reads it (all-day ones have no time). */
export function eventParts(a: Appointment, timeZone: string): EventParts {
  const timed = !a.tutto_il_giorno && !!a.inizio && !!a.fine;
  return {
    start: timed ? partsIn(a.inizio, timeZone).time : '',
    end: timed ? partsIn(a.fine, timeZone).time : '',
    customer: a.cliente,
    title: a.titolo,
  };
}

/**
 * The chip of a timed appointment in the day and week grids: the time, the customer in bold, then the
 * title. A 30-minute one (one slot) shows its time and customer on two readable lines, the title
 * below out of sight (still the chip's text and tooltip); a shorter one puts them on one line; in a
 * narrow column the end time gives way to the start. Month cells and all-day rows keep FullCalendar's
 * own chip.
 */
export function renderEventContent(arg: EventContentArg, timeZone: string) {
  const a = arg.event.extendedProps.appuntamento as Appointment | undefined;
  if (!a || arg.event.allDay || !arg.view.type.startsWith('timeGrid')) return true;
  const p = eventParts(a, timeZone);
  return (
    <div className="planner-event">
      <div className="planner-event-time">
        {p.start}
        <span className="planner-event-end">–{p.end}</span>
      </div>
      <div className="planner-event-customer">{p.customer}</div>
      <div className="planner-event-title">{p.title}</div>
    </div>
  );
}
