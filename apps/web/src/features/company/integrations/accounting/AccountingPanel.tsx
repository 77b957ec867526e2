import { Alert, Anchor, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountingTool } from './api';
import { FattureInCloudPanel } from './FattureInCloudPanel';
import { MexalPanel } from './MexalPanel';
import { OtherPanel } from './OtherPanel';

/**
 * The accounting tab of the external integrations (issue 29): the management tool chosen in the options, and its
 * connection. Fatture in Cloud connects here through OAuth, Passepartout Mexal with its WebAPI's address and user;
 * another system takes the completion webhook and the report's JSON or CSV; Danea EasyFatt takes the file downloaded
 * from the report list.
 */
export function AccountingPanel() {
  const { t } = useTranslation();
  const { loading, enabled, tool } = useAccountingTool();
  if (loading) return null;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Text>
            {t('accounting.tool', { tool: tool ? t(`accounting.tools.${tool}`, { defaultValue: tool }) : '—' })}
          </Text>
          {!enabled && <Alert color="yellow">{t('accounting.disabled')}</Alert>}
          <Text size="sm" c="dimmed">
            {t('accounting.where')}{' '}
            <Anchor component={Link} to="/options">
              {t('accounting.changeInOptions')}
            </Anchor>
          </Text>
        </Stack>
      </Card>
      {tool === 'fattureincloud' && <FattureInCloudPanel />}
      {tool === 'mexal' && <MexalPanel />}
      {tool === 'altro' && <OtherPanel />}
      {tool === 'danea' && <Text size="sm">{t('accounting.daneaText')}</Text>}
    </Stack>
  );
}
