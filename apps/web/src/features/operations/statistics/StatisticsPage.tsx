import { Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { optionValue, STATS_EXPIRING_DEFAULT_DAYS, todayIn } from '@fs/contract';
import { usePageTitle } from '../../../app/use-page-title';
import { useCompanyZone, useOptions } from '../../company';
import type { StatsView } from './ChartPanel';
import { ContractsTab } from './ContractsTab';
import { CustomersTab } from './CustomersTab';
import { EXPIRING_CHOICES, ExpiringTab } from './ExpiringTab';
import { GeneralTab } from './GeneralTab';
import { InterventionsTab } from './InterventionsTab';
import { rangeProblem, readAddress, TABS, type Period, type Tab } from './logic';
import { RangeBar } from './RangeBar';
import { RangeAlert } from './TabState';
import { TechniciansTab } from './TechniciansTab';

/**
 * /statistics (issue 27, permission analisi_dati read): six tabs over a range of company days, each
 * chart with its list view and summary. Everything lives in the address (?tab, periodo or dal and
 * al, vista, giorni), so a view can be shared and Back goes to the previous one. A range over 12
 * months is refused here with the spec's message before any call (the server answers -2 all the same).
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('statistics.title'));
  const zone = useCompanyZone();
  const today = todayIn(zone);
  const options = useOptions();
  const currency = optionValue(options.data, 'valuta', 'value') ?? 'EUR';
  const [params, setParams] = useSearchParams();
  const address = readAddress(params, today);
  const view: StatsView = params.get('vista') === 'elenco' ? 'elenco' : 'grafico';
  const giorniText = Number(params.get('giorni'));
  const giorni = (EXPIRING_CHOICES as readonly number[]).includes(giorniText)
    ? giorniText
    : STATS_EXPIRING_DEFAULT_DAYS;
  const problem = rangeProblem(address.dal, address.al);
  const range = problem ? null : { dal: address.dal, al: address.al };
  const problemText =
    problem === 'tooWide'
      ? t('rapportini.alert_range_date_troppo_esteso')
      : problem === 'order'
        ? t('statistics.range.order')
        : problem === 'missing'
          ? t('statistics.range.missing')
          : undefined;

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const props = { range, view, currency };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('statistics.title')}</Title>
        <Text c="dimmed">{t('statistics.intro')}</Text>
      </div>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        {address.tab === 'expiring' ? (
          <Text size="sm" c="dimmed">
            {t('statistics.expiring.today')}
          </Text>
        ) : (
          <RangeBar
            periodo={address.periodo}
            dal={address.dal}
            al={address.al}
            onPeriod={(p: Period) => set({ periodo: p, dal: null, al: null })}
            onRange={(dal, al) => set({ periodo: null, dal: dal || null, al: al || null })}
            error={problem === 'order' ? problemText : undefined}
          />
        )}
        <SegmentedControl
          aria-label={t('statistics.view.label')}
          value={view}
          onChange={(v) => set({ vista: v === 'elenco' ? 'elenco' : null })}
          data={[
            { value: 'grafico', label: t('statistics.view.chart') },
            { value: 'elenco', label: t('statistics.view.list') },
          ]}
        />
      </Group>
      <Tabs
        value={address.tab}
        onChange={(v) => v && set({ tab: v === 'general' ? null : v })}
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`statistics.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab: Tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab !== 'expiring' && problem === 'tooWide' ? (
              <RangeAlert message={problemText!} />
            ) : tab !== 'expiring' && problem ? (
              <Text c="dimmed">{problemText}</Text>
            ) : tab === 'general' ? (
              <GeneralTab {...props} />
            ) : tab === 'expiring' ? (
              <ExpiringTab view={view} giorni={giorni} onGiorni={(n) => set({ giorni: String(n) })} />
            ) : tab === 'interventions' ? (
              <InterventionsTab {...props} />
            ) : tab === 'customers' ? (
              <CustomersTab {...props} />
            ) : tab === 'contracts' ? (
              <ContractsTab {...props} />
            ) : (
              <TechniciansTab {...props} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
