import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { technicianColor } from './logic';

const dot = (colour: string, size = 12) => ({
  display: 'inline-block',
  flexShrink: 0,
  boxSizing: 'border-box' as const,
  width: size,
  height: size,
  borderRadius: '50%',
  background: colour,
  border: '2px solid #fff',
  boxShadow: '0 0 0 1px rgba(0,0,0,.35)',
});

/**
 * What the symbols mean: a round marker per place with appointments (the first technician's colour,
 * the number when there are several), a pin per technician's last position, and each technician's colour.
 */
export function Legend({
  technicians,
  positions,
}: {
  technicians: { id: string; nome: string; colore: number }[];
  positions: { enabled: boolean; minutes: number; shown: number } | null;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" align="flex-start" component="section" aria-label={t('plannerMap.legend')}>
      <Group gap={6} wrap="nowrap">
        <span aria-hidden style={dot('#4a5a6a')} />
        <Text size="sm">{t('plannerMap.legendAppointment')}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <span
          aria-hidden
          style={{ ...dot('#4a5a6a', 14), borderRadius: '50% 50% 50% 0', transform: 'rotate(-45deg)' }}
        />
        <Text size="sm">
          {!positions?.enabled
            ? t('plannerMap.positionsOff')
            : positions.shown
              ? t('plannerMap.legendPosition', { count: positions.minutes })
              : t('plannerMap.noPositions', { count: positions.minutes })}
        </Text>
      </Group>
      {technicians.length > 0 && (
        <Group gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {technicians.map((x) => (
            <Group key={x.id} gap={6} wrap="nowrap" component="li">
              <span aria-hidden style={dot(technicianColor(x.colore))} />
              <Text size="sm">{x.nome}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Group>
  );
}
