import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Collapse, Grid, Group, Loader, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentSummary, ActivityRangeItem } from '@fs/contract';
import { errorText } from '../../../app/api/errors';
import { notify } from '../../../app/notify';
import { useCan } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { fetchAppointment, useAppointmentsRange, useActivityRange, useTodoList } from './api';
import { AppointmentModal } from './office/AppointmentModal';
import { draftForSlot, draftOf, emptyDraft, type Draft } from './office/draft';
import {
  baseRequest,
  condenseMonth,
  moveRequest,
  summaryEvent,
  timesOf,
  toEvent,
  type NewTimes,
} from './office/events';
import { legendOf } from './office/legend';
import { NARROW_QUERY, openingRange } from './office/opening';
import { useCompanyZone } from '../../company';
import { PlanActivityModal } from './office/PlanActivityModal';
import { PlannerCalendar, type CalendarHandlers } from './office/PlannerCalendar';
import { Legend, PlannerFilters } from './office/PlannerFilters';
import { wireRange, type DayRange } from './office/range';
import { SidePanel } from './office/SidePanel';
import { useTechnicians } from './office/use-technicians';
import { useConfirmedSave } from './office/WarningsModal';
import { usePlannerFilters } from './office/use-planner-filters';
import { partsIn } from './office/zone';
import { PlannerMap } from './map/PlannerMap';

/** Appointments a month cell shows before its "+N" chip. */
const MONTH_PER_DAY = 3;

type Open =
  | { kind: 'appointment'; draft: Draft }
  | { kind: 'plan'; item: ActivityRangeItem; at: { date: string; time: string } }
  | null;

/** A new appointment from now: the next full hour, one hour long. */
function nextHourDraft(timeZone: string, tecnici: string[]): Draft {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  const end = new Date(start.getTime() + 3_600_000);
  return draftForSlot({ startStr: start.toISOString(), endStr: end.toISOString(), allDay: false }, timeZone, tecnici);
}

/**
 * /intervention-planning for the office: the calendar (day, week, month, list) coloured by
 * technician, the to-dos, activities and overdue activities beside it, and the map; the filters
 * apply to both.
 */
export function OfficePlanner() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('planner.title'));
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const editable = useCan('pianificazione_interventi', 'write') === true;
  const todoAccess = {
    read: useCan('interventi_da_pianificare', 'read') === true,
    write: useCan('interventi_da_pianificare', 'write') === true,
  };
  const [params] = useSearchParams();
  // The view and days it opens on, those PlanningPage asked the appointments for (opening.ts): the
  // first render reads them (drawn with the calendar when they have arrived); datesSet confirms them.
  const companyZone = useCompanyZone();
  const [opening] = useState(() => openingRange(params.get('vista'), narrow, companyZone));
  const initialView = opening.view;
  const [mode, setMode] = useState<'calendar' | 'map'>('calendar');
  // Where the calendar is (its view and day), so that coming back from the map shows the same place.
  const place = useRef<{ view: string; day?: string }>({ view: initialView });
  const [mountAt, setMountAt] = useState<{ view: string; day?: string }>(place.current);
  const [range, setRange] = useState<DayRange>(opening.range);
  const [viewType, setViewType] = useState<string>(initialView);
  // The filters live in the address, as every list's do (a reload, Back from a report keeps them).
  const { filters, setFilters, customer, setCustomer } = usePlannerFilters();
  const [open, setOpen] = useState<Open>(null);
  const [panelOpen, setPanelOpen] = useState(true);

  const appointments = useAppointmentsRange(range, filters);
  const todos = useTodoList(mode === 'calendar' && todoAccess.read);
  const activities = useActivityRange(range, mode === 'calendar');
  const technicians = useTechnicians();
  const timeZone = appointments.data?.timezone ?? companyZone;
  const { save, modal: warnings } = useConfirmedSave();

  const items = appointments.data?.items;
  const events = useMemo(() => {
    if (viewType !== 'dayGridMonth') return (items ?? []).flatMap((a) => toEvent(a) ?? []);
    const { shown, more } = condenseMonth(items ?? [], MONTH_PER_DAY);
    return [
      ...shown.flatMap((a) => toEvent(a) ?? []),
      ...more.map((m) => summaryEvent(m, t('planner.more', { count: m.hidden }))),
    ];
  }, [items, viewType, t]);
  const legend = useMemo(
    () =>
      legendOf(
        items ?? [],
        technicians.list.map((x) => ({ id: x.value, nome: x.label, indice: x.indice })),
      ),
    [items, technicians.list],
  );
  const chosenTech = filters.tecnico_id ? [filters.tecnico_id] : [];

  // The range has what the calendar draws; an appointment's details are read when it is opened or moved.
  const move = async (a: AppointmentSummary, times: NewTimes) => {
    try {
      const out = await save(moveRequest(await fetchAppointment(a.id), times));
      if (out.saved) notify.success(t('planner.saved'));
      return out.saved;
    } catch (error) {
      notify.error(errorText(t, error));
      return false;
    }
  };

  const openAppointment = async (a: AppointmentSummary) => {
    try {
      const full = await fetchAppointment(a.id);
      setOpen({ kind: 'appointment', draft: draftOf(full, timeZone) });
    } catch (error) {
      notify.error(errorText(t, error));
    }
  };

  const dropped = async (el: HTMLElement, at: { date: Date; dateStr: string; allDay: boolean }) => {
    const id = el.dataset.dragId;
    const where = at.allDay
      ? { date: at.dateStr.slice(0, 10), time: '08:00' }
      : partsIn(at.date.toISOString(), timeZone);
    if (el.dataset.dragKind === 'attivita') {
      const all = [...(activities.data?.items ?? []), ...(activities.data?.scadute ?? [])];
      const item = all.find((x) => x.id === id);
      if (item) setOpen({ kind: 'plan', item, at: where });
      return;
    }
    const todo = todos.data?.find((x) => x.id === id);
    if (!todo) return;
    const times = timesOf({ allDay: at.allDay, start: at.date, end: null, startStr: at.dateStr, endStr: '' });
    if (todo.tecnici.length === 0) {
      // The server wants a technician for a dated appointment: the form asks for one.
      const d = draftOf(todo, timeZone);
      const end = partsIn(new Date(at.date.getTime() + 3_600_000).toISOString(), timeZone);
      setOpen({
        kind: 'appointment',
        draft: {
          ...d,
          todo: false,
          allDay: at.allDay,
          startDate: where.date,
          startTime: where.time,
          endDate: at.allDay ? where.date : end.date,
          endTime: end.time,
          tecnici_ids: chosenTech,
        },
      });
      return;
    }
    try {
      const out = await save({ ...baseRequest(todo), ...times } as Parameters<typeof save>[0]);
      if (out.saved) notify.success(t('planner.todo.scheduled'));
    } catch (error) {
      notify.error(errorText(t, error));
    }
  };

  const handlers: CalendarHandlers = {
    onRange: (startStr, endStr, view, anchor) => {
      place.current = { view, day: anchor };
      setViewType(view);
      const r = wireRange(startStr, endStr);
      setRange((old) => (old.start === r.start && old.end === r.end ? old : r));
    },
    onSelect: (slot) => setOpen({ kind: 'appointment', draft: draftForSlot(slot, timeZone, chosenTech) }),
    onOpen: (a) => void openAppointment(a),
    onMove: move,
    onDrop: (el, at) => void dropped(el, at),
  };
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const stable = useMemo<CalendarHandlers>(
    () => ({
      onRange: (...a) => latest.current.onRange(...a),
      onSelect: (...a) => latest.current.onSelect(...a),
      onOpen: (...a) => latest.current.onOpen(...a),
      onMove: (...a) => latest.current.onMove(...a),
      onDrop: (...a) => latest.current.onDrop(...a),
    }),
    [],
  );

  const panel = (
    <SidePanel
      sticky={!narrow}
      todos={todos.data}
      activities={activities.data?.items}
      overdue={activities.data?.scadute}
      loadingTodos={todos.isLoading}
      loadingActivities={activities.isLoading}
      moreActivities={activities.hasMore ? { loading: activities.loadingMore, load: activities.loadMore } : null}
      editable={editable}
      todoAccess={todoAccess}
      onNewTodo={() =>
        setOpen({ kind: 'appointment', draft: { ...emptyDraft(), todo: true, id: undefined, tecnici_ids: chosenTech } })
      }
      onOpenTodo={(a) => setOpen({ kind: 'appointment', draft: draftOf(a, timeZone) })}
      onPlanActivity={(item) => setOpen({ kind: 'plan', item, at: { date: item.data, time: '08:00' } })}
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>{t('planner.title')}</Title>
        <SegmentedControl
          value={mode}
          onChange={(v) => {
            if (v !== 'map') setMountAt(place.current);
            setMode(v === 'map' ? 'map' : 'calendar');
          }}
          data={[
            { value: 'calendar', label: t('planner.view.calendar') },
            { value: 'map', label: t('planner.view.map') },
          ]}
          aria-label={t('planner.view.label')}
        />
      </Group>
      {/* The filters stay over both views: the map shows what the calendar would. */}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <PlannerFilters
          value={filters}
          onChange={setFilters}
          technicians={technicians.list}
          customer={customer}
          onCustomer={setCustomer}
        />
        {editable && (
          <Button onClick={() => setOpen({ kind: 'appointment', draft: nextHourDraft(timeZone, chosenTech) })}>
            {t('planner.form.new')}
          </Button>
        )}
      </Group>
      {mode === 'map' ? (
        <PlannerMap filters={filters} onOpen={(a) => setOpen({ kind: 'appointment', draft: draftOf(a, timeZone) })} />
      ) : (
        <>
          <Group gap="xs" justify="space-between" wrap="nowrap" mih={24}>
            <Legend
              entries={legend}
              selected={filters.tecnico_id}
              onPick={(id) => setFilters((f) => ({ ...f, tecnico_id: id }))}
            />
            {appointments.isFetching && <Loader size="xs" aria-label={t('planner.loading')} />}
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
              <Box pos="relative">
                <PlannerCalendar
                  events={events}
                  timeZone={timeZone}
                  language={i18n.language}
                  initialView={mountAt.view}
                  initialDate={mountAt.day}
                  editable={editable}
                  handlers={stable}
                />
              </Box>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
              {narrow ? (
                <>
                  <Button variant="subtle" size="xs" onClick={() => setPanelOpen((o) => !o)} aria-expanded={panelOpen}>
                    {panelOpen ? t('planner.panel.hide') : t('planner.panel.show')}
                  </Button>
                  <Collapse expanded={panelOpen}>{panel}</Collapse>
                </>
              ) : (
                panel
              )}
            </Grid.Col>
          </Grid>
        </>
      )}
      {open?.kind === 'appointment' && (
        <AppointmentModal
          initial={open.draft}
          timeZone={timeZone}
          technicians={technicians.list}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'plan' && (
        <PlanActivityModal
          item={open.item}
          at={open.at}
          timeZone={timeZone}
          technicians={technicians.list}
          initialTechnicians={chosenTech}
          onClose={() => setOpen(null)}
        />
      )}
      {warnings}
    </Stack>
  );
}
