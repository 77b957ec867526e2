import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { technicianColor } from '../planner/office/palette';
import { useTechnicians } from '../planner/office/use-technicians';
import { useStats } from './api';
import { ChartPanel } from './ChartPanel';
import { Kpis } from './Kpis';
import { closedLink, formatMeasure } from './logic';
import { StatsBars } from './StatsBars';
import { StatsTable } from './StatsTable';
import { TabState } from './TabState';
import type { TabProps } from './tab-props';

/**
 * The technicians tab: worked, travel and clocked hours, km and reports closed, per technician, each
 * in the planner's colour (its index in the company's users, else the answer's order). A bar opens
 * the technician's closed reports of the range on /interventions.
 */
export function TechniciansTab({ range, view }: TabProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const overall = useStats('techniciansOverall', range);
  const list = useStats('technicians', range);
  const planner = useTechnicians();
  const o = overall.data;
  const index = useMemo(() => new Map(planner.list.map((x) => [x.value, x.indice])), [planner.list]);
  const rows = (list.data?.righe ?? []).map((r, i) => ({
    ...r,
    etichetta: r.tecnico.nome,
    color: technicianColor(index.get(r.tecnico.id) ?? i),
    oreTimbrate: Math.round((r.oreTimbrateLavoro + r.oreTimbrateViaggio) * 100) / 100,
  }));
  type Row = (typeof rows)[number];
  const open = (r: Row) => {
    if (range) void navigate(closedLink(range, { tecnico_id: r.tecnico.id }));
  };
  const hours = (n: number) => formatMeasure(n, 'hours', lang);
  const count = (n: number) => formatMeasure(n, 'count', lang);
  const top = [...rows].sort((a, b) => b.oreLavoro - a.oreLavoro)[0];
  const table = (caption: string, file: string) => (
    <StatsTable
      caption={caption}
      fileName={`${file}_${range?.dal}_${range?.al}`}
      rows={rows}
      rowKey={(r) => r.tecnico.id}
      emptyText={t('statistics.empty')}
      onOpen={open}
      cardTitle="tecnico"
      columns={[
        { key: 'tecnico', label: 'statistics.cols.technician', kind: 'text', value: (r) => r.tecnico.nome },
        { key: 'oreLavoro', label: 'statistics.kpi.worked', kind: 'hours', value: (r) => r.oreLavoro },
        { key: 'oreViaggio', label: 'statistics.kpi.travel', kind: 'hours', value: (r) => r.oreViaggio },
        {
          key: 'oreTimbrateLavoro',
          label: 'statistics.technicians.clockedWork',
          kind: 'hours',
          value: (r) => r.oreTimbrateLavoro,
        },
        {
          key: 'oreTimbrateViaggio',
          label: 'statistics.technicians.clockedTravel',
          kind: 'hours',
          value: (r) => r.oreTimbrateViaggio,
        },
        { key: 'km', label: 'statistics.kpi.km', kind: 'km', value: (r) => r.km },
        { key: 'rapportiniChiusi', label: 'statistics.kpi.closed', kind: 'count', value: (r) => r.rapportiniChiusi },
      ]}
    />
  );

  return (
    <TabState queries={[overall, list]} empty={!!o && rows.length === 0}>
      {o && (
        <Stack gap="md">
          <Kpis
            items={[
              { key: 'tecnici', label: t('statistics.technicians.count'), value: count(o.tecnici) },
              { key: 'oreLavoro', label: t('statistics.kpi.worked'), value: hours(o.oreLavoro) },
              { key: 'oreViaggio', label: t('statistics.kpi.travel'), value: hours(o.oreViaggio) },
              {
                key: 'oreTimbrate',
                label: t('statistics.technicians.clocked'),
                value: hours(o.oreTimbrateLavoro + o.oreTimbrateViaggio),
              },
              { key: 'km', label: t('statistics.kpi.km'), value: formatMeasure(o.km, 'km', lang) },
              { key: 'chiusi', label: t('statistics.kpi.closed'), value: count(o.rapportiniChiusi) },
            ]}
          />
          <ChartPanel
            title={t('statistics.technicians.worked')}
            summary={
              top
                ? t('statistics.technicians.summary', {
                    total: hours(o.oreLavoro),
                    clocked: hours(o.oreTimbrateLavoro),
                    name: top.tecnico.nome,
                    hours: hours(top.oreLavoro),
                  })
                : t('statistics.empty')
            }
            view={view}
            categories={rows.length}
            horizontal
            testId="chart-technicians-worked"
            chart={(w) => (
              <StatsBars
                width={w}
                data={rows}
                kind="hours"
                horizontal
                series={[{ name: 'oreLavoro', label: t('statistics.kpi.worked'), color: 'blue.7' }]}
                onBar={open}
              />
            )}
            list={table(t('statistics.technicians.worked'), 'statistiche_tecnici')}
          />
          <ChartPanel
            title={t('statistics.technicians.clockedVsReported')}
            summary={t('statistics.technicians.clockedSummary', {
              reported: hours(o.oreLavoro + o.oreViaggio),
              clocked: hours(o.oreTimbrateLavoro + o.oreTimbrateViaggio),
            })}
            view={view}
            categories={rows.length}
            horizontal
            testId="chart-technicians-clocked"
            chart={(w) => (
              <StatsBars
                width={w}
                data={rows.map(({ color: _color, ...r }) => r)}
                kind="hours"
                horizontal
                series={[
                  { name: 'oreLavoro', label: t('statistics.kpi.worked'), color: 'blue.7' },
                  { name: 'oreViaggio', label: t('statistics.kpi.travel'), color: 'orange.8' },
                  { name: 'oreTimbrate', label: t('statistics.technicians.clocked'), color: 'grape.8' },
                ]}
                onBar={(r) => open(r as Row)}
              />
            )}
            list={table(t('statistics.technicians.clockedVsReported'), 'statistiche_tecnici_timbrature')}
          />
          <ChartPanel
            title={t('statistics.technicians.closed')}
            summary={t('statistics.technicians.closedSummary', {
              count: o.rapportiniChiusi,
              shown: count(o.rapportiniChiusi),
            })}
            view={view}
            categories={rows.length}
            horizontal
            testId="chart-technicians-closed"
            chart={(w) => (
              <StatsBars
                width={w}
                data={rows}
                kind="count"
                horizontal
                series={[{ name: 'rapportiniChiusi', label: t('statistics.kpi.closed'), color: 'teal.8' }]}
                onBar={open}
              />
            )}
            list={table(t('statistics.technicians.closed'), 'statistiche_tecnici_chiusi')}
          />
        </Stack>
      )}
    </TabState>
  );
}
