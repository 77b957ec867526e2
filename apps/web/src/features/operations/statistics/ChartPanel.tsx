import { useId, type ReactNode } from 'react';
import { Box, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export type StatsView = 'grafico' | 'elenco';

/** The width each category of a chart needs to stay readable (labels, bars). */
const PX_PER_CATEGORY = 26;
const MIN_CHART_PX = 280;

/**
 * One chart of a tab with its list view and its text summary (the chart's accessible description,
 * also read by everyone): the chart when the page shows charts and the panel is wide enough for its
 * categories (`horizontal` charts, one row per category, need only the minimum), else the list.
 */
export function ChartPanel(p: {
  title: string;
  summary: string;
  view: StatsView;
  /** How many categories (bars or points) the chart has. */
  categories: number;
  horizontal?: boolean;
  /** The chart, given the width it has. */
  chart: (width: number) => ReactNode;
  list: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize();
  const summaryId = useId();
  const need = p.horizontal ? MIN_CHART_PX : Math.max(MIN_CHART_PX, p.categories * PX_PER_CATEGORY);
  // Before the first measure (width 0) the chart is assumed to fit: no flash of the list.
  const narrow = width > 0 && width < need;
  const showChart = p.view === 'grafico' && !narrow && p.categories > 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid={p.testId}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {p.title}
        </Title>
        <Text size="sm" id={summaryId} data-testid="stats-summary">
          {p.summary}
        </Text>
        <Box ref={ref}>
          {showChart ? (
            <figure style={{ margin: 0 }} aria-describedby={summaryId} data-testid="stats-chart">
              <VisuallyHidden component="figcaption">{p.title}</VisuallyHidden>
              {p.chart(width)}
            </figure>
          ) : (
            <Stack gap="xs">
              {p.view === 'grafico' && narrow && (
                <Text size="xs" c="dimmed">
                  {t('statistics.narrow')}
                </Text>
              )}
              {p.list}
            </Stack>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
