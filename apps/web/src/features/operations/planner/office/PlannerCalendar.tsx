import { memo, useMemo, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import type {
  DatesSetArg,
  EventClickArg,
  EventDropArg,
  DateSelectArg,
  EventInput,
  LocaleInput,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type DropArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import itLocale from '@fullcalendar/core/locales/it';
import enLocale from '@fullcalendar/core/locales/en-gb';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import deLocale from '@fullcalendar/core/locales/de';
import type { AppointmentSummary } from '@fs/contract';
import { CalendarToolbar } from './CalendarToolbar';
import { renderEventContent } from './event-content';
import type { NewTimes } from './events';
import { partsIn } from './zone';
import { intlTimeZonePlugin } from './zone-plugin';
import classes from './PlannerCalendar.module.css';

const LOCALES: Record<string, LocaleInput> = { it: itLocale, en: enLocale, es: esLocale, fr: frLocale, de: deLocale };
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, intlTimeZonePlugin];
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export interface CalendarHandlers {
  /** The visible days (start inclusive, end exclusive), the view, and the day it is anchored on (YYYY-MM-DD). */
  onRange: (startStr: string, endStr: string, view: string, anchor: string) => void;
  onSelect: (slot: { startStr: string; endStr: string; allDay: boolean }) => void;
  onOpen: (a: AppointmentSummary) => void;
  /** A drag or resize: resolve true when saved, false to put the event back. */
  onMove: (a: AppointmentSummary, times: NewTimes) => Promise<boolean>;
  /** A side-panel item dropped on the calendar. */
  onDrop: (el: HTMLElement, at: { date: Date; dateStr: string; allDay: boolean }) => void;
}

function timesOf(e: EventDropArg['event']): NewTimes {
  return { allDay: e.allDay, start: e.start!, end: e.end, startStr: e.startStr, endStr: e.endStr };
}

/**
 * The planner's FullCalendar (MIT views only): day, week, month and a list; the company's zone;
 * month cells show three rows and "+N" (fast with thousands of events); editable by drag and resize.
 * Its toolbar is ours (CalendarToolbar); a timed appointment shows its time and customer first.
 */
export const PlannerCalendar = memo(function PlannerCalendar({
  events,
  timeZone,
  language,
  initialView,
  initialDate,
  editable,
  handlers,
}: {
  events: EventInput[];
  timeZone: string;
  language: string;
  initialView: string;
  /** The day it opens on (YYYY-MM-DD in its zone); today when absent. Read at mount only. */
  initialDate?: string | undefined;
  editable: boolean;
  handlers: CalendarHandlers;
}) {
  const locale = LOCALES[language] ?? itLocale;
  const ref = useRef<FullCalendar>(null);
  const api = () => ref.current?.getApi();
  // What the toolbar shows, from FullCalendar's datesSet.
  const [shown, setShown] = useState({ title: '', view: initialView, todayShown: true });
  const views = useMemo(
    () => ({
      // The month gets each day's first appointments and a "+N" chip from condenseMonth; this is a backstop.
      dayGridMonth: { dayMaxEventRows: 5 },
      timeGridWeek: { dayMaxEventRows: 4, eventMaxStack: 3 },
      timeGridDay: { eventMaxStack: 6 },
    }),
    [],
  );
  return (
    <div className={classes.calendar}>
      <CalendarToolbar
        {...shown}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onToday={() => api()?.today()}
        onView={(view) => api()?.changeView(view)}
      />
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        initialView={initialView}
        {...(initialDate ? { initialDate } : {})}
        timeZone={timeZone}
        locale={locale}
        headerToolbar={false}
        views={views}
        events={events}
        height="auto"
        expandRows
        nowIndicator
        navLinks
        weekNumbers={false}
        firstDay={1}
        slotMinTime="06:00:00"
        slotMaxTime="22:00:00"
        scrollTime="07:30:00"
        slotLabelFormat={TIME_FORMAT}
        eventTimeFormat={TIME_FORMAT}
        allDayMaintainDuration
        editable={editable}
        eventResizableFromStart={editable}
        selectable={editable}
        selectMirror
        droppable={editable}
        eventOrder="ordine,start,-duration,allDay,title"
        eventInteractive
        progressiveEventRendering
        eventMinHeight={28}
        slotEventOverlap={false}
        eventContent={(arg) => renderEventContent(arg, timeZone)}
        eventDidMount={(arg) => {
          const a = arg.event.extendedProps.appuntamento as AppointmentSummary | undefined;
          if (a)
            arg.el.title = [a.titolo, a.cliente, a.tecnici.map((x) => x.nome).join(', ')].filter(Boolean).join(' · ');
        }}
        datesSet={(a: DatesSetArg) => {
          const day = (d: Date) => a.view.calendar.formatIso(d, true);
          const today = partsIn(new Date().toISOString(), timeZone).date;
          const first = day(a.view.currentStart);
          setShown({
            title: a.view.title,
            view: a.view.type,
            todayShown: first <= today && today < day(a.view.currentEnd),
          });
          handlers.onRange(a.startStr, a.endStr, a.view.type, first);
        }}
        select={(a: DateSelectArg) => {
          a.view.calendar.unselect();
          handlers.onSelect({ startStr: a.startStr, endStr: a.endStr, allDay: a.allDay });
        }}
        eventClick={(a: EventClickArg) => {
          a.jsEvent.preventDefault();
          const day = a.event.extendedProps.more as string | undefined;
          if (day) {
            a.view.calendar.changeView('timeGridDay', day);
            return;
          }
          handlers.onOpen(a.event.extendedProps.appuntamento as AppointmentSummary);
        }}
        eventDrop={(a: EventDropArg) => {
          void handlers
            .onMove(a.event.extendedProps.appuntamento as AppointmentSummary, timesOf(a.event))
            .then((ok) => {
              if (!ok) a.revert();
            });
        }}
        eventResize={(a: EventResizeDoneArg) => {
          void handlers
            .onMove(a.event.extendedProps.appuntamento as AppointmentSummary, timesOf(a.event))
            .then((ok) => {
              if (!ok) a.revert();
            });
        }}
        drop={(a: DropArg) => handlers.onDrop(a.draggedEl, { date: a.date, dateStr: a.dateStr, allDay: a.allDay })}
      />
    </div>
  );
});
