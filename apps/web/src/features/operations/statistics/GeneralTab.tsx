import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStats, useStatsGeneral } from './api';
import { ChartPanel } from './ChartPanel';
import { Kpis } from './Kpis';
import { change, closedLink, formatMeasure, periodDays, periodLabel, reportsLink, summaryText } from './logic';
import { StatsBars } from './StatsBars';
import { StatsTable } from './StatsTable';
import { TabState } from './TabState';
import type { TabProps } from './tab-props';

export const STATE_COLORS = { NUOVO: 'gray.6', APERTO: 'blue.7', CHIUSO: 'teal.8' } as const;
const STATES = ['NUOVO', 'APERTO', 'CHIUSO'] as const;

/**
 * The general tab: reports by state, hours worked and travelled, km and net revenue of the range,
 * each against the previous period of the same length (the answers carry both), by month or day.
 */
export function GeneralTab({ range, view, currency }: TabProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const totals = useStatsGeneral(range);
  const series = useStats('generalSeries', range);
  const g = totals.data;
  const s = series.data;
  const money = g?.valuta ?? currency;
  const compare = (c: string) => t('statistics.compare', { change: c });
  const rows = (s?.serie ?? []).map((pt, i) => {
    const prev = s?.precedente[i];
    return {
      periodo: pt.periodo,
      etichetta: periodLabel(pt.periodo, lang),
      NUOVO: pt.rapportini.NUOVO,
      APERTO: pt.rapportini.APERTO,
      CHIUSO: pt.rapportini.CHIUSO,
      totale: pt.rapportini.totale,
      chiusi: pt.rapportiniChiusi,
      oreLavoro: pt.oreLavoro,
      oreViaggio: pt.oreViaggio,
      oreLavoroPrec: prev?.oreLavoro ?? 0,
      km: pt.km,
      ricavi: pt.ricavi,
      ricaviPrec: prev?.ricavi ?? null,
    };
  });
  type Row = (typeof rows)[number];
  const withMoney = g?.corrente.ricavi !== null && g?.corrente.ricavi !== undefined;
  const open = (row: Row, stato?: string) => {
    if (!range) return;
    const d = periodDays(row.periodo, range);
    void navigate(reportsLink({ ...d, stato: stato && STATES.includes(stato as never) ? stato : null }));
  };
  // Revenue is the reports closed in the period: their closing days.
  const openClosed = (row: Row) => {
    if (range) void navigate(closedLink(periodDays(row.periodo, range)));
  };
  const periodCol = {
    key: 'periodo',
    label: 'statistics.cols.period',
    kind: 'text' as const,
    value: (r: Row) => periodLabel(r.periodo, lang, true),
    sortValue: (r: Row) => r.periodo,
  };
  const c = g?.corrente;
  const p = g?.confronto;

  return (
    <TabState queries={[totals, series]} empty={!!c && c.rapportini.totale === 0 && c.oreLavoro === 0 && c.km === 0}>
      {c && p && (
        <Stack gap="md">
          <Kpis
            items={[
              {
                key: 'rapportini',
                label: t('statistics.kpi.reports'),
                value: formatMeasure(c.rapportini.totale, 'count', lang),
                pct: change(c.rapportini.totale, p.rapportini.totale),
              },
              {
                key: 'chiusi',
                label: t('statistics.kpi.closed'),
                value: formatMeasure(c.rapportiniChiusi, 'count', lang),
                pct: change(c.rapportiniChiusi, p.rapportiniChiusi),
              },
              {
                key: 'oreLavoro',
                label: t('statistics.kpi.worked'),
                value: formatMeasure(c.oreLavoro, 'hours', lang),
                pct: change(c.oreLavoro, p.oreLavoro),
              },
              {
                key: 'oreViaggio',
                label: t('statistics.kpi.travel'),
                value: formatMeasure(c.oreViaggio, 'hours', lang),
                pct: change(c.oreViaggio, p.oreViaggio),
              },
              {
                key: 'km',
                label: t('statistics.kpi.km'),
                value: formatMeasure(c.km, 'km', lang),
                pct: change(c.km, p.km),
              },
              ...(withMoney
                ? [
                    {
                      key: 'ricavi',
                      label: t('statistics.kpi.revenue'),
                      value: formatMeasure(c.ricavi, 'money', lang, money),
                      pct: change(c.ricavi ?? 0, p.ricavi ?? 0),
                    },
                  ]
                : [
                    {
                      key: 'clienti',
                      label: t('statistics.kpi.customers'),
                      value: formatMeasure(c.clienti, 'count', lang),
                      pct: change(c.clienti, p.clienti),
                    },
                  ]),
            ]}
          />
          <ChartPanel
            title={t('statistics.general.byState')}
            summary={summaryText(
              t('statistics.kpi.reports'),
              formatMeasure(c.rapportini.totale, 'count', lang),
              change(c.rapportini.totale, p.rapportini.totale),
              lang,
              compare,
            )}
            view={view}
            categories={rows.length}
            testId="chart-general-states"
            chart={(w) => (
              <StatsBars
                width={w}
                data={rows}
                kind="count"
                stacked
                series={STATES.map((st) => ({ name: st, label: t(`reports.stati.${st}`), color: STATE_COLORS[st] }))}
                onBar={open}
              />
            )}
            list={
              <StatsTable
                caption={t('statistics.general.byState')}
                fileName={`statistiche_rapportini_${range?.dal}_${range?.al}`}
                rows={rows}
                rowKey={(r) => r.periodo}
                emptyText={t('statistics.empty')}
                onOpen={(r) => open(r)}
                columns={[
                  periodCol,
                  ...STATES.map((st) => ({
                    key: st,
                    label: `reports.stati.${st}`,
                    kind: 'count' as const,
                    value: (r: Row) => r[st],
                  })),
                  { key: 'totale', label: 'statistics.cols.total', kind: 'count', value: (r) => r.totale },
                  { key: 'chiusi', label: 'statistics.cols.closedInPeriod', kind: 'count', value: (r) => r.chiusi },
                ]}
              />
            }
          />
          <ChartPanel
            title={t('statistics.general.hours')}
            summary={summaryText(
              t('statistics.kpi.worked'),
              formatMeasure(c.oreLavoro, 'hours', lang),
              change(c.oreLavoro, p.oreLavoro),
              lang,
              compare,
            )}
            view={view}
            categories={rows.length}
            testId="chart-general-hours"
            chart={(w) => (
              <StatsBars
                width={w}
                data={rows}
                kind="hours"
                series={[
                  { name: 'oreLavoro', label: t('statistics.kpi.worked'), color: 'blue.7' },
                  { name: 'oreLavoroPrec', label: t('statistics.general.workedBefore'), color: 'gray.5' },
                  { name: 'oreViaggio', label: t('statistics.kpi.travel'), color: 'orange.8' },
                ]}
                onBar={(r) => open(r)}
              />
            )}
            list={
              <StatsTable
                caption={t('statistics.general.hours')}
                fileName={`statistiche_ore_${range?.dal}_${range?.al}`}
                rows={rows}
                rowKey={(r) => r.periodo}
                emptyText={t('statistics.empty')}
                onOpen={(r) => open(r)}
                columns={[
                  periodCol,
                  { key: 'oreLavoro', label: 'statistics.kpi.worked', kind: 'hours', value: (r) => r.oreLavoro },
                  {
                    key: 'oreLavoroPrec',
                    label: 'statistics.general.workedBefore',
                    kind: 'hours',
                    value: (r) => r.oreLavoroPrec,
                  },
                  { key: 'oreViaggio', label: 'statistics.kpi.travel', kind: 'hours', value: (r) => r.oreViaggio },
                  { key: 'km', label: 'statistics.kpi.km', kind: 'km', value: (r) => r.km },
                ]}
              />
            }
          />
          {withMoney && (
            <ChartPanel
              title={t('statistics.general.revenue')}
              summary={summaryText(
                t('statistics.kpi.revenue'),
                formatMeasure(c.ricavi, 'money', lang, money),
                change(c.ricavi ?? 0, p.ricavi ?? 0),
                lang,
                compare,
              )}
              view={view}
              categories={rows.length}
              testId="chart-general-revenue"
              chart={(w) => (
                <StatsBars
                  width={w}
                  data={rows}
                  kind="money"
                  currency={money}
                  series={[
                    { name: 'ricavi', label: t('statistics.kpi.revenue'), color: 'teal.8' },
                    { name: 'ricaviPrec', label: t('statistics.general.revenueBefore'), color: 'gray.5' },
                  ]}
                  onBar={openClosed}
                />
              )}
              list={
                <StatsTable
                  caption={t('statistics.general.revenue')}
                  fileName={`statistiche_ricavi_${range?.dal}_${range?.al}`}
                  rows={rows}
                  rowKey={(r) => r.periodo}
                  currency={money}
                  emptyText={t('statistics.empty')}
                  onOpen={openClosed}
                  columns={[
                    periodCol,
                    { key: 'ricavi', label: 'statistics.kpi.revenue', kind: 'money', value: (r) => r.ricavi },
                    {
                      key: 'ricaviPrec',
                      label: 'statistics.general.revenueBefore',
                      kind: 'money',
                      value: (r) => r.ricaviPrec,
                    },
                  ]}
                />
              }
            />
          )}
        </Stack>
      )}
    </TabState>
  );
}
