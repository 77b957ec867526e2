import { Badge, Select, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStatsExpiring } from './api';
import { ChartPanel, type StatsView } from './ChartPanel';
import { Kpis } from './Kpis';
import { formatMeasure } from './logic';
import { StatsBars } from './StatsBars';
import { StatsTable } from './StatsTable';
import { TabState } from './TabState';

export const EXPIRING_CHOICES = [7, 15, 30, 60, 90] as const;

/**
 * The expiring tab (today's, not the range's): contracts ending within N days and maintenance
 * activities overdue today; a bar or a row opens the contract.
 */
export function ExpiringTab(p: { view: StatsView; giorni: number; onGiorni: (n: number) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const q = useStatsExpiring(p.giorni);
  const d = q.data;
  const contracts = (d?.contratti ?? []).map((c) => ({
    ...c,
    etichetta: `${c.identificativo} · ${c.cliente.nome}`,
    giorni: c.giorniAllaScadenza,
  }));
  const byContract = new Map<
    string,
    { key: string; etichetta: string; contrattoId: string; n: number; giorni: number }
  >();
  for (const a of d?.attivitaScadute ?? []) {
    const row = byContract.get(a.contratto.id) ?? {
      key: a.contratto.id,
      contrattoId: a.contratto.id,
      etichetta: `${a.contratto.identificativo} · ${a.cliente.nome}`,
      n: 0,
      giorni: 0,
    };
    row.n += 1;
    row.giorni = Math.max(row.giorni, a.giorniRitardo);
    byContract.set(a.contratto.id, row);
  }
  const overdue = [...byContract.values()];
  const activities = d?.attivitaScadute ?? [];
  const count = (n: number) => formatMeasure(n, 'count', lang);
  const toContract = (id: string) => void navigate(`/contracts/${id}`);

  return (
    <Stack gap="md">
      <Select
        label={t('statistics.expiring.within')}
        data={EXPIRING_CHOICES.map((n) => ({ value: String(n), label: t('statistics.expiring.days', { count: n }) }))}
        value={String(p.giorni)}
        onChange={(v) => v && p.onGiorni(Number(v))}
        allowDeselect={false}
        w={200}
      />
      <TabState queries={[q]} empty={!!d && contracts.length === 0 && activities.length === 0}>
        {d && (
          <Stack gap="md">
            <Kpis
              items={[
                { key: 'contratti', label: t('statistics.expiring.contracts'), value: count(contracts.length) },
                { key: 'attivita', label: t('statistics.expiring.activities'), value: count(activities.length) },
              ]}
            />
            <ChartPanel
              title={t('statistics.expiring.contractsTitle', { count: d.giorni })}
              summary={t('statistics.expiring.contractsSummary', {
                count: contracts.length,
                shown: count(contracts.length),
                days: d.giorni,
              })}
              view={p.view}
              categories={contracts.length}
              horizontal
              testId="chart-expiring-contracts"
              chart={(w) => (
                <StatsBars
                  width={w}
                  data={contracts}
                  kind="count"
                  horizontal
                  series={[{ name: 'giorni', label: t('statistics.expiring.daysLeft'), color: 'orange.8' }]}
                  onBar={(r) => toContract(r.id)}
                />
              )}
              list={
                <StatsTable
                  caption={t('statistics.expiring.contractsTitle', { count: d.giorni })}
                  fileName={`contratti_in_scadenza_${d.oggi}`}
                  rows={contracts}
                  rowKey={(r) => r.id}
                  emptyText={t('statistics.expiring.noContracts')}
                  onOpen={(r) => toContract(r.id)}
                  cardTitle="contratto"
                  columns={[
                    {
                      key: 'contratto',
                      label: 'statistics.cols.contract',
                      kind: 'text',
                      value: (r) => r.identificativo,
                    },
                    { key: 'cliente', label: 'statistics.cols.customer', kind: 'text', value: (r) => r.cliente.nome },
                    {
                      key: 'tipo',
                      label: 'statistics.cols.type',
                      kind: 'text',
                      value: (r) => t(`contracts.tipi.${r.tipo}`),
                    },
                    { key: 'dataFine', label: 'statistics.expiring.end', kind: 'day', value: (r) => r.dataFine },
                    { key: 'giorni', label: 'statistics.expiring.daysLeft', kind: 'count', value: (r) => r.giorni },
                    {
                      key: 'rinnovo',
                      label: 'statistics.expiring.renewal',
                      kind: 'text',
                      value: (r) => (r.rinnovoAutomatico ? t('reports.yes') : t('reports.no')),
                      render: (r) =>
                        r.rinnovoAutomatico ? (
                          <Badge variant="light">{t('statistics.expiring.automatic')}</Badge>
                        ) : (
                          t('reports.no')
                        ),
                    },
                  ]}
                />
              }
            />
            <ChartPanel
              title={t('statistics.expiring.activitiesTitle')}
              summary={t('statistics.expiring.activitiesSummary', {
                count: activities.length,
                shown: count(activities.length),
                contracts: count(overdue.length),
              })}
              view={p.view}
              categories={overdue.length}
              horizontal
              testId="chart-expiring-activities"
              chart={(w) => (
                <StatsBars
                  width={w}
                  data={overdue}
                  kind="count"
                  horizontal
                  series={[{ name: 'n', label: t('statistics.expiring.activities'), color: 'red.8' }]}
                  onBar={(r) => toContract(r.contrattoId)}
                />
              )}
              list={
                <StatsTable
                  caption={t('statistics.expiring.activitiesTitle')}
                  fileName={`attivita_scadute_${d.oggi}`}
                  rows={activities}
                  rowKey={(r) => r.id}
                  emptyText={t('statistics.expiring.noActivities')}
                  onOpen={(r) => toContract(r.contratto.id)}
                  cardTitle="descrizione"
                  columns={[
                    {
                      key: 'descrizione',
                      label: 'statistics.cols.activity',
                      kind: 'text',
                      value: (r) => r.descrizione,
                    },
                    {
                      key: 'contratto',
                      label: 'statistics.cols.contract',
                      kind: 'text',
                      value: (r) => r.contratto.identificativo,
                    },
                    { key: 'cliente', label: 'statistics.cols.customer', kind: 'text', value: (r) => r.cliente.nome },
                    { key: 'data', label: 'statistics.expiring.due', kind: 'day', value: (r) => r.data },
                    {
                      key: 'giorniRitardo',
                      label: 'statistics.expiring.late',
                      kind: 'count',
                      value: (r) => r.giorniRitardo,
                    },
                  ]}
                />
              }
            />
          </Stack>
        )}
      </TabState>
    </Stack>
  );
}
