import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hoursBarInfo } from './hours-bar';

/**
 * An on-call contract's hours: a bar that fills with the hours used (green; orange at 10 hours
 * left; red and "Ore esaurite" at 0 left), "31,5 / 40 h usate", and for screen readers "Ore usate:
 * 31,5 di 40" (one named progress bar). Nothing for a maintenance contract.
 */
export function HoursBar({
  oreContratto,
  oreResidue,
  oreUsate,
  compact = false,
}: {
  oreContratto: string | null;
  oreResidue: string | null;
  /** The closed reports' hours, when known (more than bought when the package is overrun). */
  oreUsate?: string | null;
  /** In a table cell: a thin bar and the text beside. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const info = hoursBarInfo(oreContratto, oreResidue, i18n.language, oreUsate);
  if (!info) return null;
  const note = info.level === 'ok' ? null : t(info.levelKey);
  return (
    <Stack gap={2} miw={compact ? 120 : undefined} data-hours-level={info.level}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size={compact ? 'xs' : 'sm'} fw={500} style={{ whiteSpace: 'nowrap' }}>
          {t('contracts.hours.text', { used: info.used, total: info.total })}
        </Text>
        {note && (
          <Text size="xs" c={info.textColor} fw={600} style={{ whiteSpace: 'nowrap' }}>
            {note}
          </Text>
        )}
      </Group>
      <Progress.Root size={compact ? 'sm' : 'md'} radius="xl">
        <Progress.Section
          value={info.percent}
          color={info.color}
          aria-label={t('contracts.hours.aria', { used: info.used, total: info.total })}
        />
      </Progress.Root>
    </Stack>
  );
}
