import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatMeasure, type Measure } from './logic';

/** A chart row: its category's label (`etichetta`), its values, and optionally its own bar colour. */
export type BarRow = { etichetta: string; color?: string } & Record<string, unknown>;

/**
 * A bar chart of the statistics (@mantine/charts over recharts): values on the axis and in the
 * tooltip the way the interface language writes them (Italian: 1.234,5 · 2.450,00 €), categories
 * already labelled by the caller (months "mar 2026", days "05/03"). A click on a bar calls
 * `onBar` with its row and series (the matching filtered list); the same rows are the list view.
 */
export function StatsBars<T extends BarRow>(p: {
  data: T[];
  series: BarChartSeries[];
  kind: Measure;
  currency?: string;
  stacked?: boolean;
  /** Bars lying along the page, one row per category (names: customers, technicians, contracts). */
  horizontal?: boolean;
  onBar?: (row: T, series: string) => void;
  /** A marked value (the on-call contracts' 10-hour threshold). */
  reference?: { value: number; label: string };
  height?: number;
  /** The width the chart has: the names' axis takes less of a narrow one, and long names are cut on it. */
  width?: number;
}) {
  const { i18n } = useTranslation();
  const format = (v: number) => formatMeasure(v, p.kind, i18n.language, p.currency);
  const height =
    p.height ?? (p.horizontal ? Math.max(160, p.data.length * (p.stacked ? 36 : 28 * p.series.length) + 60) : 280);
  const allowDecimals = p.kind !== 'count';
  const nameWidth = (p.width ?? 800) < 500 ? 110 : 180;
  // A name longer than its axis is cut with an ellipsis (whole in the tooltip and the list), on one line.
  const fits = Math.floor(nameWidth / 7);
  const categoryAxis = {
    tickFormatter: (v: unknown) => {
      const text = String(v);
      return p.horizontal && text.length > fits ? `${text.slice(0, fits - 1)}…` : text;
    },
    interval: 0 as const,
  };
  return (
    <BarChart
      h={height}
      data={p.data}
      dataKey="etichetta"
      series={p.series}
      type={p.stacked ? 'stacked' : 'default'}
      orientation={p.horizontal ? 'vertical' : 'horizontal'}
      valueFormatter={format}
      withLegend={p.series.length > 1}
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      gridAxis={p.horizontal ? 'y' : 'x'}
      // Counts have whole ticks only (no "0, 0, 1, 1, 1" from rounded halves).
      xAxisProps={p.horizontal ? { allowDecimals } : { ...categoryAxis, interval: 'preserveStartEnd' }}
      yAxisProps={p.horizontal ? { ...categoryAxis, width: nameWidth } : { width: 80, allowDecimals }}
      referenceLines={
        p.reference
          ? [
              {
                [p.horizontal ? 'x' : 'y']: p.reference.value,
                label: p.reference.label,
                color: 'red.8',
                labelPosition: 'insideTopRight',
              },
            ]
          : undefined
      }
      barProps={
        p.onBar
          ? (s) => ({
              cursor: 'pointer',
              onClick: (bar: { payload?: unknown }) => {
                if (bar.payload) p.onBar!(bar.payload as T, s.name);
              },
            })
          : undefined
      }
    />
  );
}
