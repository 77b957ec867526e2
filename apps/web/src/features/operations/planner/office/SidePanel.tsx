import { useEffect, useState } from 'react';
import { Badge, Box, Button, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { Draggable } from '@fullcalendar/interaction';
import { useTranslation } from 'react-i18next';
import type { Appointment, ActivityRangeItem } from '@fs/contract';
import { formatDate } from '../../../../app/format';
import { dragDuration } from './events';
import classes from './SidePanel.module.css';

export interface SidePanelProps {
  todos: Appointment[] | undefined;
  activities: ActivityRangeItem[] | undefined;
  overdue: ActivityRangeItem[] | undefined;
  loadingTodos: boolean;
  loadingActivities: boolean;
  /** More activity dates on the server than shown: the button that reads the next page. */
  moreActivities: { loading: boolean; load: () => void } | null;
  editable: boolean;
  /**
   * The to-dos are the area "interventions to schedule" (interventi_da_pianificare): without read the tab is
   * not shown; without write none is made or dragged onto the calendar.
   */
  todoAccess: { read: boolean; write: boolean };
  /** Beside the calendar: stays in view while the page scrolls. */
  sticky?: boolean;
  onNewTodo: () => void;
  onOpenTodo: (a: Appointment) => void;
  onPlanActivity: (a: ActivityRangeItem) => void;
}

/** Makes a list's items draggable onto the calendar (FullCalendar's Draggable; `create: false`, the drop handler saves). */
function useDraggableList(enabled: boolean) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!enabled || !el) return;
    const d = new Draggable(el, {
      itemSelector: '[data-drag-kind]',
      eventData: (el) => ({
        title: el.dataset.dragTitle ?? '',
        duration: el.dataset.dragDuration ?? '01:00',
        create: false,
      }),
    });
    return () => d.destroy();
  }, [enabled, el]);
  return setEl;
}

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {text}
    </Text>
  );
}

function ActivityCard({
  a,
  overdue,
  onPlan,
  editable,
}: {
  a: ActivityRangeItem;
  overdue: boolean;
  onPlan: (a: ActivityRangeItem) => void;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const planned = a.stato === 'pianificata' || a.stato === 'fatta';
  const draggable = editable && !planned;
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-drag-kind={draggable ? 'attivita' : undefined}
      data-drag-id={a.id}
      data-drag-title={a.nome}
      data-drag-duration={dragDuration(a.durata_minuti)}
      style={{
        cursor: draggable ? 'grab' : undefined,
        borderLeft: `4px solid var(--mantine-color-${overdue ? 'red' : 'teal'}-6)`,
      }}
      aria-label={`${a.nome} · ${a.cliente}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {a.nome}
          </Text>
          <Text size="xs" truncate>
            {a.cliente}
          </Text>
          <Text size="xs" c="dimmed">
            {t('planner.activities.due', { date: formatDate(a.data) })} · {a.durata_minuti} min
            {a.mansione ? ` · ${a.mansione}` : ''}
          </Text>
        </Stack>
        {planned ? (
          <Badge size="xs" color="gray" variant="light">
            {t(`planner.activities.stato.${a.stato}`)}
          </Badge>
        ) : (
          editable && (
            <Button size="compact-xs" variant="light" onClick={() => onPlan(a)}>
              {t('planner.activities.plan')}
            </Button>
          )
        )}
      </Group>
    </Paper>
  );
}

/** Beside the calendar: to-dos, the range's contract activities and the overdue ones, all draggable onto it. */
export function SidePanel(p: SidePanelProps) {
  const { t } = useTranslation();
  const todosEditable = p.editable && p.todoAccess.write;
  const todoRef = useDraggableList(todosEditable);
  const actRef = useDraggableList(p.editable);
  const overdueRef = useDraggableList(p.editable);
  const count = (n: number | undefined, more = false) => (n === undefined ? '' : ` (${n}${more ? '+' : ''})`);
  return (
    <Tabs
      defaultValue={p.todoAccess.read ? 'todo' : 'activities'}
      keepMounted
      className={p.sticky ? classes.sticky : undefined}
    >
      <Tabs.List grow>
        {p.todoAccess.read && (
          <Tabs.Tab value="todo" px={6} fz="sm">
            {t('planner.todo.tab') + count(p.todos?.length)}
          </Tabs.Tab>
        )}
        <Tabs.Tab value="activities" px={6} fz="sm">
          {t('planner.activities.tab') + count(p.activities?.length, p.moreActivities !== null)}
        </Tabs.Tab>
        <Tabs.Tab value="overdue" color="red" px={6} fz="sm">
          {t('planner.overdue.tab') + count(p.overdue?.length)}
        </Tabs.Tab>
      </Tabs.List>
      {p.todoAccess.read && (
        <Tabs.Panel value="todo" pt="xs">
          {todosEditable && (
            <Button size="xs" variant="light" fullWidth mb="xs" onClick={p.onNewTodo}>
              {t('planner.todo.new')}
            </Button>
          )}
          <Box className={classes.list}>
            <div ref={todoRef}>
              <Stack gap={6}>
                {p.loadingTodos && <Loader size="sm" mx="auto" />}
                {p.todos?.length === 0 && <Empty text={t('planner.todo.empty')} />}
                {p.todos?.map((a) => (
                  <Paper
                    key={a.id}
                    withBorder
                    p="xs"
                    radius="sm"
                    data-drag-kind={todosEditable ? 'todo' : undefined}
                    data-drag-id={a.id}
                    data-drag-title={a.titolo}
                    data-drag-duration="01:00"
                    style={{ cursor: todosEditable ? 'grab' : undefined }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                        <Text size="sm" fw={600} truncate>
                          {a.titolo}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {[a.cliente, ...a.tecnici.map((x) => x.nome)].join(' · ')}
                        </Text>
                      </Stack>
                      <Button size="compact-xs" variant="subtle" onClick={() => p.onOpenTodo(a)}>
                        {t('planner.todo.open')}
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </div>
          </Box>
        </Tabs.Panel>
      )}
      <Tabs.Panel value="activities" pt="xs">
        <Box className={classes.list}>
          <div ref={actRef}>
            <Stack gap={6}>
              {p.loadingActivities && <Loader size="sm" mx="auto" />}
              {p.activities?.length === 0 && <Empty text={t('planner.activities.empty')} />}
              {p.activities?.map((a) => (
                <ActivityCard key={a.id} a={a} overdue={false} onPlan={p.onPlanActivity} editable={p.editable} />
              ))}
              {p.moreActivities && (
                <Button variant="subtle" size="xs" loading={p.moreActivities.loading} onClick={p.moreActivities.load}>
                  {t('planner.activities.more')}
                </Button>
              )}
            </Stack>
          </div>
        </Box>
      </Tabs.Panel>
      <Tabs.Panel value="overdue" pt="xs">
        <Box className={classes.list}>
          <div ref={overdueRef}>
            <Stack gap={6}>
              {p.loadingActivities && <Loader size="sm" mx="auto" />}
              {p.overdue?.length === 0 && <Empty text={t('planner.overdue.empty')} />}
              {p.overdue?.map((a) => (
                <ActivityCard key={a.id} a={a} overdue onPlan={p.onPlanActivity} editable={p.editable} />
              ))}
            </Stack>
          </div>
        </Box>
      </Tabs.Panel>
    </Tabs>
  );
}
