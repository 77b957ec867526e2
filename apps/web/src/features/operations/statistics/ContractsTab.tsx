import { Badge, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATS_ON_CALL_THRESHOLD_HOURS } from '@fs/contract';
import { useStats } from './api';
import { ChartPanel } from './ChartPanel';
import { Kpis } from './Kpis';
import { formatMeasure, reportsLink } from './logic';
import { StatsBars } from './StatsBars';
import { StatsTable } from './StatsTable';
import { TabState } from './TabState';
import type { TabProps } from './tab-props';

const MAINTENANCE = [
  { name: 'inTempo', color: 'teal.8' },
  { name: 'inRitardo', color: 'yellow.8' },
  { name: 'scadute', color: 'red.8' },
  { name: 'programmate', color: 'gray.6' },
] as const;

/**
 * The contracts tab: on-call hours used and left (the 10-hour threshold marked), maintenance
 * activities of the range done on time, late or overdue, and the work per contract.
 */
export function ContractsTab({ range, view, currency }: TabProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const overall = useStats('contractsOverall', range);
  const onCall = useStats('onCall', range);
  const maintenance = useStats('maintenance', range);
  const perContract = useStats('contracts', range);
  const o = overall.data;
  const count = (n: number) => formatMeasure(n, 'count', lang);
  const hours = (n: number) => formatMeasure(n, 'hours', lang);
  const soglia = onCall.data?.soglia ?? STATS_ON_CALL_THRESHOLD_HOURS;
  const calls = (onCall.data?.righe ?? []).map((r) => ({
    ...r,
    etichetta: `${r.contratto.identificativo} · ${r.cliente.nome}`,
  }));
  const maint = (maintenance.data?.righe ?? []).map((r) => ({
    ...r,
    etichetta: `${r.contratto.identificativo} · ${r.cliente.nome}`,
  }));
  const work = (perContract.data?.righe ?? []).map((r) => ({
    ...r,
    etichetta: `${r.contratto.identificativo} · ${r.cliente.nome}`,
  }));
  const withMoney = o?.ricavi !== null && o?.ricavi !== undefined;
  const toContract = (r: { contratto: { id: string } }) => void navigate(`/contracts/${r.contratto.id}`);
  const toReports = (r: { contratto: { id: string } }) => {
    if (range) void navigate(reportsLink({ contratto_id: r.contratto.id, dal: range.dal, al: range.al }));
  };
  const empty = !!o && o.attivi === 0 && work.length === 0;

  return (
    <TabState queries={[overall, onCall, maintenance, perContract]} empty={empty}>
      {o && (
        <Stack gap="md">
          <Kpis
            items={[
              { key: 'attivi', label: t('statistics.contracts.active'), value: count(o.attivi) },
              { key: 'oreUsate', label: t('statistics.contracts.used'), value: hours(o.chiamata.oreUsate) },
              { key: 'oreResidue', label: t('statistics.contracts.left'), value: hours(o.chiamata.oreResidue) },
              {
                key: 'sottoSoglia',
                label: t('statistics.contracts.underThreshold'),
                value: count(o.chiamata.sottoSoglia),
              },
              { key: 'inTempo', label: t('statistics.contracts.onTime'), value: count(o.manutenzione.inTempo) },
              { key: 'scadute', label: t('statistics.contracts.overdue'), value: count(o.manutenzione.scadute) },
            ]}
          />
          <ChartPanel
            title={t('statistics.contracts.onCall')}
            summary={t('statistics.contracts.onCallSummary', {
              count: o.chiamata.contratti,
              used: hours(o.chiamata.oreUsate),
              left: hours(o.chiamata.oreResidue),
              under: count(o.chiamata.sottoSoglia),
              threshold: hours(soglia),
            })}
            view={view}
            categories={calls.length}
            horizontal
            testId="chart-contracts-oncall"
            chart={(w) => (
              <StatsBars
                width={w}
                data={calls}
                kind="hours"
                horizontal
                reference={{ value: soglia, label: t('statistics.contracts.threshold', { hours: hours(soglia) }) }}
                series={[
                  { name: 'oreResidue', label: t('statistics.contracts.left'), color: 'teal.8' },
                  { name: 'oreUsate', label: t('statistics.contracts.used'), color: 'blue.7' },
                ]}
                onBar={toContract}
              />
            )}
            list={
              <StatsTable
                caption={t('statistics.contracts.onCall')}
                fileName={`statistiche_contratti_chiamata_${range?.dal}_${range?.al}`}
                rows={calls}
                rowKey={(r) => r.contratto.id}
                emptyText={t('statistics.contracts.noOnCall')}
                onOpen={toContract}
                cardTitle="contratto"
                columns={[
                  {
                    key: 'contratto',
                    label: 'statistics.cols.contract',
                    kind: 'text',
                    value: (r) => r.contratto.identificativo,
                  },
                  { key: 'cliente', label: 'statistics.cols.customer', kind: 'text', value: (r) => r.cliente.nome },
                  {
                    key: 'oreAcquistate',
                    label: 'statistics.contracts.bought',
                    kind: 'hours',
                    value: (r) => r.oreAcquistate,
                  },
                  { key: 'oreUsate', label: 'statistics.contracts.used', kind: 'hours', value: (r) => r.oreUsate },
                  {
                    key: 'oreUsateNelPeriodo',
                    label: 'statistics.contracts.usedInRange',
                    kind: 'hours',
                    value: (r) => r.oreUsateNelPeriodo,
                  },
                  {
                    key: 'oreResidue',
                    label: 'statistics.contracts.left',
                    kind: 'hours',
                    value: (r) => r.oreResidue,
                    render: (r) =>
                      r.sottoSoglia ? (
                        <Badge color="red" variant="light">
                          {hours(r.oreResidue)} · {t('statistics.contracts.low')}
                        </Badge>
                      ) : (
                        hours(r.oreResidue)
                      ),
                  },
                ]}
              />
            }
          />
          <ChartPanel
            title={t('statistics.contracts.maintenance')}
            summary={t('statistics.contracts.maintenanceSummary', {
              onTime: count(o.manutenzione.inTempo),
              late: count(o.manutenzione.inRitardo),
              overdue: count(o.manutenzione.scadute),
              planned: count(o.manutenzione.programmate),
            })}
            view={view}
            categories={maint.length}
            horizontal
            testId="chart-contracts-maintenance"
            chart={(w) => (
              <StatsBars
                width={w}
                data={maint}
                kind="count"
                horizontal
                stacked
                series={MAINTENANCE.map((m) => ({ ...m, label: t(`statistics.contracts.${m.name}`) }))}
                onBar={toContract}
              />
            )}
            list={
              <StatsTable
                caption={t('statistics.contracts.maintenance')}
                fileName={`statistiche_manutenzioni_${range?.dal}_${range?.al}`}
                rows={maint}
                rowKey={(r) => r.contratto.id}
                emptyText={t('statistics.contracts.noMaintenance')}
                onOpen={toContract}
                cardTitle="contratto"
                columns={[
                  {
                    key: 'contratto',
                    label: 'statistics.cols.contract',
                    kind: 'text',
                    value: (r) => r.contratto.identificativo,
                  },
                  { key: 'cliente', label: 'statistics.cols.customer', kind: 'text', value: (r) => r.cliente.nome },
                  ...MAINTENANCE.map((m) => ({
                    key: m.name,
                    label: `statistics.contracts.${m.name}`,
                    kind: 'count' as const,
                    value: (r: (typeof maint)[number]) => r[m.name],
                  })),
                ]}
              />
            }
          />
          <ChartPanel
            title={t('statistics.contracts.work')}
            summary={t('statistics.contracts.workSummary', { count: work.length })}
            view={view}
            categories={work.length}
            horizontal
            testId="chart-contracts-work"
            chart={(w) => (
              <StatsBars
                width={w}
                data={work}
                kind="hours"
                horizontal
                stacked
                series={[
                  { name: 'oreLavoro', label: t('statistics.kpi.worked'), color: 'blue.7' },
                  { name: 'oreViaggio', label: t('statistics.kpi.travel'), color: 'orange.8' },
                ]}
                onBar={toReports}
              />
            )}
            list={
              <StatsTable
                caption={t('statistics.contracts.work')}
                fileName={`statistiche_contratti_${range?.dal}_${range?.al}`}
                rows={work}
                rowKey={(r) => r.contratto.id}
                currency={currency}
                emptyText={t('statistics.empty')}
                onOpen={toReports}
                cardTitle="contratto"
                columns={[
                  {
                    key: 'contratto',
                    label: 'statistics.cols.contract',
                    kind: 'text',
                    value: (r) => r.contratto.identificativo,
                  },
                  { key: 'cliente', label: 'statistics.cols.customer', kind: 'text', value: (r) => r.cliente.nome },
                  {
                    key: 'tipo',
                    label: 'statistics.cols.type',
                    kind: 'text',
                    value: (r) => t(`contracts.tipi.${r.contratto.tipo}`),
                  },
                  { key: 'rapportini', label: 'statistics.kpi.reports', kind: 'count', value: (r) => r.rapportini },
                  { key: 'oreLavoro', label: 'statistics.kpi.worked', kind: 'hours', value: (r) => r.oreLavoro },
                  { key: 'oreViaggio', label: 'statistics.kpi.travel', kind: 'hours', value: (r) => r.oreViaggio },
                  ...(withMoney
                    ? [
                        {
                          key: 'ricavi',
                          label: 'statistics.kpi.revenue',
                          kind: 'money' as const,
                          value: (r: (typeof work)[number]) => r.ricavi,
                        },
                      ]
                    : []),
                ]}
              />
            }
          />
        </Stack>
      )}
    </TabState>
  );
}
