import { Anchor, Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconCurrencyEuro, IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailLoadError, NotFoundView, useDetailId, useDetailTitle } from '../../../app/components/NotFoundView';
import { PageLoader } from '../../../app/components/PageLoader';
import { ActivitiesTab } from './ActivitiesTab';
import { useContract } from './api';
import { ContractActions } from './ContractActions';
import { InfoTab } from './InfoTab';
import { PricesTab } from './PricesTab';
import { StatoBadge } from './StatoBadge';

const TABS = ['info', 'activities', 'prices'] as const;
type Tab = (typeof TABS)[number];

/** /contracts/:id: the contract, tabs Info, Attività (with the history) and Prezzi. */
export function ContractPage() {
  const { t } = useTranslation();
  const id = useDetailId();
  const contract = useContract(id ?? undefined);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'info';
  useDetailTitle(
    id,
    contract.error,
    contract.data ? t('contracts.detailTitle', { name: contract.data.identificativo }) : t('contracts.title'),
  );

  if (!id) return <NotFoundView />;
  if (contract.error) return <DetailLoadError error={contract.error} onRetry={() => void contract.refetch()} />;
  if (!contract.data) return <PageLoader />;
  const c = contract.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/contracts" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('contracts.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Group gap="xs" align="center">
            <Title order={1}>{c.identificativo}</Title>
            <StatoBadge stato={c.stato} />
            <Badge variant="outline" color="gray">
              {t(`contracts.tipi.${c.tipo}`)}
            </Badge>
          </Group>
          <Text c="dimmed">
            <Anchor component={Link} to={`/customers/${c.cliente_id}`} underline="always">
              {c.cliente}
            </Anchor>
            {c.descrizione ? ` · ${c.descrizione}` : ''}
          </Text>
        </div>
        <ContractActions contract={c} />
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          setParams(v && v !== 'info' ? { tab: v } : {}, { replace: true, preventScrollReset: true });
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
            {t('contracts.tabs.info')}
          </Tabs.Tab>
          <Tabs.Tab value="activities" leftSection={<IconCalendarEvent size={16} />}>
            {t('contracts.tabs.activities')}
            {c.date_scadute > 0 && (
              <Badge color="red" size="sm" ml={6} aria-label={t('contracts.overdueCount', { count: c.date_scadute })}>
                {c.date_scadute}
              </Badge>
            )}
          </Tabs.Tab>
          <Tabs.Tab value="prices" leftSection={<IconCurrencyEuro size={16} />}>
            {t('contracts.tabs.prices')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <InfoTab contract={c} />
        </Tabs.Panel>
        <Tabs.Panel value="activities" pt="md">
          {tab === 'activities' && <ActivitiesTab contract={c} />}
        </Tabs.Panel>
        <Tabs.Panel value="prices" pt="md">
          <PricesTab contract={c} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
