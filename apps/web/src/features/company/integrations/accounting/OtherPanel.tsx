import { Anchor, Card, Code, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '@fs/contract';

/**
 * The "other" accounting system (spec: export tools Danea, Fatture in Cloud, Mexal, other; issue 29, decision 0052):
 * any system takes the completed reports through the report.completed webhook and reads each report as JSON or CSV
 * with an API key.
 */
export function OtherPanel() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t('integrations.other.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('integrations.other.subtitle')}
          </Text>
        </div>
        <List type="ordered" spacing="sm">
          <List.Item>
            <Text size="sm">
              {t('integrations.other.webhook')}{' '}
              <Anchor component={Link} to="/external-integrations?tab=webhook">
                {t('integrations.other.webhookLink')}
              </Anchor>
            </Text>
          </List.Item>
          <List.Item>
            <Stack gap={4}>
              <Text size="sm">{t('integrations.other.downloads')}</Text>
              <Code block>{`GET ${routes.reportExports.json.path}\nGET ${routes.reportExports.csv.path}`}</Code>
              <Text size="sm" c="dimmed">
                {t('integrations.other.downloadsHint')}
              </Text>
            </Stack>
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}
