import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconChevronLeft, IconChevronRight, IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Appointment } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { useSessionUser } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { AgendaCalendar } from './agenda/AgendaCalendar';
import { AgendaList } from './agenda/AgendaList';
import { AppointmentDetails } from './agenda/AppointmentDetails';
import { CalendarFeedModal } from './agenda/CalendarFeedModal';
import { groupByDay, openingDay, spanOf, step, todayIn, withToday, type AgendaSpan } from './agenda/agenda-time';
import { zoneCity } from './agenda/zone-name';
import { useCompanyZone } from '../../company';
import { useAgendaRange } from './agenda/api';
import { capitalized, periodTitle } from './agenda/entry-text';

type Mode = 'list' | 'calendar';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /intervention-planning for a technician (planning read on own data only), mostly on a phone: their
 * own appointments of a day or a week as a list or a calendar, each opening its details and report;
 * and the secret address that puts them in the phone's calendar. The view, period and day live in
 * the address (vista, periodo, giorno), so going back returns to them.
 */
export function TechnicianAgenda() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('agenda.title'));
  const me = useSessionUser().data;
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('vista') === 'calendario' ? 'calendar' : 'list';
  const span: AgendaSpan = params.get('periodo') === 'giorno' ? 'day' : 'week';
  const giorno = params.get('giorno');
  // The week is loaded whole (the day view reads it too); the zone is the company's (the range
  // answer names it; until then what the web knows of it).
  const companyZone = useCompanyZone();
  const [answeredZone, setZone] = useState<string | null>(null);
  const zone = answeredZone ?? companyZone;
  const today = todayIn(zone);
  const anchor = giorno && DAY.test(giorno) ? giorno : today;
  const week = spanOf('week', anchor);
  const shown = spanOf(span, anchor);
  const range = useAgendaRange(week.first, week.last, me?.id);
  if (range.data && range.data.timezone !== zone) setZone(range.data.timezone);
  const [open, setOpen] = useState<Appointment | null>(null);
  const [feed, setFeed] = useState(false);

  const set = (next: { vista?: Mode; periodo?: AgendaSpan; giorno?: string }) => {
    const p = new URLSearchParams(params);
    if (next.vista) p.set('vista', next.vista === 'calendar' ? 'calendario' : 'elenco');
    if (next.periodo) p.set('periodo', next.periodo === 'day' ? 'giorno' : 'settimana');
    if (next.giorno) p.set('giorno', next.giorno);
    setParams(p, { replace: true, preventScrollReset: true });
  };
  const items = range.data?.items ?? [];
  const days = groupByDay(items, shown.first, shown.last, zone);
  const loading = range.isPending || (range.isPlaceholderData && range.isFetching);
  const todayShown = today >= shown.first && today <= shown.last;
  const listDays = withToday(days, today, shown.first, shown.last);

  // The list opens on today (issue 24): once loaded, today's day (or the next with appointments)
  // is scrolled to the top; "Oggi" brings it back.
  const opened = useRef(false);
  const scrollToToday = () => {
    const day = openingDay(listDays, today);
    if (day) document.getElementById(`agenda-${day}`)?.scrollIntoView({ block: 'start' });
  };
  useEffect(() => {
    if (opened.current || loading || mode !== 'list' || !todayShown || listDays.length === 0) return;
    opened.current = true;
    if (listDays[0]!.day < today) scrollToToday();
  });

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('agenda.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('agenda.subtitle', { zone: zoneCity(zone, i18n.language) })}
          </Text>
        </div>
        <Button variant="light" size="md" leftSection={<IconDeviceMobile size={20} />} onClick={() => setFeed(true)}>
          {t('agenda.feed.button')}
        </Button>
      </Group>

      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Group grow gap="sm" preventGrowOverflow={false}>
            <SegmentedControl
              aria-label={t('agenda.viewLabel')}
              size="md"
              value={mode}
              onChange={(v) => set({ vista: v as Mode })}
              data={[
                { value: 'list', label: t('agenda.list') },
                { value: 'calendar', label: t('agenda.calendar') },
              ]}
            />
            <SegmentedControl
              aria-label={t('agenda.spanLabel')}
              size="md"
              value={span}
              onChange={(v) => set({ periodo: v as AgendaSpan })}
              data={[
                { value: 'day', label: t('agenda.day') },
                { value: 'week', label: t('agenda.week') },
              ]}
            />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <ActionIcon
              variant="default"
              size={44}
              aria-label={span === 'day' ? t('agenda.previousDay') : t('agenda.previousWeek')}
              onClick={() => set({ giorno: step(span, anchor, -1) })}
            >
              <IconChevronLeft />
            </ActionIcon>
            <Stack gap={2} align="center" style={{ minWidth: 0 }}>
              <Text fw={600} ta="center" size="sm" aria-live="polite">
                {capitalized(periodTitle(shown.first, shown.last, i18n.language))}
              </Text>
              <Button
                variant="subtle"
                size="compact-md"
                disabled={span === 'day' && anchor === today}
                onClick={() => {
                  if (!todayShown) opened.current = false; // the effect scrolls once today's week is loaded
                  if (anchor !== today) set({ giorno: today });
                  if (todayShown && mode === 'list') scrollToToday();
                }}
              >
                {t('agenda.today')}
              </Button>
            </Stack>
            <ActionIcon
              variant="default"
              size={44}
              aria-label={span === 'day' ? t('agenda.nextDay') : t('agenda.nextWeek')}
              onClick={() => set({ giorno: step(span, anchor, 1) })}
            >
              <IconChevronRight />
            </ActionIcon>
          </Group>
        </Stack>
      </Paper>

      {range.isError ? (
        <LoadError error={range.error} onRetry={() => void range.refetch()} />
      ) : loading ? (
        <Center py="xl" role="status">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">{t('agenda.loading')}</Text>
          </Group>
        </Center>
      ) : mode === 'calendar' ? (
        <>
          {days.length === 0 && (
            <Text c="dimmed" ta="center">
              {t('agenda.empty')}
            </Text>
          )}
          <AgendaCalendar items={items} zone={zone} span={span} anchor={anchor} onOpen={setOpen} />
        </>
      ) : days.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconCalendarOff size={36} aria-hidden />
            <Title order={2} size="h4">
              {t('agenda.empty')}
            </Title>
            <Text c="dimmed" ta="center">
              {span === 'day' ? t('agenda.emptyDay') : t('agenda.emptyWeek')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('agenda.count', { count: new Set(days.flatMap((d) => d.entries.map((e) => e.appointment.id))).size })}
          </Text>
          <AgendaList days={listDays} today={today} onOpen={setOpen} />
        </>
      )}

      <AppointmentDetails appointment={open} zone={zone} onClose={() => setOpen(null)} />
      <CalendarFeedModal opened={feed} onClose={() => setFeed(false)} />
    </Stack>
  );
}
