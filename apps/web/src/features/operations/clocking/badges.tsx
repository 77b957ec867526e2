import { Badge, Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClockingAnomaly, ClockingKind } from '@fs/contract';

const KIND_COLOURS: Record<ClockingKind, string> = { LAVORO: 'teal', ANDATA: 'blue', RITORNO: 'indigo' };

/** Work, outward travel, return travel. */
export function KindBadge({ kind }: { kind: ClockingKind }) {
  const { t } = useTranslation();
  return (
    <Badge color={KIND_COLOURS[kind]} variant="light" size="md">
      {t(`clocking.kinds.${kind}`)}
    </Badge>
  );
}

/**
 * Anomalies the office is warned of: a legible word on an orange badge, its explanation in a
 * tooltip (and as the badge's accessible description, for touch and screen readers).
 */
export function AnomalyBadges({ anomalies }: { anomalies: readonly ClockingAnomaly[] }) {
  const { t } = useTranslation();
  if (anomalies.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {anomalies.map((a) => (
        <Tooltip
          key={a}
          label={t(`clocking.anomalies.${a}.hint`)}
          multiline
          w={260}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge
            color="yellow.4"
            variant="filled"
            autoContrast
            size="sm"
            leftSection={<IconAlertTriangle size={12} aria-hidden />}
            tabIndex={0}
            aria-label={`${t(`clocking.anomalies.${a}.label`)}: ${t(`clocking.anomalies.${a}.hint`)}`}
            data-anomaly={a}
          >
            {t(`clocking.anomalies.${a}.label`)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
