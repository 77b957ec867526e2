import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopySecretButton } from './CopySecretButton';

/** The key, this once: the server keeps only its hash. */
export function ShownKeyModal({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('integrations.keys.shownTitle')} size="lg">
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle />}>
          {t('integrations.keys.shownOnce')}
        </Alert>
        <Group wrap="nowrap" gap="xs">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', fontSize: 14 }}
            data-testid="api-key-value"
            aria-label={t('integrations.keys.shownTitle')}
          >
            {apiKey}
          </Code>
          <CopySecretButton value={apiKey} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('integrations.keys.howToUse')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('integrations.keys.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
