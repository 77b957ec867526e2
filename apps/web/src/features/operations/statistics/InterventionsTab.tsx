import { SimpleGrid, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStats } from './api';
import { ChartPanel } from './ChartPanel';
import { STATE_COLORS } from './GeneralTab';
import { Kpis } from './Kpis';
import { formatMeasure, periodDays, periodLabel, reportsLink } from './logic';
import { StatsBars } from './StatsBars';
import { StatsTable } from './StatsTable';
import { TabState } from './TabState';
import type { TabProps } from './tab-props';

const STATES = ['NUOVO', 'APERTO', 'CHIUSO'] as const;

/** The interventions tab: reports over time by state, by type and job role, average days to close. */
export function InterventionsTab({ range, view }: TabProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const overall = useStats('reportsOverall', range);
  const series = useStats('reportsSeries', range);
  const o = overall.data;
  const rows = (series.data?.serie ?? []).map((pt) => ({ ...pt, etichetta: periodLabel(pt.periodo, lang) }));
  type Row = (typeof rows)[number];
  const open = (row: Row, stato?: string) => {
    if (!range) return;
    const d = periodDays(row.periodo, range);
    void navigate(reportsLink({ ...d, stato: stato && STATES.includes(stato as never) ? stato : null }));
  };
  const none = t('statistics.none');
  const types = (o?.perTipo ?? []).map((x) => ({
    key: x.tipo ?? '',
    etichetta: x.tipo ? t(`reports.tipi.${x.tipo}`, { defaultValue: x.tipo }) : none,
    n: x.n,
  }));
  const roles = (o?.perMansione ?? []).map((x) => ({
    key: x.mansione?.id ?? '',
    etichetta: x.mansione?.nome ?? none,
    n: x.n,
  }));
  const count = (n: number) => formatMeasure(n, 'count', lang);
  const small = (title: string, id: string, data: { key: string; etichetta: string; n: number }[]) => (
    <ChartPanel
      title={title}
      summary={
        data.length
          ? t('statistics.interventions.topOf', {
              name: [...data].sort((a, b) => b.n - a.n)[0]!.etichetta,
              count: count([...data].sort((a, b) => b.n - a.n)[0]!.n),
            })
          : t('statistics.empty')
      }
      view={view}
      categories={data.length}
      horizontal
      testId={id}
      chart={(w) => (
        <StatsBars
          width={w}
          data={data}
          kind="count"
          horizontal
          series={[{ name: 'n', label: t('statistics.kpi.reports'), color: 'blue.7' }]}
        />
      )}
      list={
        <StatsTable
          caption={title}
          fileName={`statistiche_${id}_${range?.dal}_${range?.al}`}
          rows={data}
          rowKey={(r) => r.key || 'none'}
          emptyText={t('statistics.empty')}
          columns={[
            { key: 'etichetta', label: 'statistics.cols.name', kind: 'text', value: (r) => r.etichetta },
            { key: 'n', label: 'statistics.kpi.reports', kind: 'count', value: (r) => r.n },
          ]}
        />
      }
    />
  );

  return (
    <TabState queries={[overall, series]} empty={!!o && o.rapportini.totale === 0}>
      {o && (
        <Stack gap="md">
          <Kpis
            items={[
              { key: 'totale', label: t('statistics.kpi.reports'), value: count(o.rapportini.totale) },
              ...STATES.map((st) => ({
                key: st,
                label: t(`reports.stati.${st}`),
                value: count(o.rapportini[st]),
              })),
              {
                key: 'giorni',
                label: t('statistics.kpi.daysToClose'),
                value: o.giorniMediChiusura === null ? '—' : formatMeasure(o.giorniMediChiusura, 'days', lang),
              },
            ]}
          />
          <ChartPanel
            title={t('statistics.interventions.overTime')}
            summary={t('statistics.interventions.summary', {
              total: count(o.rapportini.totale),
              closed: count(o.rapportini.CHIUSO),
              days: o.giorniMediChiusura === null ? '—' : formatMeasure(o.giorniMediChiusura, 'days', lang),
            })}
            view={view}
            categories={rows.length}
            testId="chart-interventions-time"
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
                caption={t('statistics.interventions.overTime')}
                fileName={`statistiche_interventi_${range?.dal}_${range?.al}`}
                rows={rows}
                rowKey={(r) => r.periodo}
                emptyText={t('statistics.empty')}
                onOpen={(r) => open(r)}
                columns={[
                  {
                    key: 'periodo',
                    label: 'statistics.cols.period',
                    kind: 'text',
                    value: (r) => periodLabel(r.periodo, lang, true),
                    sortValue: (r) => r.periodo,
                  },
                  ...STATES.map((st) => ({
                    key: st,
                    label: `reports.stati.${st}`,
                    kind: 'count' as const,
                    value: (r: Row) => r[st],
                  })),
                  { key: 'chiusi', label: 'statistics.cols.closedInPeriod', kind: 'count', value: (r) => r.chiusi },
                ]}
              />
            }
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {small(t('statistics.interventions.byType'), 'chart-interventions-type', types)}
            {small(t('statistics.interventions.byRole'), 'chart-interventions-role', roles)}
          </SimpleGrid>
        </Stack>
      )}
    </TabState>
  );
}
