import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REPORT_STATE_COLORS, type Appointment } from '@fs/contract';
import type { AgendaDay } from './agenda-time';
import { capitalized, dayTitle, entryTime } from './entry-text';
import { placeOf } from './place';
import classes from './agenda.module.css';

/** The appointments day by day, each a card as wide as the screen that opens its details. */
export function AgendaList({
  days,
  today,
  onOpen,
}: {
  days: AgendaDay[];
  today: string;
  onOpen: (a: Appointment) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="lg">
      {days.map(({ day, entries }) => (
        <section key={day} aria-labelledby={`agenda-day-${day}`} id={`agenda-${day}`} className={classes.day}>
          <Group gap="xs" mb="xs" wrap="nowrap">
            <Title order={2} size="h4" id={`agenda-day-${day}`}>
              {capitalized(dayTitle(day, i18n.language))}
            </Title>
            {day === today && <Badge variant="light">{t('agenda.today')}</Badge>}
          </Group>
          {entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('agenda.emptyToday')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" className={classes.cards}>
              {entries.map((e) => {
                const a = e.appointment;
                const place = placeOf(a);
                return (
                  <li key={a.id}>
                    <UnstyledButton className={classes.card} onClick={() => onOpen(a)}>
                      <Paper withBorder radius="md" p="sm">
                        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                          <Text fw={700} size="sm" c={a.tutto_il_giorno ? 'blue.9' : undefined}>
                            {entryTime(t, e)}
                          </Text>
                          {a.stato_rapportino && (
                            <Badge size="sm" color={REPORT_STATE_COLORS[a.stato_rapportino]} variant="light">
                              {a.numero_assistenza ?? t(`reports.stati.${a.stato_rapportino}`)}
                            </Badge>
                          )}
                        </Group>
                        <Text fw={600} className={classes.wrap}>
                          {a.titolo}
                        </Text>
                        <Text size="sm" className={classes.wrap}>
                          {a.cliente}
                          {a.impianto ? ` · ${a.impianto}` : ''}
                        </Text>
                        <Group gap={4} wrap="nowrap" align="flex-start">
                          <IconMapPin size={16} className={classes.pin} aria-hidden />
                          <Text size="sm" c="dimmed" className={classes.wrap}>
                            {place ?? t('agenda.noPlace')}
                          </Text>
                        </Group>
                        {a.mansione && (
                          <Text size="sm" c="dimmed">
                            {t('agenda.jobRole')}: {a.mansione}
                          </Text>
                        )}
                        {a.note && (
                          <Text size="sm" c="dimmed" lineClamp={2} className={classes.wrap}>
                            {a.note}
                          </Text>
                        )}
                      </Paper>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          )}
        </section>
      ))}
    </Stack>
  );
}
