import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconCalendarShare, IconFilePlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Occurrence, OccurrenceState } from '@fs/contract';
import { formatDate } from '../../../app/format';

/** An occurrence's state colours: to do blue, planned violet, done green, overdue red. */
export const STATO_OCCORRENZA_COLORS: Record<OccurrenceState, string> = {
  da_fare: 'blue',
  pianificata: 'violet',
  fatta: 'green',
  scaduta: 'red',
};

/** An activity's dates: due, planned, state, its report; "Crea rapportino" and "Sposta" where they apply. */
export function OccurrencesTable({
  items,
  name,
  canReport,
  canMove,
  onReport,
  onMove,
}: {
  items: Occurrence[];
  name: string;
  canReport: boolean;
  canMove: boolean;
  onReport: (o: Occurrence) => void;
  onMove: (o: Occurrence) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('contracts.occurrences.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={t('contracts.occurrences.caption', { name })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('contracts.occurrences.data')}</Table.Th>
            <Table.Th>{t('contracts.occurrences.pianificata')}</Table.Th>
            <Table.Th>{t('contracts.occurrences.stato')}</Table.Th>
            <Table.Th>{t('contracts.occurrences.rapportino')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => {
            const open = o.stato !== 'fatta';
            return (
              <Table.Tr key={o.id}>
                <Table.Td>{formatDate(o.data)}</Table.Td>
                <Table.Td>{formatDate(o.data_pianificata) ?? ''}</Table.Td>
                <Table.Td>
                  <Badge color={STATO_OCCORRENZA_COLORS[o.stato]} variant="light">
                    {t(`contracts.occurrences.stati.${o.stato}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {o.rapportino_id ? (
                    <Anchor component={Link} to={`/interventions/${o.rapportino_id}`} size="sm">
                      {t('contracts.occurrences.openReport')}
                    </Anchor>
                  ) : (
                    ''
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canReport && open && !o.rapportino_id && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconFilePlus size={14} />}
                        onClick={() => onReport(o)}
                        aria-label={t('contracts.occurrences.reportFor', { name, date: formatDate(o.data) })}
                      >
                        {t('contracts.occurrences.report')}
                      </Button>
                    )}
                    {canMove && open && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconCalendarShare size={14} />}
                        onClick={() => onMove(o)}
                        aria-label={t('contracts.occurrences.moveFor', { name, date: formatDate(o.data) })}
                      >
                        {t('contracts.occurrences.move')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
