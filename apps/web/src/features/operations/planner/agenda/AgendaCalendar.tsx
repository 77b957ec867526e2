import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@fs/contract';
import { calendarEvents, wallAsUtc, type AgendaSpan } from './agenda-time';
import classes from './agenda.module.css';

const LOCALES = { it: itLocale, es: esLocale, fr: frLocale, de: deLocale } as const;

/**
 * The day or week as FullCalendar's time grid (MIT). The calendar runs in UTC with the events on
 * the company zone's wall clock (see wallAsUtc), so its hours are Rome's whatever the phone's zone.
 */
export function AgendaCalendar({
  items,
  zone,
  span,
  anchor,
  onOpen,
}: {
  items: Appointment[];
  zone: string;
  span: AgendaSpan;
  anchor: string;
  onOpen: (a: Appointment) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES];
  const byId = new Map(items.map((a) => [a.id, a]));
  return (
    <div className={classes.calendar}>
      <FullCalendar
        // Remounted on each day or week: the agenda's own buttons move the period.
        key={`${span}-${anchor}`}
        plugins={[timeGridPlugin]}
        initialView={span === 'day' ? 'timeGridDay' : 'timeGridWeek'}
        initialDate={anchor}
        timeZone="UTC"
        now={wallAsUtc(Date.now(), zone)}
        nowIndicator
        locale={locale ?? 'en'}
        firstDay={1}
        headerToolbar={false}
        height={640}
        scrollTime="07:00:00"
        allDayText={t('agenda.allDay')}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        dayHeaderFormat={
          span === 'day' ? { weekday: 'long', day: 'numeric', month: 'long' } : { weekday: 'short', day: 'numeric' }
        }
        events={calendarEvents(items, zone)}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const a = byId.get(info.event.id);
          if (a) onOpen(a);
        }}
      />
    </div>
  );
}
