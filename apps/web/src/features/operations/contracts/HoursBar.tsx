import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hoursBarInfo } from './hours-bar';

/**
 * An on-call contract's hours: a bar of the hours left (green; orange at 10 hours left; red and
 * "Ore esaurite" at 0) and "12,5 / 40 h". Nothing for a maintenance contract.
 */
export function HoursBar({
  oreContratto,
  oreResidue,
  compact = false,
}: {
  oreContratto: string | null;
  oreResidue: string | null;
  /** In a table cell: a thin bar and the text beside. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const info = hoursBarInfo(oreContratto, oreResidue, i18n.language);
  if (!info) return null;
  const label = t('contracts.hours.aria', { text: info.text, level: t(info.levelKey) });
  const note = info.level === 'ok' ? null : t(info.levelKey);
  return (
    <Stack gap={2} miw={compact ? 120 : undefined} data-hours-level={info.level}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size={compact ? 'xs' : 'sm'} fw={500} style={{ whiteSpace: 'nowrap' }}>
          {info.text}
        </Text>
        {note && (
          <Text size="xs" c={info.color} fw={600} style={{ whiteSpace: 'nowrap' }}>
            {note}
          </Text>
        )}
      </Group>
      <Progress
        value={info.percent}
        color={info.color}
        size={compact ? 'sm' : 'md'}
        radius="xl"
        aria-label={label}
        role="progressbar"
      />
    </Stack>
  );
}
