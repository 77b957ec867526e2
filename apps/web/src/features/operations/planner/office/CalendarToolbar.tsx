import { ActionIcon, Button, Group, SegmentedControl, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The office calendar's views, in the toolbar's order, with their labels' keys under planner.calendar. */
export const CALENDAR_VIEWS = [
  { view: 'timeGridDay', key: 'day' },
  { view: 'timeGridWeek', key: 'week' },
  { view: 'dayGridMonth', key: 'month' },
  { view: 'listWeek', key: 'list' },
] as const;

/**
 * The planner calendar's own toolbar (FullCalendar's is off): previous and next period and today,
 * the period's title as FullCalendar writes it in the language (Italian months lowercase: "novembre
 * 2026"), and the views. Mantine controls, so the labels come from the translations ("Today",
 * "Month"), every button has a name and the colours keep their contrast.
 */
export function CalendarToolbar({
  title,
  view,
  todayShown,
  onPrev,
  onNext,
  onToday,
  onView,
}: {
  title: string;
  view: string;
  /** Today is among the days shown: "Today" has nothing to do. */
  todayShown: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <ActionIcon variant="default" size="lg" aria-label={t('planner.calendar.prev')} onClick={onPrev}>
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label={t('planner.calendar.next')} onClick={onNext}>
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <Button variant="default" onClick={onToday} disabled={todayShown}>
          {t('planner.calendar.today')}
        </Button>
        <Title order={3} size="h4" aria-live="polite" ml={4} style={{ whiteSpace: 'nowrap' }}>
          {title}
        </Title>
      </Group>
      <SegmentedControl
        value={view}
        onChange={onView}
        aria-label={t('planner.calendar.views')}
        data={CALENDAR_VIEWS.map((v) => ({ value: v.view, label: t(`planner.calendar.${v.key}`) }))}
      />
    </Group>
  );
}
