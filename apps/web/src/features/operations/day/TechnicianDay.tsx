import { Anchor, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DaySection } from '@fs/contract';
import { LoadError } from '../../../app/components/LoadError';
import { useCompanyZone } from '../../company';
import { capitalized, dayTitle } from '../planner/agenda/entry-text';
import { useTechnicianDay } from './api';
import { VisitCard } from './VisitCard';
import { visitsBySection } from './visit-links';
import classes from './day.module.css';

/** "Oggi · giovedì 26 novembre", "Domani · venerdì 27 novembre", "Senza data". */
function SectionTitle({ section, day, id }: { section: DaySection; day: string | null; id: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs" mb="xs" wrap="wrap">
      <Title order={2} size="h4" id={id}>
        {t(`visits.sections.${section}`)}
      </Title>
      {day && (
        <Text c="dimmed" size="sm">
          {capitalized(dayTitle(day, i18n.language))}
        </Text>
      )}
    </Group>
  );
}

/**
 * The technician's home (issue 24): today's visits in time order, then tomorrow's, then the open
 * reports without a date (GET /schedule/giornata), each card with its report, navigate and call.
 */
export function TechnicianDay() {
  const { t } = useTranslation();
  const companyZone = useCompanyZone();
  const day = useTechnicianDay();
  if (day.isError) return <LoadError error={day.error} onRetry={() => void day.refetch()} />;
  if (!day.data) {
    return (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('visits.loading')}</Text>
        </Group>
      </Center>
    );
  }
  const zone = day.data.timezone || companyZone;
  const sections = visitsBySection(day.data.items);
  const today = sections.find((s) => s.section === 'oggi')!;
  const dates: Record<DaySection, string | null> = { oggi: day.data.oggi, domani: day.data.domani, senza_data: null };
  return (
    <Stack gap="lg">
      {sections
        .filter((s) => s.section === 'oggi' || s.visits.length > 0)
        .map(({ section, visits }) => (
          <section key={section} aria-labelledby={`visits-${section}`}>
            <SectionTitle section={section} day={dates[section]} id={`visits-${section}`} />
            {section === 'oggi' && visits.length > 0 && (
              <Badge variant="light" mb="xs">
                {t('visits.count', { count: visits.length })}
              </Badge>
            )}
            {visits.length === 0 ? (
              <Paper withBorder radius="md" p="lg">
                <Stack align="center" gap="xs">
                  <IconCalendarOff size={32} aria-hidden />
                  <Text fw={600} ta="center">
                    {t('visits.emptyToday')}
                  </Text>
                  <Text c="dimmed" size="sm" ta="center">
                    {today.visits.length === 0 && sections.every((s) => s.visits.length === 0)
                      ? t('visits.emptyAll')
                      : t('visits.emptyTodayMore')}
                  </Text>
                </Stack>
              </Paper>
            ) : (
              <Stack gap="sm" component="ul" className={classes.list}>
                {visits.map((v) => (
                  <li key={`${v.appuntamento_id ?? ''}-${v.rapportino_id ?? ''}`}>
                    <VisitCard visit={v} zone={zone} />
                  </li>
                ))}
              </Stack>
            )}
          </section>
        ))}
      <Anchor component={Link} to="/intervention-planning" fw={600} py="xs">
        {t('visits.agenda')}
      </Anchor>
    </Stack>
  );
}
