import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/use-page-title';

type Section = 'privacy' | 'terms' | 'help';
const PARAGRAPHS = ['p1', 'p2', 'p3'] as const;

function InfoPage({ section }: { section: Section }) {
  const { t } = useTranslation();
  const title = t(`info.${section}.title`);
  usePageTitle(title);
  return (
    <Paper p="xl" radius="md" withBorder>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {PARAGRAPHS.map((p) => (
          <Text key={p}>{t(`info.${section}.${p}`)}</Text>
        ))}
        <Text size="sm" c="dimmed">
          {t('info.updated')}
        </Text>
      </Stack>
    </Paper>
  );
}

export const PrivacyPage = () => <InfoPage section="privacy" />;
export const TermsPage = () => <InfoPage section="terms" />;
export const HelpPage = () => <InfoPage section="help" />;
