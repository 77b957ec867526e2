import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconKey, IconReceipt, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../app/components/ErrorView';
import { useSessionUser } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { ApiKeysPanel } from './ApiKeysPanel';
import { WebhooksPanel } from './webhooks/WebhooksPanel';
import { AccountingPanel } from './accounting/AccountingPanel';

/** The tabs; the first is the page's default. */
const TABS = ['api-keys', 'webhook', 'gestionale'] as const;
type Tab = (typeof TABS)[number];

/**
 * External integrations (spec operations: route /external-integrations, tabs API keys, webhooks and accounting
 * systems): administrators only. API keys (issue 28, decision 0048), webhooks (decision 0049) and the management tool
 * (issue 29, decision 0051); the tab lives in
 * the address (?tab=webhook), so a reload or a shared link opens it.
 */
export function ExternalIntegrationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('integrations.title'));
  const me = useSessionUser().data;
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'api-keys';
  if (me && me.role !== 'admin')
    return <ErrorView status={403} title={t('errors.forbiddenTitle')} message={t('integrations.adminOnly')} />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('integrations.title')}</Title>
        <Text c="dimmed">{t('integrations.subtitle')}</Text>
      </div>
      {me && (
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== TABS[0] ? { tab: v } : {}, { replace: true, preventScrollReset: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="api-keys" leftSection={<IconKey size={16} />}>
              {t('integrations.tabs.apiKeys')}
            </Tabs.Tab>
            <Tabs.Tab value="webhook" leftSection={<IconWebhook size={16} />}>
              {t('integrations.tabs.webhooks')}
            </Tabs.Tab>
            <Tabs.Tab value="gestionale" leftSection={<IconReceipt size={16} />}>
              {t('integrations.tabs.accounting')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="api-keys" pt="md">
            <ApiKeysPanel />
          </Tabs.Panel>
          <Tabs.Panel value="webhook" pt="md">
            <WebhooksPanel />
          </Tabs.Panel>
          <Tabs.Panel value="gestionale" pt="md">
            <AccountingPanel />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
