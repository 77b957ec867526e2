import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeText } from './logic';

export interface Kpi {
  key: string;
  label: string;
  value: string;
  /** Change against the previous period, in percent; null or absent: not compared. */
  pct?: number | null;
}

/** A tab's totals as figures, each with its change against the previous period when it has one. */
export function Kpis({ items }: { items: Kpi[] }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" role="list" data-testid="stats-kpis">
      {items.map((k) => (
        <Paper key={k.key} withBorder radius="md" p="sm" role="listitem">
          <Text size="xs" c="dimmed" fw={600}>
            {k.label}
          </Text>
          <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {k.value}
          </Text>
          {k.pct !== undefined && k.pct !== null && (
            <Text size="xs" c={k.pct > 0 ? 'teal.9' : k.pct < 0 ? 'red.9' : 'dimmed'}>
              {t('statistics.compare', { change: changeText(k.pct, i18n.language) })}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
