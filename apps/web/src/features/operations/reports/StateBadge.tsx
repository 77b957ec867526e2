import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REPORT_STATE_COLORS, type ReportState } from '@fs/contract';

/** The report's state in its spec colour (NUOVO red, APERTO yellow, CHIUSO blue); completed and sent shown beside. */
export function StateBadge({
  stato,
  completato,
  inviato,
}: {
  stato: ReportState;
  completato?: boolean;
  inviato?: boolean;
}) {
  const { t } = useTranslation();
  // Side by side, wrapping when the place is narrow (a list's cell, a phone's card): never cut.
  return (
    <Group gap={4} wrap="wrap" component="span" display="inline-flex">
      <Badge
        color={REPORT_STATE_COLORS[stato]}
        variant={stato === 'APERTO' ? 'filled' : 'light'}
        c={stato === 'APERTO' ? 'dark' : undefined}
      >
        {t(`reports.stati.${stato}`)}
      </Badge>
      {completato && (
        <Badge color="gray" variant="outline">
          {t('reports.completed')}
        </Badge>
      )}
      {inviato && (
        <Badge color={REPORT_STATE_COLORS.inviato} variant="light">
          {t('reports.sent')}
        </Badge>
      )}
    </Group>
  );
}
