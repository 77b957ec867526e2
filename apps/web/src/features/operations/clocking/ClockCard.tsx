import { Card, Group, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/session/api';
import { ClockPanel } from './ClockPanel';

/** The technician's home: the clock as a compact card (issue 26), the full page one tap away. */
export function ClockCard() {
  const { t } = useTranslation();
  const mayClock = useCan('timbrature', 'write') === true;
  if (!mayClock) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="clock-card-title">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconClock size={22} aria-hidden />
        <Title order={2} size="h4" id="clock-card-title">
          {t('clocking.clock.cardTitle')}
        </Title>
      </Group>
      <ClockPanel compact />
    </Card>
  );
}
