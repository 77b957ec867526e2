import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../app/components/ErrorView';
import { useSessionUser } from '../../../app/session/api';
import { usePageTitle } from '../../../app/use-page-title';
import { ApiKeysPanel } from './ApiKeysPanel';

/**
 * External integrations (spec operations: route /external-integrations): administrators only. The API keys are
 * built (issue 28, decision 0048); webhooks and accounting systems come with their issues.
 */
export function ExternalIntegrationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('integrations.title'));
  const me = useSessionUser().data;
  if (me && me.role !== 'admin')
    return <ErrorView status={403} title={t('errors.forbiddenTitle')} message={t('integrations.adminOnly')} />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('integrations.title')}</Title>
        <Text c="dimmed">{t('integrations.subtitle')}</Text>
      </div>
      {me && <ApiKeysPanel />}
    </Stack>
  );
}
