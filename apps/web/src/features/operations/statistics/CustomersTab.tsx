import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATS_TOP_CUSTOMERS } from '@fs/contract';
import { useStats } from './api';
import { ChartPanel } from './ChartPanel';
import { Kpis } from './Kpis';
import { formatMeasure, reportsLink } from './logic';
import { StatsBars } from './StatsBars';
import { StatsTable, type StatsColumn } from './StatsTable';
import { TabState } from './TabState';
import type { TabProps } from './tab-props';

/** The customers tab: hours and revenue per customer, the top 20 by name and the rest in one row. */
export function CustomersTab({ range, view, currency }: TabProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const overall = useStats('customersOverall', range);
  const list = useStats('customers', range);
  const o = overall.data;
  const rows = (list.data?.righe ?? []).map((r) => ({
    ...r,
    key: r.cliente?.id ?? 'altri',
    etichetta: r.cliente?.nome ?? t('statistics.customers.others', { count: r.clienti }),
  }));
  type Row = (typeof rows)[number];
  const named = rows.filter((r) => r.cliente);
  const rest = rows.filter((r) => !r.cliente);
  const withMoney = o?.ricavi !== null && o?.ricavi !== undefined;
  const open = (r: Row) => {
    if (range && r.cliente) void navigate(reportsLink({ cliente_id: r.cliente.id, dal: range.dal, al: range.al }));
  };
  const count = (n: number) => formatMeasure(n, 'count', lang);
  const top = named[0];
  const columns: StatsColumn<Row>[] = [
    { key: 'etichetta', label: 'statistics.cols.customer', kind: 'text', value: (r) => r.etichetta },
    { key: 'rapportini', label: 'statistics.kpi.reports', kind: 'count', value: (r) => r.rapportini },
    { key: 'oreLavoro', label: 'statistics.kpi.worked', kind: 'hours', value: (r) => r.oreLavoro },
    { key: 'oreViaggio', label: 'statistics.kpi.travel', kind: 'hours', value: (r) => r.oreViaggio },
    ...(withMoney
      ? [{ key: 'ricavi', label: 'statistics.kpi.revenue', kind: 'money' as const, value: (r: Row) => r.ricavi }]
      : []),
  ];
  const table = (caption: string, file: string) => (
    <StatsTable
      caption={caption}
      fileName={`${file}_${range?.dal}_${range?.al}`}
      rows={named}
      footer={rest}
      rowKey={(r) => r.key}
      currency={currency}
      emptyText={t('statistics.empty')}
      onOpen={(r) => open(r)}
      cardTitle="etichetta"
      columns={columns}
    />
  );

  return (
    <TabState queries={[overall, list]} empty={!!o && o.rapportini === 0 && o.oreLavoro === 0}>
      {o && (
        <Stack gap="md">
          <Kpis
            items={[
              { key: 'clienti', label: t('statistics.kpi.customers'), value: count(o.clienti) },
              { key: 'rapportini', label: t('statistics.kpi.reports'), value: count(o.rapportini) },
              { key: 'oreLavoro', label: t('statistics.kpi.worked'), value: formatMeasure(o.oreLavoro, 'hours', lang) },
              {
                key: 'oreViaggio',
                label: t('statistics.kpi.travel'),
                value: formatMeasure(o.oreViaggio, 'hours', lang),
              },
              ...(withMoney
                ? [
                    {
                      key: 'ricavi',
                      label: t('statistics.kpi.revenue'),
                      value: formatMeasure(o.ricavi, 'money', lang, currency),
                    },
                  ]
                : []),
            ]}
          />
          <ChartPanel
            title={t('statistics.customers.hours', { count: STATS_TOP_CUSTOMERS })}
            summary={
              top
                ? t('statistics.customers.summary', {
                    name: top.etichetta,
                    hours: formatMeasure(top.oreLavoro, 'hours', lang),
                    total: formatMeasure(o.oreLavoro, 'hours', lang),
                  })
                : t('statistics.empty')
            }
            view={view}
            categories={rows.length}
            horizontal
            testId="chart-customers-hours"
            chart={(w) => (
              <StatsBars
                width={w}
                data={rows}
                kind="hours"
                horizontal
                stacked
                series={[
                  { name: 'oreLavoro', label: t('statistics.kpi.worked'), color: 'blue.7' },
                  { name: 'oreViaggio', label: t('statistics.kpi.travel'), color: 'orange.8' },
                ]}
                onBar={open}
              />
            )}
            list={table(t('statistics.customers.hours', { count: STATS_TOP_CUSTOMERS }), 'statistiche_clienti')}
          />
          {withMoney && (
            <ChartPanel
              title={t('statistics.customers.revenue')}
              summary={t('statistics.customers.revenueSummary', {
                total: formatMeasure(o.ricavi, 'money', lang, currency),
              })}
              view={view}
              categories={rows.length}
              horizontal
              testId="chart-customers-revenue"
              chart={(w) => (
                <StatsBars
                  width={w}
                  data={rows}
                  kind="money"
                  currency={currency}
                  horizontal
                  series={[{ name: 'ricavi', label: t('statistics.kpi.revenue'), color: 'teal.8' }]}
                  onBar={open}
                />
              )}
              list={table(t('statistics.customers.revenue'), 'statistiche_clienti_ricavi')}
            />
          )}
        </Stack>
      )}
    </TabState>
  );
}
